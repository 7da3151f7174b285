// Every SANDOCK_* setting of `sandock serve` (and of `sandock control` / `sandock node`, which add
// their own in cluster/config.ts), assembled into one schema from its topics (settings/*.ts), where
// each is described once: the key, its variable, its type and range, its default and what it does.
// The loader (config.ts) reads the environment by this schema, the ControlConfig type is derived
// from it, and docs/configuration.md's table is rendered from it (a unit test fails when the page
// and the schema differ: `npm run docs:config` rewrites it).
import { Type, type Static, type TSchema } from 'typebox'
import type { EnvReader } from '../shared/config.js'
import { serverSettings } from './settings/server.js'
import { connectionLimitSettings } from './settings/connection-limits.js'
import { sandboxSettings } from './settings/sandboxes.js'
import { networkSettings } from './settings/network.js'
import { storageSettings } from './settings/storage.js'
import { templateSettings } from './settings/templates.js'
import { poolSettings } from './settings/pool.js'

/** What each setting carries beside its type: its variable, and how the docs show its default. */
type Meta = {
  env: string
  description: string
  docDefault?: string
  default?: unknown
  minimum?: number
  maximum?: number
}

/** Every setting, whatever its topic (settings/*.ts). */
const topics = {
  ...serverSettings,
  ...connectionLimitSettings,
  ...sandboxSettings,
  ...networkSettings,
  ...storageSettings,
  ...templateSettings,
  ...poolSettings,
}

/**
 * The schema: every setting in the order of docs/configuration.md's table and of the loader's
 * problems (the topics' files group them otherwise). Naming each one is checked: a setting of a
 * topic left out of this list does not compile.
 */
export const ControlSettings = Type.Object({
  apiKeys: topics.apiKeys,
  apiPort: topics.apiPort,
  proxyPort: topics.proxyPort,
  host: topics.host,
  domain: topics.domain,
  tlsPort: topics.tlsPort,
  tls: topics.tls,
  tlsCertFile: topics.tlsCertFile,
  tlsKeyFile: topics.tlsKeyFile,
  dataDir: topics.dataDir,
  volumesDir: topics.volumesDir,
  dockerSocket: topics.dockerSocket,
  network: topics.network,
  internalNetwork: topics.internalNetwork,
  baseImage: topics.baseImage,
  buildBuiltins: topics.buildBuiltins,
  defaultTimeoutS: topics.defaultTimeoutS,
  maxTimeoutS: topics.maxTimeoutS,
  defaultCpuCount: topics.defaultCpuCount,
  defaultMemoryMB: topics.defaultMemoryMB,
  pidsLimit: topics.pidsLimit,
  nofileLimit: topics.nofileLimit,
  sandboxMaxFlows: topics.sandboxMaxFlows,
  networkSlots: topics.networkSlots,
  inotifyLimits: topics.inotifyLimits,
  proxyHeadersTimeoutMs: topics.proxyHeadersTimeoutMs,
  proxyBodyTimeoutMs: topics.proxyBodyTimeoutMs,
  proxyBodyMinBytes: topics.proxyBodyMinBytes,
  proxyMaxConnectionsPerClient: topics.proxyMaxConnectionsPerClient,
  proxyMaxConnectionsPerSandbox: topics.proxyMaxConnectionsPerSandbox,
  diskLimitMB: topics.diskLimitMB,
  firewall: topics.firewall,
  allowInternalCidrs: topics.allowInternalCidrs,
  maxSandboxes: topics.maxSandboxes,
  poolSize: topics.poolSize,
  poolSizes: topics.poolSizes,
  poolMax: topics.poolMax,
  poolMemoryMB: topics.poolMemoryMB,
  poolIdleS: topics.poolIdleS,
  poolBoots: topics.poolBoots,
  poolRefillDelayMs: topics.poolRefillDelayMs,
  metricsIntervalMs: topics.metricsIntervalMs,
  pausedRetentionS: topics.pausedRetentionS,
  maxConcurrentBuilds: topics.maxConcurrentBuilds,
  readyTimeoutS: topics.readyTimeoutS,
  logLevel: topics.logLevel,
  containerRuntime: topics.containerRuntime,
  egressDns: topics.egressDns,
  egressResolver: topics.egressResolver,
  egressCaFile: topics.egressCaFile,
  egressGatewayPort: topics.egressGatewayPort,
  logMaxSizeMB: topics.logMaxSizeMB,
  logMaxFiles: topics.logMaxFiles,
  logRetentionS: topics.logRetentionS,
  logKeepKB: topics.logKeepKB,
  logKeptTotalMB: topics.logKeptTotalMB,
  buildLogMaxLines: topics.buildLogMaxLines,
} satisfies Record<keyof typeof topics, TSchema>)

export type ControlSettingValues = Static<typeof ControlSettings>

const metaOf = (s: TSchema) => s as unknown as Meta & { type?: string; anyOf?: { const: string }[] }

/**
 * Reads every setting from the environment, in the schema's order; problems are collected in `r`.
 * `after[key]` runs once that key is read (a setting parsed further reports its problems in order).
 */
export function readSettings(
  r: EnvReader,
  after: { [K in keyof ControlSettingValues]?: (values: Partial<ControlSettingValues>) => void } = {},
): ControlSettingValues {
  const out: Record<string, unknown> = {}
  for (const [key, schema] of Object.entries(ControlSettings.properties)) {
    const s = metaOf(schema)
    if (s.type === 'integer') out[key] = r.int(s.env, s.default as number, { min: s.minimum, max: s.maximum })
    else if (s.anyOf)
      out[key] = r.oneOf(
        s.env,
        s.anyOf.map((l) => l.const),
        s.default as string,
      )
    else if (s.type === 'array') out[key] = r.list(s.env)
    else if (s.default === undefined) out[key] = r.optStr(s.env)
    else out[key] = r.str(s.env, s.default as string)
    after[key as keyof ControlSettingValues]?.(out)
  }
  return out as ControlSettingValues
}

/** docs/configuration.md's settings table: one row per variable, in the schema's order. */
export function renderSettingsTable(): string {
  const rows = Object.values(ControlSettings.properties).map((schema) => {
    const s = metaOf(schema)
    const shown = s.docDefault ?? (s.default === undefined || s.default === '' ? 'unset' : `\`${String(s.default)}\``)
    return `| \`${s.env}\` | ${shown} | ${s.description} |`
  })
  return ['| name | default | meaning |', '| --- | --- | --- |', ...rows].join('\n') + '\n'
}
