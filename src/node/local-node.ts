// LocalNode: the node seam in process (one-host mode). It owns this host's sandbox service, warm
// pool, snapshots and template builder over one runtime; every call is a direct call, no hop. The
// service's verbs have the seam's signatures; the one translation left is a sandbox's record (its
// tokens, container and address) into the seam's plain SandboxInfo (infoOf).
import type { Logger } from 'pino'
import type { EgressPort } from './egress/port.js'
import type { EnvdClient } from './envd-client/client.js'
import type { Runtime } from './runtime/types.js'
import type { SandboxSettings, SandboxTokens } from './sandboxes/settings.js'
import { infoOf } from './sandboxes/registry.js'
import { createSandboxService } from './sandboxes/service.js'
import { createSnapshotService, type SnapshotService } from './sandboxes/snapshots.js'
import type { SandboxVolumes } from './sandboxes/volume-mounts.js'
import type { LayerCache } from './builds/build-plan.js'
import { runBuild } from './builds/builder.js'
import type { BuiltinTemplate } from './builds/builtins.js'
import { createTemplateResolver, type TemplateLookup } from './sandboxes/template-resolver.js'
import type { SandboxNode } from './sandbox-node.js'
import type { MovedSandbox, NodeMover } from './sandboxes/move.js'
import type { SandboxInfo } from './sandboxes/types.js'

export type LocalNodeDeps = Readonly<{
  runtime: Runtime
  envd: EnvdClient
  log: Logger
  tokens: SandboxTokens
  /** User volumes, for volumeMounts. */
  volumes: SandboxVolumes
  settings: SandboxSettings
  /** The template catalog's look-up (built and built-in templates); snapshots are this node's. */
  templates: (ref: string) => Promise<TemplateLookup>
  /** Resources of a template that names none. */
  defaults: { cpuCount: number; memoryMB: number }
  builds: Readonly<{ layers: LayerCache; filesDir: string; base: BuiltinTemplate; readyTimeoutMs: number }>
  /** Where snapshots are kept: this host's images by default; a cluster's node keeps them in the registry and PostgreSQL. */
  snapshots?: SnapshotService
  /** The egress gateway of this host (absent: IP rules only). */
  egress?: EgressPort | undefined
  /** Told of each sandbox a create made (the template catalog's spawn count); never throws. */
  spawned?: ((templateId: string) => void) | undefined
  /** A cluster's registry, through which paused sandboxes move between nodes (sandboxes/move.ts). */
  mover?: NodeMover | undefined
}>

/** Moving a paused sandbox between nodes (sandboxes/move.ts): the agent's verbs for a drain. */
export type NodeMoves = {
  moveOut(sandboxId: string): Promise<MovedSandbox>
  moveIn(moved: MovedSandbox): Promise<SandboxInfo>
  moveAbort(sandboxId: string): Promise<void>
  removeMoved(sandboxId: string): Promise<void>
}

export type LocalNode = SandboxNode &
  NodeMoves & {
    /** At boot: re-attaches to this server's sandboxes and starts sampling their metrics. */
    recover(): Promise<void>
    /** Starts filling the warm pools in the background (once the built-in images exist). */
    startPool(): void
    /** Stops timers and refills; sandboxes keep running and are re-attached by the next start. */
    /** `discardPool`: a clean shutdown, which removes the unclaimed warm-pool containers. */
    close(opts?: { discardPool?: boolean }): Promise<void>
  }

export function createLocalNode(deps: LocalNodeDeps): LocalNode {
  const { runtime, envd } = deps
  // Under gVisor /tmp is an anonymous volume (boot-host.ts): a snapshot carries its content.
  const snapshots = deps.snapshots ?? createSnapshotService(runtime, deps.settings.gvisor ? ['/tmp'] : [])
  const sandboxes = createSandboxService({
    runtime,
    envd,
    log: deps.log,
    tokens: deps.tokens,
    volumes: deps.volumes,
    settings: deps.settings,
    snapshots,
    mover: deps.mover,
    egress: deps.egress,
    templates: createTemplateResolver({ lookup: deps.templates, snapshot: snapshots.resolve, ...deps.defaults }),
  })
  const builderDeps = {
    runtime,
    envd,
    network: deps.settings.network,
    pidsLimit: deps.settings.pidsLimit,
    ...deps.builds,
  }

  return {
    async create(req) {
      const record = await sandboxes.create(req)
      deps.spawned?.(record.templateId)
      return infoOf(record)
    },
    get: async (sandboxId) => infoOf(sandboxes.get(sandboxId)),
    list: async () => sandboxes.list().map(infoOf),
    kill: (sandboxId) => sandboxes.kill(sandboxId),
    pause: (sandboxId, opts) => sandboxes.pause(sandboxId, opts),
    resume: async (sandboxId, timeoutS) => infoOf(await sandboxes.resume(sandboxId, timeoutS)),
    async connect(sandboxId, timeoutS, opts) {
      const { record, resumed } = await sandboxes.connect(sandboxId, timeoutS, opts)
      return { sandbox: infoOf(record), resumed }
    },
    setTimeout: sandboxes.setTimeout,
    refresh: sandboxes.refresh,
    updateNetwork: sandboxes.updateNetwork,
    metrics: async (sandboxId, range) => sandboxes.metrics(sandboxId, range),
    lastMetrics: async (sandboxIds) => sandboxes.lastMetrics(sandboxIds),
    logs: sandboxes.logs,
    snapshot: sandboxes.snapshot,
    listSnapshots: (filter) => snapshots.list(filter),
    removeSnapshot: (snapshotId) => snapshots.remove(snapshotId),
    fork: async (sandboxId, opts) =>
      (await sandboxes.fork(sandboxId, opts)).map((r) => ('record' in r ? { sandbox: infoOf(r.record) } : r)),
    poolStatus: async () => sandboxes.poolStatus(),
    usesTemplate: async (templateId) => sandboxes.usesTemplate(templateId),
    build: (job, out) => runBuild(builderDeps, job, out),
    removeImage: (image) => runtime.removeImage(image),
    removeBuildContainers: () => runtime.removeBuildContainers(),
    proxy: sandboxes.resolver,
    moveOut: sandboxes.moveOut,
    moveIn: async (moved) => infoOf(await sandboxes.moveIn(moved)),
    moveAbort: sandboxes.moveAbort,
    removeMoved: sandboxes.removeMoved,

    async recover() {
      await sandboxes.recover()
      sandboxes.startSampling()
      await sandboxes.startKeptLogs()
    },
    startPool: () => sandboxes.startPool(),
    close: (opts?: { discardPool?: boolean }) => sandboxes.close(opts),
  }
}
