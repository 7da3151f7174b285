// One node's sandbox service on fakes, for the per-verb unit tests: FakeRuntime and FakeEnvd
// sharing one journal, a temp data dir, a `base` template (and `app`, with start and ready
// commands; both also by template id), and a second service over the same runtime and data dir (a restart).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'
import type { SandboxSettings, SandboxTokens } from '../../src/node/sandboxes/settings.js'
import { createSandboxService, type SandboxService } from '../../src/node/sandboxes/service.js'
import { createSnapshotService } from '../../src/node/sandboxes/snapshots.js'
import type { CreateSandboxRequest } from '../../src/node/sandboxes/types.js'
import type { NodeMover } from '../../src/node/sandboxes/move.js'
import type { ResolvedTemplate } from '../../src/node/builds/template-model.js'
import { NotFoundError } from '../../src/shared/errors.js'
import { createLogger } from '../../src/shared/logging.js'
import { FakeEnvd } from './fake-envd.js'
import { FakeRuntime } from './fake-runtime.js'

export const IMAGE = 'sandock/base:unit'

export const TEMPLATES: Record<string, ResolvedTemplate> = {
  base: {
    templateId: 'base',
    alias: 'base',
    image: IMAGE,
    cpuCount: 2,
    memoryMB: 1024,
    config: {
      user: 'user',
      workdir: '/home/user',
      envs: {},
      startCmd: undefined,
      readyCmd: undefined,
      shell: '/bin/bash',
    },
  },
  app: {
    templateId: 'tapp',
    alias: 'app',
    image: IMAGE,
    cpuCount: 1,
    memoryMB: 512,
    config: {
      user: 'user',
      workdir: '/app',
      envs: { MODE: 'app' },
      startCmd: 'serve',
      readyCmd: 'ready-check',
      shell: '/bin/bash',
    },
  },
}

export type SandboxFixture = {
  service: SandboxService
  runtime: FakeRuntime
  envd: FakeEnvd
  settings: SandboxSettings
  /** A create of `base` (or what `req` says), with the defaults the API would fill in. */
  create(req?: Partial<CreateSandboxRequest>): ReturnType<SandboxService['create']>
  /** The same node after a restart: a new service over the same runtime, envd and data dir, recovered. */
  restart(settings?: Partial<SandboxSettings>, tokens?: SandboxTokens): Promise<SandboxFixture>
  /** Volume name → id, as the volume store would answer (tests add volumes here). */
  volumes: Map<string, string>
  /** One entry per container removal the service reported to the volume store. */
  released: number[]
}

export async function sandboxFixture(
  opts: {
    settings?: Partial<SandboxSettings>
    runtime?: FakeRuntime
    envd?: FakeEnvd
    dataDir?: string
    volumes?: Map<string, string>
    /** A store whose look-up is remote (a cluster's node): called with a create's names before idOf. */
    prepareVolumes?: (names: readonly string[]) => Promise<void>
    /** A cluster's registry for moving paused sandboxes between nodes (sandboxes/move.ts). */
    mover?: NodeMover
    /** The node's token derivation (default: `envd-<id>`, `traffic-<id>`); a restart keeps it. */
    tokens?: SandboxTokens
  } = {},
): Promise<SandboxFixture> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'sandock-sbx-')))
  const volumes = opts.volumes ?? new Map<string, string>()
  const released: number[] = []
  const runtime = opts.runtime ?? new FakeRuntime({ images: [IMAGE] })
  const envd = opts.envd ?? new FakeEnvd(runtime.journal)
  const settings: SandboxSettings = {
    dataDir,
    network: 'sandock',
    internalNetwork: 'sandock-internal',
    defaultTimeoutS: 300,
    maxTimeoutS: 3600,
    pidsLimit: 100,
    maxSandboxes: 20,
    metricsIntervalMs: 60_000,
    pausedRetentionMs: 60_000,
    readyTimeoutMs: 2000,
    containerRuntime: 'runc',
    gvisor: false,
    egressDnsServers: ['10.255.255.53'],
    pools: {},
    poolMemoryMB: 2048,
    poolIdleMs: 120_000,
    poolBoots: 2,
    ...opts.settings,
  }
  const service = createSandboxService({
    settings,
    runtime,
    envd,
    log: createLogger({ level: 'silent', name: 'unit' }),
    snapshots: createSnapshotService(runtime),
    mover: opts.mover,
    tokens: opts.tokens ?? { envd: (id) => `envd-${id}`, traffic: (id) => `traffic-${id}` },
    volumes: {
      idOf: (name) => volumes.get(name),
      released: () => void released.push(Date.now()),
      ...(opts.prepareVolumes && { prepare: opts.prepareVolumes }),
    },
    templates: async (ref) => {
      const t =
        TEMPLATES[ref] ??
        Object.values(TEMPLATES).find((x) => x.templateId === ref) ??
        (await createSnapshotService(runtime).resolve(ref))
      if (!t) throw new NotFoundError(`template '${ref}' not found`)
      return t
    },
  })
  await service.recover()
  onTestFinished(async () => {
    await service.close()
    if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true })
  })
  const fixture: SandboxFixture = {
    service,
    runtime,
    envd,
    settings,
    volumes,
    released,
    create: (req = {}) =>
      service.create({
        templateRef: 'base',
        timeoutS: undefined,
        metadata: {},
        envVars: {},
        secure: true,
        allowPublicTraffic: true,
        allowInternetAccess: true,
        onTimeout: 'kill',
        autoResume: false,
        egress: {},
        volumeMounts: [],
        ...req,
      }),
    async restart(more = {}, tokens = opts.tokens) {
      await service.close()
      return sandboxFixture({ settings: { ...settings, ...more }, runtime, envd, dataDir, volumes, tokens })
    },
  }
  return fixture
}
