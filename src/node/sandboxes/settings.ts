// A node's sandbox settings and the ports it is built over (runtime, envd, templates, tokens,
// volumes, egress): what service.ts is given. context.ts adds the parts built from them.
import type { Logger } from 'pino'
import type { EgressPort } from '../egress/port.js'
import type { EnvdClient } from '../envd-client/client.js'
import type { SandboxRuntime } from '../runtime/types.js'
import type { TemplateResolver } from '../builds/template-model.js'
import type { PoolBounds } from './pool-policy.js'
import type { SandboxTokenValues } from './state-file.js'
import type { SandboxSpec } from './types.js'
import type { SandboxVolumes } from './volume-mounts.js'

export type SandboxSettings = Readonly<{
  dataDir: string
  /** Docker network of sandboxes with internet access, and the internal one (allow_internet_access: false). */
  network: string
  internalNetwork: string
  defaultTimeoutS: number
  maxTimeoutS: number
  pidsLimit: number
  /** Open files per process (nofile ulimit); undefined = Docker's default. */
  nofileLimit?: number | undefined
  maxSandboxes: number
  metricsIntervalMs: number
  /** How long a sandbox stays paused with memory before it is stopped filesystem-only. */
  pausedRetentionMs: number
  /** How long a create waits for a template's ready command. */
  readyTimeoutMs: number
  /** Docker runtime of sandbox containers (`runc`, `runsc`). */
  containerRuntime: string
  /**
   * Sandboxes run under gVisor: each boot gets its own /proc/sys/kernel/random/boot_id (a bind
   * mount, which gVisor allows and runc does not), and /tmp goes on a volume so it survives a
   * reboot (gVisor would otherwise put an in-memory tmpfs there).
   */
  gvisor: boolean
  /**
   * gVisor with its own network stack (`runsc-netstack`): a memory pause writes the sandbox's
   * memory to disk (`docker checkpoint`) and frees it. Its packets never meet iptables in its
   * namespace, so its egress rules and flow cap are the host's (netstack-filter.ts) and its DNS
   * goes to the resolvers directly (Docker's embedded DNS is a NAT rule in the namespace).
   */
  netstack?: boolean
  /** Resolvers a sandbox with egress rules may still reach on port 53. */
  egressDnsServers: readonly string[]
  /** Warm pool bounds per template reference; absent or max 0 = every create of it cold-starts. */
  pools: Readonly<Record<string, PoolBounds>>
  /** Memory (MiB, as measured in each pool container) that pool growth above the floors may use in all. */
  poolMemoryMB: number
  /** How long a pool stays grown after the demand that grew it. */
  poolIdleMs: number
  /** How long refills wait after a create took a ready container (0: they start at once). */
  poolRefillDelayMs?: number
  /** Pool containers booting at once (creates' cold starts go first). */
  poolBoots: number
  /** Network slots (slot-pool.ts): spare ones kept ready (0: off), held by containers of `image`. */
  networkSlots?: Readonly<{ spare: number; image: string }>
  /** A killed sandbox's log: kept this long (0 or absent: not kept), its last keepBytes, all of them under totalBytes. */
  keptLogs?: Readonly<{ retentionMs: number; keepBytes: number; totalBytes: number }>
}>

/** Per-sandbox secrets, derived from the server's seed (so they survive restarts). */
export type SandboxTokens = Readonly<{
  envd(sandboxId: string): string
  traffic(sandboxId: string): string
  /**
   * How tokens were derived before this node's own seed (a cluster's shared seed): a restart uses
   * it for a sandbox whose state file keeps no tokens (written by an older version).
   */
  earlier?: Omit<SandboxTokens, 'earlier'>
}>

/**
 * A sandbox's envd and traffic tokens (none where its spec needs none): the ones it was issued when
 * they are known (a state file, a move), else derived.
 */
export function sandboxTokens(
  spec: Pick<SandboxSpec, 'sandboxId' | 'secure' | 'allowPublicTraffic'>,
  derive: Omit<SandboxTokens, 'earlier'>,
  issued?: SandboxTokenValues,
): { envdAccessToken: string | undefined; trafficAccessToken: string | undefined } {
  return {
    envdAccessToken: spec.secure ? (issued ? issued.envd : derive.envd(spec.sandboxId)) : undefined,
    trafficAccessToken: spec.allowPublicTraffic ? undefined : issued ? issued.traffic : derive.traffic(spec.sandboxId),
  }
}

export type SandboxServiceDeps = Readonly<{
  settings: SandboxSettings
  runtime: SandboxRuntime
  envd: EnvdClient
  templates: TemplateResolver
  tokens: SandboxTokens
  /** User volumes (volumeMounts by name); told when a container went, so deleted volumes' Docker volumes can go. */
  volumes: SandboxVolumes
  log: Logger
  /** The egress gateway (domains, transforms, proxy); absent: IP rules only. */
  egress?: EgressPort
}>
