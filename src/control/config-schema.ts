// Every SANDOCK_* setting of `sandock serve` (and of `sandock control` / `sandock node`, which add
// their own in cluster/config.ts), named once: the key, its variable, its type and range, its
// default and what it does. The loader (config.ts) reads the environment by this schema, the
// ControlConfig type is derived from it, and docs/configuration.md's table is rendered from it
// (a unit test fails when the page and the schema differ: `npm run docs:config` rewrites it).
import { availableParallelism } from 'node:os'
import { Type, type Static, type TSchema } from 'typebox'
import type { EnvReader } from '../shared/config.js'

/** What each setting carries beside its type: its variable, and how the docs show its default. */
type Meta = {
  env: string
  description: string
  docDefault?: string
  default?: unknown
  minimum?: number
  maximum?: number
}

export const ControlSettings = Type.Object({
  apiKeys: Type.Array(Type.String(), {
    env: 'SANDOCK_API_KEYS',
    description:
      'comma-separated keys accepted in `X-API-Key`; none → one `e2b_<hex>` key is generated, printed once, and only its SHA-256 digest kept in the data dir',
    docDefault: 'generated',
    default: [],
  }),
  apiPort: Type.Integer({
    env: 'SANDOCK_API_PORT',
    description: 'control API port',
    default: 3000,
    minimum: 0,
    maximum: 65535,
  }),
  proxyPort: Type.Integer({
    env: 'SANDOCK_PROXY_PORT',
    description:
      'sandbox proxy port (`E2B_SANDBOX_URL`); routes by `E2b-Sandbox-Id`/`E2b-Sandbox-Port` or by `Host: <port>-<id>.<domain>`',
    default: 3002,
    minimum: 0,
    maximum: 65535,
  }),
  host: Type.String({ env: 'SANDOCK_HOST', description: 'bind address of every listener', default: '0.0.0.0' }),
  domain: Type.String({
    env: 'SANDOCK_DOMAIN',
    description: 'public sandbox domain: returned as `Sandbox.domain`, enables the domain listener',
    docDefault: 'unset',
    default: '',
  }),
  tlsPort: Type.Integer({
    env: 'SANDOCK_TLS_PORT',
    description: 'domain listener port (advertised in `Sandbox.domain` when not 443)',
    default: 443,
    minimum: 0,
    maximum: 65535,
  }),
  tls: Type.Union([Type.Literal('auto'), Type.Literal('off')], {
    env: 'SANDOCK_TLS',
    description: '`auto` (configured or generated certificate) or `off`',
    default: 'auto',
  }),
  tlsCertFile: Type.Optional(
    Type.String({
      env: 'SANDOCK_TLS_CERT',
      description: "the domain listener's certificate, a PEM file (with `SANDOCK_TLS_KEY`)",
      docDefault: 'unset',
    }),
  ),
  tlsKeyFile: Type.Optional(
    Type.String({
      env: 'SANDOCK_TLS_KEY',
      description: "the domain listener's private key, a PEM file (with `SANDOCK_TLS_CERT`)",
      docDefault: 'unset',
    }),
  ),
  dataDir: Type.String({
    env: 'SANDOCK_DATA_DIR',
    description:
      'API key, token seed, access tokens (`access-tokens.json`, digests only), sandbox deadlines, TLS material, secrets (`secrets.db`, values encrypted) (`/var/lib/sandock` in the image)',
    default: '.sandock-data',
  }),
  volumesDir: Type.String({
    env: 'SANDOCK_VOLUMES_DIR',
    description:
      'volume data, one directory per volume; must be the same path for the server and the Docker engine (see [Volumes](volumes-and-secrets.md#volumes))',
    docDefault: '`<data dir>/volumes`',
    default: '',
  }),
  dockerSocket: Type.String({
    env: 'SANDOCK_DOCKER_SOCKET',
    description: 'Docker engine socket',
    default: '/var/run/docker.sock',
  }),
  network: Type.String({
    env: 'SANDOCK_NETWORK',
    description: 'Docker network of sandboxes with internet access',
    default: 'sandock',
  }),
  internalNetwork: Type.String({
    env: 'SANDOCK_INTERNAL_NETWORK',
    description: 'internal network for `allow_internet_access: false`',
    default: 'sandock-internal',
  }),
  baseImage: Type.String({
    env: 'SANDOCK_BASE_TEMPLATE_IMAGE',
    description: 'image of the `base` template (built on start when missing)',
    default: 'sandock/base:latest',
  }),
  buildBuiltins: Type.Union([Type.Literal('auto'), Type.Literal('off')], {
    env: 'SANDOCK_BUILD_BUILTINS',
    description:
      '`auto`: a start builds the missing images of the built-in templates `code-interpreter-v1` and `desktop` in the background (see [Built-in templates](templates.md#built-in-templates)); `off`: only `sandock templates build-builtin` builds them',
    default: 'auto',
  }),
  defaultTimeoutS: Type.Integer({
    env: 'SANDOCK_DEFAULT_TIMEOUT',
    description: 'sandbox timeout in seconds when a create names none',
    default: 300,
    minimum: 1,
  }),
  maxTimeoutS: Type.Integer({
    env: 'SANDOCK_MAX_TIMEOUT',
    description: 'longest timeout a create or `setTimeout` may ask for',
    default: 24 * 3600,
    minimum: 1,
  }),
  defaultCpuCount: Type.Integer({
    env: 'SANDOCK_DEFAULT_CPU_COUNT',
    description: 'CPUs per sandbox (Docker `NanoCpus`)',
    default: 2,
    minimum: 1,
    maximum: 256,
  }),
  defaultMemoryMB: Type.Integer({
    env: 'SANDOCK_DEFAULT_MEMORY_MB',
    description: 'memory per sandbox (hard limit, no swap)',
    default: 1024,
    minimum: 64,
  }),
  pidsLimit: Type.Integer({
    env: 'SANDOCK_PIDS_LIMIT',
    description: 'processes per sandbox',
    default: 1024,
    minimum: 16,
  }),
  nofileLimit: Type.Integer({
    env: 'SANDOCK_NOFILE_LIMIT',
    description:
      "open files per process in a sandbox (the `nofile` ulimit, soft and hard; root in the sandbox cannot raise it); capped, with a warning, to the Docker engine's own hard limit (a container cannot get more: Docker would refuse every create)",
    default: 65536,
    minimum: 64,
    maximum: 1048576,
  }),
  inotifyLimits: Type.Union([Type.Literal('auto'), Type.Literal('off')], {
    env: 'SANDOCK_INOTIFY_LIMITS',
    description:
      "`auto`: `serve` as root raises the host's `fs.inotify.max_user_instances` to 8192 and `fs.inotify.max_user_watches` to 1048576 where lower (never lowers them; see [Security](security.md#resource-limits)); `off` leaves them",
    default: 'auto',
  }),
  proxyHeadersTimeoutMs: Type.Integer({
    env: 'SANDOCK_PROXY_HEADERS_TIMEOUT_MS',
    description:
      'a request head (request line and headers) must arrive within this on the proxy, the API and the domain listener; else 408 and the connection closes (checked every 2 s)',
    default: 20000,
    minimum: 1000,
    maximum: 600000,
  }),
  proxyBodyTimeoutMs: Type.Integer({
    env: 'SANDOCK_PROXY_BODY_TIMEOUT_MS',
    description:
      'a request body must bring at least `SANDOCK_PROXY_BODY_MIN_BYTES` in every window this long, unless the sandbox (or the API) is the one holding it back; else 408 (or a cut, once the answer started) and the connection closes. `0` = no body check. A slow but steady upload (≥ 4 KiB per 30 s) never hits it; WebSockets and responses are not timed',
    default: 30000,
    minimum: 0,
    maximum: 3600000,
  }),
  proxyBodyMinBytes: Type.Integer({
    env: 'SANDOCK_PROXY_BODY_MIN_BYTES',
    description: 'see `SANDOCK_PROXY_BODY_TIMEOUT_MS`',
    default: 4096,
    minimum: 1,
  }),
  proxyMaxConnectionsPerClient: Type.Integer({
    env: 'SANDOCK_PROXY_MAX_CONNECTIONS_PER_CLIENT',
    description:
      'connections one client address may hold open at once on each listener (proxy, API, domain listener); past it a connection is answered 429 `{"code":429,"message":"Too many concurrent connections from this client (limit: N)","connectionLimit":N}` and closed (closed without an answer on TLS). `0` = no cap; behind a reverse proxy every client has its address, so raise or turn it off there. A cluster\'s node agents never apply it (their clients are the edges)',
    default: 512,
    minimum: 0,
  }),
  proxyMaxConnectionsPerSandbox: Type.Integer({
    env: 'SANDOCK_PROXY_MAX_CONNECTIONS_PER_SANDBOX',
    description:
      'proxied requests and WebSockets in flight to one sandbox; past it the contract\'s 429 `{"sandboxId","message":"The sandbox has too many concurrent incoming connections (limit: N)","code":429,"connectionLimit":N}`. `0` = no cap',
    default: 1024,
    minimum: 0,
  }),
  diskLimitMB: Type.Integer({
    env: 'SANDOCK_DISK_LIMIT_MB',
    description:
      'writable-layer size per sandbox (`0` = none); enforced only where the storage driver can (see [Security](security.md#resource-limits))',
    default: 10240,
    minimum: 0,
  }),
  firewall: Type.Union([Type.Literal('auto'), Type.Literal('on'), Type.Literal('off')], {
    env: 'SANDOCK_FIREWALL',
    description:
      "the host firewall (two chains, see [Security](security.md#network-reach)) that stops sandboxes from reaching the host, the host's networks (private and link-local ranges, the metadata address) and each other: `auto` (when root with `iptables`, else a warning), `on` (required: the start fails without it), `off`",
    default: 'auto',
  }),
  allowInternalCidrs: Type.Array(Type.String(), {
    env: 'SANDOCK_ALLOW_INTERNAL_CIDRS',
    description:
      "IPv4 CIDRs inside the always-denied internal ranges that sandboxes (and the egress gateway) may reach anyway, comma-separated, e.g. a package mirror `10.20.0.5/32` (upstream's `ALLOW_SANDBOX_INTERNAL_CIDRS`); the host's own addresses stay closed",
    docDefault: 'unset',
    default: [],
  }),
  maxSandboxes: Type.Integer({
    env: 'SANDOCK_MAX_SANDBOXES',
    description: 'live sandboxes; beyond it creates get 429 with `Retry-After`',
    default: 100,
    minimum: 1,
  }),
  poolSize: Type.Optional(
    Type.String({
      env: 'SANDOCK_POOL_SIZE',
      description:
        'warm pool of the `base` template: `n` = keep at least n started containers, more while creates ask (up to `SANDOCK_POOL_MAX`); `min..max` = those bounds (`2..2` fixed, `0..4` only on demand); `0` disables',
      docDefault: '`2`',
    }),
  ),
  poolSizes: Type.Array(Type.String(), {
    env: 'SANDOCK_POOL_SIZES',
    description:
      'warm pools of other templates, same forms: `name=n,name:tag=min..max` (e.g. `my-tpl=1`); a built-in template not named keeps its default (`code-interpreter-v1=0` turns its pool off)',
    docDefault: '`code-interpreter-v1=1`',
    default: [],
  }),
  poolMax: Type.Integer({
    env: 'SANDOCK_POOL_MAX',
    description: 'the ceiling of a pool configured with a single number (or a built-in default)',
    default: 8,
    minimum: 0,
    maximum: 64,
  }),
  poolMemoryMB: Type.Integer({
    env: 'SANDOCK_POOL_MEMORY_MB',
    description: 'memory (as measured in each ready pool container) that pool growth above the floors may use in all',
    default: 2048,
    minimum: 0,
  }),
  poolIdleS: Type.Integer({
    env: 'SANDOCK_POOL_IDLE',
    description: 'seconds a grown pool keeps its size after the creates that grew it; then it shrinks to its floor',
    default: 120,
    minimum: 1,
  }),
  poolBoots: Type.Integer({
    env: 'SANDOCK_POOL_BOOTS',
    description: "pool containers booting at once (creates' cold starts go first)",
    docDefault: 'CPU count',
    default: Math.max(1, availableParallelism()),
    minimum: 1,
    maximum: 64,
  }),
  poolRefillDelayMs: Type.Integer({
    env: 'SANDOCK_POOL_REFILL_DELAY_MS',
    description:
      "after a create takes a ready pool container while others are still ready, refills wait this long (from the first such claim), so a burst's first commands do not share the CPU with refill boots; taking the last ready one, or finding the pool empty, refills at once; `0` = no wait (no clear gain measured on a 2-core host)",
    default: 0,
    minimum: 0,
    maximum: 60000,
  }),
  metricsIntervalMs: Type.Integer({
    env: 'SANDOCK_METRICS_INTERVAL_MS',
    description: "how often each sandbox's CPU/memory/disk is sampled",
    default: 5000,
    minimum: 100,
  }),
  pausedRetentionS: Type.Integer({
    env: 'SANDOCK_PAUSED_RETENTION',
    description: 'seconds a sandbox stays paused with memory; then it is stopped, filesystem kept (never deleted)',
    default: 24 * 3600,
    minimum: 1,
  }),
  maxConcurrentBuilds: Type.Integer({
    env: 'SANDOCK_MAX_CONCURRENT_BUILDS',
    description: 'template builds running at once; later ones wait their turn',
    default: 2,
    minimum: 1,
    maximum: 64,
  }),
  readyTimeoutS: Type.Integer({
    env: 'SANDOCK_READY_TIMEOUT',
    description: "seconds a create waits for a template's ready command (a build's check waits 10 min)",
    default: 120,
    minimum: 1,
  }),
  logLevel: Type.Union(
    [Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error'), Type.Literal('silent')],
    { env: 'SANDOCK_LOG_LEVEL', description: '`debug`, `info`, `warn`, `error`, `silent`', default: 'info' },
  ),
  containerRuntime: Type.String({
    env: 'SANDOCK_RUNTIME',
    description:
      'Docker runtime of sandbox containers; `runsc` runs them under gVisor (must be registered with Docker: the start fails otherwise, naming the runtimes Docker has)',
    default: 'runc',
  }),
  egressDns: Type.String({
    env: 'SANDOCK_EGRESS_DNS',
    description:
      "resolvers a sandbox with egress rules may still query on port 53: `auto` (the host's `/etc/resolv.conf`, loopback ones left out; with only systemd-resolved's stub, its upstreams from `/run/systemd/resolve/resolv.conf`), `none`, or IPv4 addresses. The host firewall lets every sandbox reach the `auto` ones and the listed ones on port 53 even when they are internal (Docker's embedded DNS forwards to them from inside the sandbox)",
    default: 'auto',
  }),
  egressResolver: Type.String({
    env: 'SANDOCK_EGRESS_RESOLVER',
    description:
      'how the egress gateway resolves the names it dials: `system` (getaddrinfo, `/etc/hosts` included) or DNS servers as `ip[:port]`, comma-separated',
    default: 'system',
  }),
  egressCaFile: Type.Optional(
    Type.String({
      env: 'SANDOCK_EGRESS_CA_CERTS',
      description:
        "a PEM file of extra roots the gateway trusts when it verifies an intercepted host (beside Node's roots and the system store)",
      docDefault: 'unset',
    }),
  ),
  egressGatewayPort: Type.Integer({
    env: 'SANDOCK_EGRESS_GATEWAY_PORT',
    description: "the egress gateway's port on the sandbox bridge's address (`0`: any free port)",
    default: 0,
    minimum: 0,
    maximum: 65535,
  }),
  logMaxSizeMB: Type.Integer({
    env: 'SANDOCK_LOG_MAX_SIZE_MB',
    description:
      "a sandbox container's output on the host (Docker's `json-file` driver, whatever the daemon's default) is rotated at this size (MiB); at most 10 MiB per sandbox by default",
    default: 5,
    minimum: 1,
    maximum: 1024,
  }),
  logMaxFiles: Type.Integer({
    env: 'SANDOCK_LOG_MAX_FILES',
    description: "how many rotated files of a sandbox container's output are kept",
    default: 2,
    minimum: 1,
    maximum: 20,
  }),
  logRetentionS: Type.Integer({
    env: 'SANDOCK_LOG_RETENTION',
    description:
      "seconds a killed sandbox's log stays readable (0: not kept); its last `SANDOCK_LOG_KEEP_KB` KiB are kept in `<data dir>/sandbox-logs/`",
    default: 7 * 24 * 3600,
    minimum: 0,
  }),
  logKeepKB: Type.Integer({
    env: 'SANDOCK_LOG_KEEP_KB',
    description: "KiB of a killed sandbox's log that are kept (its last lines)",
    default: 256,
    minimum: 1,
    maximum: 65536,
  }),
  logKeptTotalMB: Type.Integer({
    env: 'SANDOCK_LOG_KEPT_TOTAL_MB',
    description: 'all kept logs of killed sandboxes together at most (MiB); the oldest are removed first',
    default: 256,
    minimum: 1,
  }),
  buildLogMaxLines: Type.Integer({
    env: 'SANDOCK_BUILD_LOG_MAX_LINES',
    description:
      'lines of output a template build stores: the first half as they come, the last half when it ends, with a line counting the rest (each line cut at 4,096 characters)',
    default: 10000,
    minimum: 100,
    maximum: 1000000,
  }),
})

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
