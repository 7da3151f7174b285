// loadControlConfig(): every SANDOCK_* variable of `sandock serve`, validated once and frozen.
import { isIPv4 } from 'node:net'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { envReader, type EnvReader } from '../shared/config.js'
import { isIPv4OrCidr } from './egress/policy.js'
import type { LogLevel } from '../shared/logging.js'

export type ControlConfig = Readonly<{
  apiPort: number
  proxyPort: number
  host: string
  /** Public sandbox domain ('' = none): returned in Sandbox.domain and used for host routing. */
  domain: string
  dataDir: string
  /** Volume data (one directory per volume); must be the same path for the server and the Docker engine. */
  volumesDir: string
  dockerSocket: string
  logLevel: LogLevel
  /** Accepted X-API-Key values; empty → a key is generated into the data dir. */
  apiKeys: readonly string[]
  network: string
  internalNetwork: string
  baseImage: string
  /** 'auto': a start builds the missing built-in template images in the background; 'off': only `sandock templates build-builtin` does. */
  buildBuiltins: 'auto' | 'off'
  defaultTimeoutS: number
  maxTimeoutS: number
  defaultCpuCount: number
  defaultMemoryMB: number
  pidsLimit: number
  /** Writable-layer cap per sandbox in MB (0 = none); only where the storage driver supports it. */
  diskLimitMB: number
  /** Host firewall chain dropping sandbox → host traffic: 'auto' = when root with iptables, 'on' = required, 'off'. */
  firewall: 'auto' | 'on' | 'off'
  maxSandboxes: number
  /**
   * Warm pool bounds per template reference as configured (`base` from SANDOCK_POOL_SIZE, others
   * from SANDOCK_POOL_SIZES); a template not named here gets its built-in default or no pool.
   */
  pools: Readonly<Record<string, PoolSetting>>
  /** The ceiling of a pool configured with a single number `n` (or a built-in default): max(n, poolMax). */
  poolMax: number
  /** Memory (MiB, as measured in each pool container) that demand-driven pool growth may use in all. */
  poolMemoryMB: number
  /** Seconds the pool remembers a burst of creates: after this long without demand it shrinks to its floor. */
  poolIdleS: number
  /** Pool containers booting at once (cold starts of creates go first). */
  poolBoots: number
  /** Milliseconds refills wait after a create took a ready container, so a burst's first commands get the CPU. */
  poolRefillDelayMs: number
  metricsIntervalMs: number
  /** Seconds a sandbox stays paused with memory before it is stopped filesystem-only. */
  pausedRetentionS: number
  /** Template builds running at once; more wait their turn. */
  maxConcurrentBuilds: number
  /** Seconds a create waits for a template's ready command (a build's check waits 10 min). */
  readyTimeoutS: number
  /** Domain mode: one listener for api.<domain> and <port>-<id>.<domain>. */
  tlsPort: number
  /** 'auto' = the configured cert/key, else a generated local CA; 'off' = plain HTTP (TLS ends in front). */
  tls: 'auto' | 'off'
  tlsCertFile: string | undefined
  tlsKeyFile: string | undefined
  /** Docker runtime of sandbox containers: `runc` (Docker's default) or e.g. `runsc` (gVisor). */
  containerRuntime: string
  /**
   * Resolvers a sandbox with egress rules may still query on port 53 (Docker's embedded DNS
   * forwards from inside its namespace); undefined = the host's /etc/resolv.conf (read at start).
   */
  egressDnsServers: readonly string[] | undefined
  /** DNS servers (`ip[:port]`) the egress gateway resolves names with; empty = the host's resolver (getaddrinfo). */
  egressResolver: readonly string[]
  /** A PEM file of extra roots the gateway trusts when it verifies an intercepted host's real certificate. */
  egressCaFile: string | undefined
  /** The egress gateway's port on the sandbox bridge (0 = any free port). */
  egressGatewayPort: number
  /**
   * IPv4 CIDRs in the always-denied internal ranges that sandboxes may reach anyway (upstream's
   * ALLOW_SANDBOX_INTERNAL_CIDRS, e.g. a package mirror on the LAN); the host's own addresses stay closed.
   */
  allowInternalCidrs: readonly string[]
}>

export function loadControlConfig(env: NodeJS.ProcessEnv = process.env): ControlConfig {
  const r = envReader(env)
  const config = {
    apiPort: r.int('SANDOCK_API_PORT', 3000, { min: 0, max: 65535 }),
    proxyPort: r.int('SANDOCK_PROXY_PORT', 3002, { min: 0, max: 65535 }),
    host: r.str('SANDOCK_HOST', '0.0.0.0'),
    domain: r.str('SANDOCK_DOMAIN', ''),
    dataDir: r.str('SANDOCK_DATA_DIR', '.sandock-data'),
    volumesDir: r.str('SANDOCK_VOLUMES_DIR', ''),
    dockerSocket: r.str('SANDOCK_DOCKER_SOCKET', '/var/run/docker.sock'),
    logLevel: r.oneOf<LogLevel>('SANDOCK_LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'], 'info'),
    apiKeys: r.list('SANDOCK_API_KEYS'),
    network: r.str('SANDOCK_NETWORK', 'sandock'),
    internalNetwork: r.str('SANDOCK_INTERNAL_NETWORK', 'sandock-internal'),
    baseImage: r.str('SANDOCK_BASE_TEMPLATE_IMAGE', 'sandock/base:latest'),
    buildBuiltins: r.oneOf<'auto' | 'off'>('SANDOCK_BUILD_BUILTINS', ['auto', 'off'], 'auto'),
    defaultTimeoutS: r.int('SANDOCK_DEFAULT_TIMEOUT', 300, { min: 1 }),
    maxTimeoutS: r.int('SANDOCK_MAX_TIMEOUT', 24 * 3600, { min: 1 }),
    defaultCpuCount: r.int('SANDOCK_DEFAULT_CPU_COUNT', 2, { min: 1, max: 256 }),
    defaultMemoryMB: r.int('SANDOCK_DEFAULT_MEMORY_MB', 1024, { min: 64 }),
    pidsLimit: r.int('SANDOCK_PIDS_LIMIT', 1024, { min: 16 }),
    diskLimitMB: r.int('SANDOCK_DISK_LIMIT_MB', 10240, { min: 0 }),
    firewall: r.oneOf<'auto' | 'on' | 'off'>('SANDOCK_FIREWALL', ['auto', 'on', 'off'], 'auto'),
    maxSandboxes: r.int('SANDOCK_MAX_SANDBOXES', 100, { min: 1 }),
    pools: poolBounds(r),
    poolMax: r.int('SANDOCK_POOL_MAX', 8, { min: 0, max: 64 }),
    poolMemoryMB: r.int('SANDOCK_POOL_MEMORY_MB', 2048, { min: 0 }),
    poolIdleS: r.int('SANDOCK_POOL_IDLE', 120, { min: 1 }),
    poolBoots: r.int('SANDOCK_POOL_BOOTS', Math.max(1, availableParallelism()), { min: 1, max: 64 }),
    poolRefillDelayMs: r.int('SANDOCK_POOL_REFILL_DELAY_MS', 0, { min: 0, max: 60_000 }),
    metricsIntervalMs: r.int('SANDOCK_METRICS_INTERVAL_MS', 5000, { min: 100 }),
    pausedRetentionS: r.int('SANDOCK_PAUSED_RETENTION', 24 * 3600, { min: 1 }),
    maxConcurrentBuilds: r.int('SANDOCK_MAX_CONCURRENT_BUILDS', 2, { min: 1, max: 64 }),
    readyTimeoutS: r.int('SANDOCK_READY_TIMEOUT', 120, { min: 1 }),
    tlsPort: r.int('SANDOCK_TLS_PORT', 443, { min: 0, max: 65535 }),
    tls: r.oneOf<'auto' | 'off'>('SANDOCK_TLS', ['auto', 'off'], 'auto'),
    tlsCertFile: r.optStr('SANDOCK_TLS_CERT'),
    tlsKeyFile: r.optStr('SANDOCK_TLS_KEY'),
    containerRuntime: r.str('SANDOCK_RUNTIME', 'runc'),
    egressDnsServers: egressDns(r.optStr('SANDOCK_EGRESS_DNS')),
    egressResolver: (r.optStr('SANDOCK_EGRESS_RESOLVER') ?? 'system') === 'system' ? [] : r.list('SANDOCK_EGRESS_RESOLVER'),
    egressCaFile: r.optStr('SANDOCK_EGRESS_CA_CERTS'),
    egressGatewayPort: r.int('SANDOCK_EGRESS_GATEWAY_PORT', 0, { min: 0, max: 65535 }),
    allowInternalCidrs: r.list('SANDOCK_ALLOW_INTERNAL_CIDRS'),
  }
  for (const c of config.allowInternalCidrs) if (!isIPv4OrCidr(c)) r.problem(`SANDOCK_ALLOW_INTERNAL_CIDRS must be IPv4 addresses or CIDRs, got "${c}"`)
  for (const s of config.egressResolver) {
    const [ip, port, extra] = s.split(':')
    if (!ip || !isIPv4(ip) || extra !== undefined || (port !== undefined && !/^\d{1,5}$/.test(port))) r.problem(`SANDOCK_EGRESS_RESOLVER must be "system" or IPv4 DNS servers as ip[:port], got "${s}"`)
  }
  if (!/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/.test(config.containerRuntime)) r.problem(`SANDOCK_RUNTIME must be a Docker runtime name, got "${config.containerRuntime}"`)
  for (const ip of config.egressDnsServers ?? []) if (!isIPv4(ip)) r.problem(`SANDOCK_EGRESS_DNS must be "auto", "none" or IPv4 addresses, got "${ip}"`)
  if (Boolean(config.tlsCertFile) !== Boolean(config.tlsKeyFile)) r.problem('SANDOCK_TLS_CERT and SANDOCK_TLS_KEY go together')
  if (config.defaultTimeoutS > config.maxTimeoutS) r.problem('SANDOCK_DEFAULT_TIMEOUT must not exceed SANDOCK_MAX_TIMEOUT')
  if (config.domain && !/^[a-z0-9.-]+$/i.test(config.domain)) r.problem(`SANDOCK_DOMAIN must be a DNS name, got "${config.domain}"`)
  r.assertValid()
  return Object.freeze({ ...config, volumesDir: config.volumesDir || join(config.dataDir, 'volumes') })
}

function egressDns(v: string | undefined): string[] | undefined {
  if (v === undefined || v === 'auto') return undefined
  if (v === 'none') return []
  return v.split(',').map((s) => s.trim()).filter(Boolean)
}

/** A warm pool's size as configured: `n` (max undefined: the ceiling follows SANDOCK_POOL_MAX) or `min..max`. */
export type PoolSetting = Readonly<{ min: number; max: number | undefined }>

const POOL_ITEM = /^(\d+)(?:\.\.(\d+))?$/

/** `n` (a floor; the ceiling follows SANDOCK_POOL_MAX) or `min..max`; undefined when malformed. */
function parsePoolSetting(text: string): PoolSetting | undefined {
  const m = POOL_ITEM.exec(text.trim())
  if (!m) return undefined
  const min = Number(m[1])
  const max = m[2] === undefined ? undefined : Number(m[2])
  if (min > 64 || (max !== undefined && (max > 64 || max < min))) return undefined
  return { min, max }
}

/** SANDOCK_POOL_SIZE (the `base` template) and SANDOCK_POOL_SIZES=`tpl=n,tpl2=min..max`; only what is set. */
function poolBounds(r: EnvReader): Record<string, PoolSetting> {
  const out: Record<string, PoolSetting> = {}
  const base = r.optStr('SANDOCK_POOL_SIZE')
  if (base !== undefined) {
    const setting = parsePoolSetting(base)
    if (setting) out.base = setting
    else r.problem(`SANDOCK_POOL_SIZE must be <0..64> or <min>..<max> (at most 64), got "${base}"`)
  }
  for (const item of r.list('SANDOCK_POOL_SIZES')) {
    const m = /^([^=\s]+)=(.+)$/.exec(item)
    const setting = m ? parsePoolSetting(m[2]!) : undefined
    if (!m || !setting) r.problem(`SANDOCK_POOL_SIZES items must be <template>=<0..64> or <template>=<min>..<max>, got "${item}"`)
    else out[m[1]!] = setting
  }
  return out
}
