// The control plane's parts wired together, without Docker's setup, listeners or signals: the
// template catalog, this host's node (LocalNode) over the given runtime and envd client, and the
// template service. main.ts hands it Docker and real envd; the fast tests hand it fakes, so both
// run the same wiring.
import type { Logger } from 'pino'
import type { ControlConfig } from './config.js'
import type { EgressPort } from '../node/egress/port.js'
import type { EnvdClient } from '../node/envd-client/client.js'
import type { NodeMover } from '../node/sandboxes/move.js'
import { createLocalNode, type LocalNode } from '../node/local-node.js'
import type { SandboxSettings } from '../node/sandboxes/settings.js'
import { poolBoundsFor, type PoolBounds } from '../node/sandboxes/pool-policy.js'
import type { Runtime } from '../node/runtime/types.js'
import type { ServerKeys } from './server-keys.js'
import { createBuiltinImages, type BuiltinImages } from '../node/builds/builtin-images.js'
import { baseTemplate, builtinTemplates, type BuiltinTemplate } from '../node/builds/builtins.js'
import { createTemplateLookup, refreshingLookup } from './templates/resolve.js'
import { createTemplateService, templateFilesDir, type TemplateService } from './templates/service.js'
import { SqliteTemplateStore } from './templates/sqlite-template-store.js'
import { SECRET_STORE_KEY_PURPOSE, SecretStore } from './secret-store/secret-store.js'
import { isGvisor, NETSTACK_RUNTIME } from '../node/runtime/checkpoints.js'
import { createVolumeStore, type VolumeStore } from './volumes/volume-store.js'
import { createVolumeTokens, VOLUME_TOKENS_KEY_PURPOSE, type VolumeTokens } from './volumes/volume-tokens.js'
import { spawnCounter } from './templates/spawn-counter.js'

/** A build's final check waits this long for the template's ready command. */
const BUILD_CHECK_TIMEOUT_MS = 10 * 60 * 1000
/** The largest resources a template build may ask for. */
const TEMPLATE_LIMITS = { maxCpu: 32, maxMemoryMB: 65536 }

export type ControlCore = {
  node: LocalNode
  templates: TemplateService
  builtins: readonly BuiltinTemplate[]
  /** The built-ins' images: ensureBase() before serving, ensureDerived() after (main.ts). */
  builtinImages: BuiltinImages
  /** The users' secrets (POST /secrets); resolveSecret() is what the egress gateway reads. */
  secrets: SecretStore
  /** User volumes and their content; recover() before the node's (sandboxes mount them). */
  volumes: VolumeStore
  volumeTokens: VolumeTokens
}

export function createControlCore(deps: {
  config: ControlConfig
  runtime: Runtime
  envd: EnvdClient
  log: Logger
  keys: Pick<ServerKeys, 'envdToken' | 'trafficToken' | 'uploadSecret' | 'deriveKey'>
  /** Resolvers a sandbox with egress rules may reach (the config's, else the host's). */
  egressDnsServers: readonly string[]
  /** The folder with base.Dockerfile (found beside the bundle when not given). */
  imageContext?: string
  /** The egress gateway (absent: IP rules only). */
  egress?: EgressPort
  /** A registry paused sandboxes move through (a cluster node's; none on one host, where tests give one). */
  mover?: NodeMover
}): ControlCore {
  const { config, runtime, log, keys } = deps
  // The template catalog answers look-ups on its own; the node (sandboxes, builds) uses them, and
  // the template service uses the node: built in that order, nothing is declared before it exists.
  const store = new SqliteTemplateStore(config.dataDir)
  const volumes = createVolumeStore({ runtime, volumesDir: config.volumesDir, log })
  const builtins = builtinTemplates({ baseImage: config.baseImage })
  const builtinImages = createBuiltinImages({ runtime, builtins, log, imageContext: deps.imageContext })
  const lookup = refreshingLookup(createTemplateLookup(store, builtins, builtinImages), builtinImages.refresh)
  const node = createLocalNode({
    egress: deps.egress,
    runtime,
    envd: deps.envd,
    log,
    tokens: { envd: keys.envdToken, traffic: keys.trafficToken },
    volumes: { idOf: (name) => volumes.byName(name)?.volumeId, released: () => volumes.released() },
    templates: lookup,
    defaults: { cpuCount: config.defaultCpuCount, memoryMB: config.defaultMemoryMB },
    builds: {
      layers: store.layers,
      filesDir: templateFilesDir(config.dataDir),
      base: baseTemplate(builtins),
      readyTimeoutMs: BUILD_CHECK_TIMEOUT_MS,
    },
    settings: localNodeSettings(config, deps.egressDnsServers, builtins),
    spawned: spawnCounter(store, log),
    mover: deps.mover,
  })
  const templates = createTemplateService({
    store,
    builtins,
    lookup,
    node,
    log,
    dataDir: config.dataDir,
    uploadSecret: keys.uploadSecret,
    maxConcurrentBuilds: config.maxConcurrentBuilds,
    buildLogMaxLines: config.buildLogMaxLines,
    limits: TEMPLATE_LIMITS,
    builtinResources: { cpuCount: config.defaultCpuCount, memoryMB: config.defaultMemoryMB },
  })
  const secretStore = new SecretStore({ dataDir: config.dataDir, key: keys.deriveKey(SECRET_STORE_KEY_PURPOSE) })
  const volumeTokens = createVolumeTokens(keys.deriveKey(VOLUME_TOKENS_KEY_PURPOSE))
  return { node, templates, builtins, builtinImages, secrets: secretStore, volumes, volumeTokens }
}

/** Warm pool bounds per template reference: the built-ins' defaults, then what the config names (max 0: no pool). */
function poolsOf(config: ControlConfig, builtins: readonly BuiltinTemplate[]): Record<string, PoolBounds> {
  const out: Record<string, PoolBounds> = {}
  for (const b of builtins) {
    const bounds = poolBoundsFor(config.pools[b.name], b.poolSize, config.poolMax)
    // A built-in without a pool (desktop) is not listed unless configured.
    if (bounds.max > 0 || config.pools[b.name]) out[b.name] = bounds
  }
  for (const [ref, setting] of Object.entries(config.pools))
    out[ref] ??= poolBoundsFor(setting, undefined, config.poolMax)
  return out
}

/** A node's sandbox settings from the server's config (the same for `serve` and a cluster's node agent). */
export function localNodeSettings(
  config: ControlConfig,
  egressDnsServers: readonly string[],
  builtins: readonly BuiltinTemplate[],
): SandboxSettings {
  return {
    dataDir: config.dataDir,
    network: config.network,
    internalNetwork: config.internalNetwork,
    defaultTimeoutS: config.defaultTimeoutS,
    maxTimeoutS: config.maxTimeoutS,
    pidsLimit: config.pidsLimit,
    nofileLimit: config.nofileLimit,
    maxSandboxes: config.maxSandboxes,
    metricsIntervalMs: config.metricsIntervalMs,
    pausedRetentionMs: config.pausedRetentionS * 1000,
    readyTimeoutMs: config.readyTimeoutS * 1000,
    containerRuntime: config.containerRuntime,
    // runc refuses any mount inside /proc, so only gVisor sandboxes get their own boot id.
    gvisor: isGvisor(config.containerRuntime),
    netstack: config.containerRuntime === NETSTACK_RUNTIME,
    egressDnsServers,
    pools: poolsOf(config, builtins),
    poolMemoryMB: config.poolMemoryMB,
    poolIdleMs: config.poolIdleS * 1000,
    poolRefillDelayMs: config.poolRefillDelayMs,
    poolBoots: config.poolBoots,
    networkSlots: { spare: config.networkSlots, image: config.baseImage },
    keptLogs: {
      retentionMs: config.logRetentionS * 1000,
      keepBytes: config.logKeepKB * 1024,
      totalBytes: config.logKeptTotalMB * 1048576,
    },
  }
}
