// `sandock serve` for the control tests: started (serve-process.mjs) on the lane's ports with a
// temp data dir, its output captured, and exactly the sandboxes the tests created cleaned up.
import { execFile, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { appendFileSync, createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { promisify } from 'node:util'
import { join } from 'node:path'
import { docker } from './docker.js'
import { portInUse, refusedByFetch, startServe } from './serve-process.mjs'

const IDS_FILE = 'control-test-sandbox-ids'
/** The server's stdout and stderr, also readable from the test workers. */
export const LOG_FILE = 'control-test-server.log'
const LOG_LIMIT = 256 * 1024

export const DEFAULT_API_PORT = Number(process.env.SANDOCK_TEST_API_PORT ?? 3200)
export const DEFAULT_PROXY_PORT = Number(process.env.SANDOCK_TEST_PROXY_PORT ?? 3202)
/** The Docker runtime the test servers run sandboxes with (`runsc` for the gVisor pass); undefined = runc. */
export const TEST_RUNTIME = process.env.SANDOCK_TEST_RUNTIME || undefined
/** The built-ins with a default pool (code-interpreter-v1) get none in tests unless a test asks. */
const BUILTIN_POOLS_OFF = 'code-interpreter-v1=0'

/** What a test needs to talk to a server (also what globalSetup hands to the workers). */
export type ServerInfo = Readonly<{
  apiUrl: string
  sandboxUrl: string
  apiKey: string
  dataDir: string
  apiPort: number
  proxyPort: number
  /** Sandbox containers of this server live on these networks (unique per port pair). */
  networks: readonly string[]
}>

export type ControlServer = ServerInfo & {
  pid: number
  /** The process's exit, once it has exited (a `sandock serve` process; not a Compose deployment). */
  exited?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Sends `signal` and waits for the process to exit (SIGKILL after 10 s). */
  stop(signal?: NodeJS.Signals): Promise<void>
  /** Everything the server wrote to stdout and stderr so far (last 256 KiB). */
  logs(): string
  /** Removes every container of a tracked sandbox id or on this server's networks, then the data dir if owned. */
  cleanup(): Promise<void>
}

export type StartServerOpts = {
  env?: Record<string, string>
  apiPort?: number
  proxyPort?: number
  /** Reuse a data dir (e.g. to restart a server on the same state); not removed by cleanup(). */
  dataDir?: string
  apiKey?: string
  /** How long to wait for GET /health → 200 (default 180 s: a first start may build the base image). */
  readyTimeoutMs?: number
  /** The program started as `<node> <entry> serve` (default: this process's Node and dist/image/sandock.mjs). */
  entry?: string
  node?: string
}

export const networksFor = (apiPort: number) => [`sandock-ctltest-${apiPort}`, `sandock-ctltest-${apiPort}-internal`]

export async function startServer(opts: StartServerOpts = {}): Promise<ControlServer> {
  const apiPort = opts.apiPort ?? DEFAULT_API_PORT
  const proxyPort = opts.proxyPort ?? DEFAULT_PROXY_PORT
  const apiKey = opts.apiKey ?? `e2b_${randomBytes(20).toString('hex')}`
  const owned = opts.dataDir === undefined
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'sandock-control-')))
  const networks = networksFor(apiPort)
  // Someone else's server on these ports would answer our health checks: refuse to start instead.
  for (const port of [apiPort, proxyPort]) {
    if (await refusedByFetch(port)) {
      if (owned) await rm(dataDir, { recursive: true, force: true })
      throw new Error(
        `port ${port} is one fetch() refuses (a WHATWG "bad port"): choose a SANDOCK_TEST_API_PORT whose +0..+72 avoid it`,
      )
    }
    if (await portInUse(port)) {
      if (owned) await rm(dataDir, { recursive: true, force: true })
      throw new Error(
        `port ${port} is already in use (set SANDOCK_TEST_API_PORT / SANDOCK_TEST_PROXY_PORT to other ports)`,
      )
    }
  }
  const env: Record<string, string> = {
    SANDOCK_API_KEYS: apiKey,
    SANDOCK_API_PORT: String(apiPort),
    SANDOCK_PROXY_PORT: String(proxyPort),
    SANDOCK_HOST: '127.0.0.1',
    SANDOCK_DATA_DIR: dataDir,
    SANDOCK_LOG_LEVEL: 'warn',
    SANDOCK_NETWORK: networks[0]!,
    SANDOCK_INTERNAL_NETWORK: networks[1]!,
    // No warm pool unless a test asks for one: pool containers would change what tests count.
    SANDOCK_POOL_SIZE: '0',
    SANDOCK_POOL_SIZES: BUILTIN_POOLS_OFF,
    // The derived built-ins' images are built by the suites that use them (support/builtin-images.ts),
    // never in the background of every test server.
    SANDOCK_BUILD_BUILTINS: 'off',
    ...(process.env.SANDOCK_BASE_TEMPLATE_IMAGE
      ? { SANDOCK_BASE_TEMPLATE_IMAGE: process.env.SANDOCK_BASE_TEMPLATE_IMAGE }
      : {}),
    // `SANDOCK_TEST_RUNTIME=runsc npm test …` runs every test server's sandboxes under gVisor.
    ...(TEST_RUNTIME ? { SANDOCK_RUNTIME: TEST_RUNTIME } : {}),
    // `SANDOCK_TEST_NETWORK_SLOTS=2 npm test …` runs every test server's sandboxes in network slots.
    ...(process.env.SANDOCK_TEST_NETWORK_SLOTS
      ? { SANDOCK_NETWORK_SLOTS: process.env.SANDOCK_TEST_NETWORK_SLOTS }
      : {}),
    ...opts.env,
  }
  // A test's own pool sizes come after (and so over) the built-ins' zeros.
  if (opts.env?.SANDOCK_POOL_SIZES) env.SANDOCK_POOL_SIZES = `${BUILTIN_POOLS_OFF},${opts.env.SANDOCK_POOL_SIZES}`

  let output = ''
  const logFile = createWriteStream(join(dataDir, LOG_FILE), { flags: 'a' })
  logFile.on('error', () => undefined) // the data dir may be removed under it during cleanup
  const capture = (child: ChildProcess) => {
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (output.length > LOG_LIMIT) output = output.slice(-LOG_LIMIT)
    }
    child.stdout!.on('data', keep)
    child.stderr!.on('data', keep)
    child.stdout!.pipe(logFile, { end: false })
    child.stderr!.pipe(logFile, { end: false })
    child.once('exit', () => logFile.end())
  }
  const info: ServerInfo = {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    sandboxUrl: `http://127.0.0.1:${proxyPort}`,
    apiKey,
    dataDir,
    apiPort,
    proxyPort,
    networks,
  }
  // The server sees only its own SANDOCK_* config, never a developer's shell settings.
  const serve = await startServe({
    env,
    apiUrl: info.apiUrl,
    apiKey,
    cleanEnv: true,
    stdio: 'pipe',
    onSpawn: capture,
    readyTimeoutMs: opts.readyTimeoutMs,
    bundle: opts.entry,
    node: opts.node,
  }).catch(async (e: unknown) => {
    if (owned) await rm(dataDir, { recursive: true, force: true })
    throw new Error(`${(e as Error).message}:\n${output}`)
  })
  const server: ControlServer = {
    ...info,
    pid: serve.child.pid!,
    exited: serve.exited,
    logs: () => output,
    stop: (signal) => serve.stop(signal),
    async cleanup() {
      await serve.stop()
      await removeSandboxContainers(await trackedIds(dataDir), networks)
      await removeInstanceContainers(dataDir)
      await removeEgressChain(dataDir)
      await removeFirewallChains(dataDir)
      for (const n of networks) await docker('network', 'rm', n).catch(() => undefined)
      if (owned) {
        await removeServerVolumes(dataDir)
        // A server that did not stop cleanly leaves its volumes directory bound onto itself (nosuid,nodev).
        await unmountVolumesDir(dataDir)
        await rm(dataDir, { recursive: true, force: true })
      }
    },
  }
  return server
}

/** The SDK's connection options for a server: API and envd URLs passed explicitly, no debug mode. */
export function sdkOpts(server: Pick<ServerInfo, 'apiKey' | 'apiUrl' | 'sandboxUrl'> = sharedServer()) {
  return { apiKey: server.apiKey, apiUrl: server.apiUrl, sandboxUrl: server.sandboxUrl }
}

/** The last `bytes` of what the server logged (readable from any process). */
export async function serverLogTail(server: Pick<ServerInfo, 'dataDir'>, bytes = 8192): Promise<string> {
  const text = await readFile(join(server.dataDir, LOG_FILE), 'utf8').catch(() => '')
  return text.slice(-bytes)
}

/** Records a sandbox id so cleanup removes its container whatever the test did (works across processes). */
export function trackSandbox(server: Pick<ServerInfo, 'dataDir'>, sandboxId: string): void {
  appendFileSync(join(server.dataDir, IDS_FILE), `${sandboxId}\n`)
}

export async function trackedIds(dataDir: string): Promise<string[]> {
  const text = await readFile(join(dataDir, IDS_FILE), 'utf8').catch(() => '')
  return [...new Set(text.split('\n').filter(Boolean))]
}

/** Force-removes the containers of the given sandbox ids and every container on the given networks. */
export async function removeSandboxContainers(ids: readonly string[], networks: readonly string[] = []): Promise<void> {
  const containers = new Set<string>()
  for (const id of ids) for (const c of await containersOf(id)) containers.add(c)
  for (const n of networks) {
    const out = await docker('ps', '-aq', '--no-trunc', '--filter', `network=${n}`).catch(() => '')
    for (const c of out.split('\n').filter(Boolean)) containers.add(c)
  }
  if (containers.size > 0) await docker('rm', '-f', '-v', ...containers).catch(() => undefined)
}

/** Removes the containers of the server on `dataDir` by its instance label (in a network slot, a sandbox is on no network). */
async function removeInstanceContainers(dataDir: string): Promise<void> {
  const instance = (await readFile(join(dataDir, 'instance-id'), 'utf8').catch(() => '')).trim()
  if (!instance) return
  const out = await docker('ps', '-aq', '--no-trunc', '--filter', `label=sandock.instance=${instance}`).catch(() => '')
  const ids = out.split('\n').filter(Boolean)
  if (ids.length > 0) await docker('rm', '-f', '-v', ...ids).catch(() => undefined)
}

/** Removes the Docker volumes (user volumes, snapshots' kept memory) of the server on `dataDir`, by its instance label. */
export async function removeServerVolumes(dataDir: string): Promise<void> {
  const instance = (await readFile(join(dataDir, 'instance-id'), 'utf8').catch(() => '')).trim()
  if (!instance) return
  for (const kind of ['sandock.volume-id', 'sandock.snapshot-memory']) {
    const out = await docker(
      'volume',
      'ls',
      '-q',
      '--filter',
      `label=sandock.instance=${instance}`,
      '--filter',
      `label=${kind}`,
    ).catch(() => '')
    const names = out.split('\n').filter(Boolean)
    if (names.length > 0) await docker('volume', 'rm', '-f', ...names).catch(() => undefined)
  }
}

/** Unmounts the data dir's volumes directory when a server left it bound (see src/control/volumes/volumes-dir.ts). */
export async function unmountVolumesDir(dataDir: string): Promise<void> {
  const dir = join(dataDir, 'volumes')
  const mounted = (await readFile('/proc/self/mountinfo', 'utf8').catch(() => ''))
    .split('\n')
    .some((l) => l.split(' ')[4] === dir)
  if (mounted) await new Promise<void>((resolve) => execFile('umount', ['-l', dir], () => resolve()))
}

/** Container ids (any state) carrying `sandock.sandbox-id=<sandboxId>`. */
export async function containersOf(sandboxId: string): Promise<string[]> {
  const out = await docker('ps', '-aq', '--no-trunc', '--filter', `label=sandock.sandbox-id=${sandboxId}`)
  return out.split('\n').filter(Boolean)
}

const ENV = {
  apiUrl: 'SANDOCK_TEST_CONTROL_API_URL',
  sandboxUrl: 'SANDOCK_TEST_CONTROL_SANDBOX_URL',
  apiKey: 'SANDOCK_TEST_CONTROL_API_KEY',
  dataDir: 'SANDOCK_TEST_CONTROL_DATA_DIR',
  apiPort: 'SANDOCK_TEST_CONTROL_API_PORT',
  proxyPort: 'SANDOCK_TEST_CONTROL_PROXY_PORT',
  networks: 'SANDOCK_TEST_CONTROL_NETWORKS',
} as const

/** globalSetup → workers: the shared server's coordinates through process.env. */
export function exportServer(s: ServerInfo): void {
  process.env[ENV.apiUrl] = s.apiUrl
  process.env[ENV.sandboxUrl] = s.sandboxUrl
  process.env[ENV.apiKey] = s.apiKey
  process.env[ENV.dataDir] = s.dataDir
  process.env[ENV.apiPort] = String(s.apiPort)
  process.env[ENV.proxyPort] = String(s.proxyPort)
  process.env[ENV.networks] = s.networks.join(',')
}

/** The project's shared server (started by control-setup.ts). */
export function sharedServer(): ServerInfo {
  const apiUrl = process.env[ENV.apiUrl]
  if (!apiUrl) throw new Error('no shared control server: run with --project control (globalSetup control-setup.ts)')
  return {
    apiUrl,
    sandboxUrl: process.env[ENV.sandboxUrl]!,
    apiKey: process.env[ENV.apiKey]!,
    dataDir: process.env[ENV.dataDir]!,
    apiPort: Number(process.env[ENV.apiPort]),
    proxyPort: Number(process.env[ENV.proxyPort]),
    networks: process.env[ENV.networks]!.split(','),
  }
}

/**
 * The egress gateway's nat chain stays when a server stops with redirected sandboxes (fail
 * closed); a test server's goes with its sandboxes. No-op when there is none.
 */
/**
 * The host firewall's chains (SANDOCK-IN, SANDOCK-FWD) stay when a server stops with sandboxes
 * left (fail closed); a test server's go with its sandboxes. No-op when there are none.
 */
export async function removeFirewallChains(dataDir: string): Promise<void> {
  const instance = (await readFile(join(dataDir, 'instance-id'), 'utf8').catch(() => '')).trim()
  if (!instance) return
  const ipt = (...args: string[]) =>
    promisify(execFile)('iptables', ['-w', '5', ...args]).then(
      (r) => r.stdout,
      () => '',
    )
  // SANDOCK-NS: the netstack runtime's own rules, jumped to from the forward chain (flushed before it).
  const chains = [
    `SANDOCK-IN-${instance.slice(0, 12)}`,
    `SANDOCK-FWD-${instance.slice(0, 12)}`,
    `SANDOCK-NS-${instance.slice(0, 12)}`,
  ]
  for (const from of ['INPUT', 'DOCKER-USER', 'FORWARD']) {
    for (const rule of (await ipt('-S', from)).split('\n').filter((r) => chains.some((c) => r.split(' ').includes(c))))
      await ipt('-D', ...rule.split(' ').slice(1))
  }
  for (const c of chains) {
    await ipt('-F', c)
    await ipt('-X', c)
  }
}

async function removeEgressChain(dataDir: string): Promise<void> {
  const instance = (await readFile(join(dataDir, 'instance-id'), 'utf8').catch(() => '')).trim()
  if (!instance) return
  const ipt = (...args: string[]) =>
    promisify(execFile)('iptables', ['-w', '5', '-t', 'nat', ...args]).then(
      (r) => r.stdout,
      () => '',
    )
  const chain = `SANDOCK-EG-${instance.slice(0, 12)}`
  for (const rule of (await ipt('-S', 'PREROUTING')).split('\n').filter((r) => r.split(' ').includes(chain)))
    await ipt('-D', ...rule.split(' ').slice(1))
  await ipt('-F', chain)
  await ipt('-X', chain)
}
