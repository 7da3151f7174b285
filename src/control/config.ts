// loadControlConfig(): every SANDOCK_* variable of `sandock serve` (config-schema.ts), validated
// once, with the checks that span settings, and frozen.
import { isIPv4 } from 'node:net'
import { join } from 'node:path'
import { envReader, type EnvReader } from '../shared/config.js'
import { isIPv4OrCidr } from '../node/egress/policy.js'
import type { ProxyLimits } from '../node/proxy/proxy-limits.js'
import { readSettings, type ControlSettingValues } from './config-schema.js'

/**
 * `sandock serve`'s settings as the code uses them: the schema's values (config-schema.ts), with
 * the warm pools' two variables parsed into bounds per template and the egress DNS lists parsed.
 */
type ProxyLimitKeys =
  | 'proxyHeadersTimeoutMs'
  | 'proxyBodyTimeoutMs'
  | 'proxyBodyMinBytes'
  | 'proxyMaxConnectionsPerClient'
  | 'proxyMaxConnectionsPerSandbox'

export type ControlConfig = Readonly<
  Omit<ControlSettingValues, 'poolSize' | 'poolSizes' | 'egressDns' | 'egressResolver' | ProxyLimitKeys> & {
    /** The proxy's and listeners' timeouts and connection caps (node/proxy/proxy-limits.ts). */
    proxyLimits: ProxyLimits
    /**
     * Warm pool bounds per template reference as configured (`base` from SANDOCK_POOL_SIZE, others
     * from SANDOCK_POOL_SIZES); a template not named here gets its built-in default or no pool.
     */
    pools: Readonly<Record<string, PoolSetting>>
    /** Resolvers a sandbox with egress rules may still query on port 53; undefined = the host's (read at start). */
    egressDnsServers: readonly string[] | undefined
    /** DNS servers (`ip[:port]`) the egress gateway resolves names with; empty = the host's resolver (getaddrinfo). */
    egressResolver: readonly string[]
  }
>

export function loadControlConfig(env: NodeJS.ProcessEnv = process.env): ControlConfig {
  const r = envReader(env)
  let pools: Record<string, PoolSetting> = {}
  const {
    poolSize: _poolSize,
    poolSizes: _poolSizes,
    egressDns: dns,
    egressResolver: resolver,
    proxyHeadersTimeoutMs,
    proxyBodyTimeoutMs,
    proxyBodyMinBytes,
    proxyMaxConnectionsPerClient,
    proxyMaxConnectionsPerSandbox,
    ...settings
  } = readSettings(r, {
    poolSizes: (v) => (pools = poolBounds(r, v.poolSize, v.poolSizes ?? [])),
  })
  const config = {
    ...settings,
    pools,
    proxyLimits: Object.freeze({
      headersTimeoutMs: proxyHeadersTimeoutMs,
      bodyTimeoutMs: proxyBodyTimeoutMs,
      bodyMinBytes: proxyBodyMinBytes,
      perClientConnections: proxyMaxConnectionsPerClient,
      perSandboxConnections: proxyMaxConnectionsPerSandbox,
    }),
    egressDnsServers: egressDns(dns),
    egressResolver:
      resolver === 'system'
        ? []
        : resolver
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
  }
  for (const s of config.egressResolver) {
    const [ip, port, extra] = s.split(':')
    if (!ip || !isIPv4(ip) || extra !== undefined || (port !== undefined && !/^\d{1,5}$/.test(port)))
      r.problem(`SANDOCK_EGRESS_RESOLVER must be "system" or IPv4 DNS servers as ip[:port], got "${s}"`)
  }
  if (!/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/.test(config.containerRuntime))
    r.problem(`SANDOCK_RUNTIME must be a Docker runtime name, got "${config.containerRuntime}"`)
  for (const ip of config.egressDnsServers ?? [])
    if (!isIPv4(ip)) r.problem(`SANDOCK_EGRESS_DNS must be "auto", "none" or IPv4 addresses, got "${ip}"`)
  for (const c of config.allowInternalCidrs)
    if (!isIPv4OrCidr(c)) r.problem(`SANDOCK_ALLOW_INTERNAL_CIDRS must be IPv4 addresses or CIDRs, got "${c}"`)
  if (Boolean(config.tlsCertFile) !== Boolean(config.tlsKeyFile))
    r.problem('SANDOCK_TLS_CERT and SANDOCK_TLS_KEY go together')
  if (config.defaultTimeoutS > config.maxTimeoutS)
    r.problem('SANDOCK_DEFAULT_TIMEOUT must not exceed SANDOCK_MAX_TIMEOUT')
  if (config.domain && !/^[a-z0-9.-]+$/i.test(config.domain))
    r.problem(`SANDOCK_DOMAIN must be a DNS name, got "${config.domain}"`)
  r.assertValid()
  return Object.freeze({ ...config, volumesDir: config.volumesDir || join(config.dataDir, 'volumes') })
}

function egressDns(v: string | undefined): string[] | undefined {
  if (v === undefined || v === 'auto') return undefined
  if (v === 'none') return []
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
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
function poolBounds(r: EnvReader, base: string | undefined, items: readonly string[]): Record<string, PoolSetting> {
  const out: Record<string, PoolSetting> = {}
  if (base !== undefined) {
    const setting = parsePoolSetting(base)
    if (setting) out.base = setting
    else r.problem(`SANDOCK_POOL_SIZE must be <0..64> or <min>..<max> (at most 64), got "${base}"`)
  }
  for (const item of items) {
    const m = /^([^=\s]+)=(.+)$/.exec(item)
    const setting = m ? parsePoolSetting(m[2]!) : undefined
    if (!m || !setting)
      r.problem(`SANDOCK_POOL_SIZES items must be <template>=<0..64> or <template>=<min>..<max>, got "${item}"`)
    else out[m[1]!] = setting
  }
  return out
}
