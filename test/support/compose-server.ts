// `docker compose up` of the repository's docker-compose.yml as a test server, for suites that must
// hold for the Compose deployment too (SANDOCK_TEST_DEPLOY=compose): the server image tagged by a
// hash of what it is built from (built once), a project per API port, a host data dir bound in.
import { execFile, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { docker } from './docker.js'
import { portInUse, refusedByFetch, ROOT } from './serve-process.mjs'
import {
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  LOG_FILE,
  networksFor,
  removeFirewallChains,
  removeSandboxContainers,
  TEST_RUNTIME,
  trackedIds,
  type ControlServer,
  type StartServerOpts,
} from './control-server.js'

const run = promisify(execFile)
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml')
/** What docker/server.Dockerfile copies: the image tag is a hash of these. */
const IMAGE_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts', 'docker', 'src']
const LOG_LIMIT = 256 * 1024

/** Which deployment the deployment-sensitive suites (security) start: `process` (default) or `compose`. */
export const TEST_DEPLOY = process.env.SANDOCK_TEST_DEPLOY === 'compose' ? 'compose' : 'process'

/** `docker compose` (v2) when the plugin is there, else Debian's `docker-compose` (1.29). */
async function composeCommand(): Promise<string[]> {
  return run('docker', ['compose', 'version']).then(
    () => ['docker', 'compose'],
    () => ['docker-compose'],
  )
}

async function filesUnder(path: string): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true }).catch(() => undefined)
  if (!entries) return [path]
  const nested = await Promise.all(entries.map((e) => filesUnder(join(path, e.name))))
  return nested.flat()
}

/** `sandock/server:<hash of the build inputs>`, so an unchanged tree reuses the image. */
export async function serverImageTag(): Promise<string> {
  const hash = createHash('sha256')
  const files = (await Promise.all(IMAGE_INPUTS.map((p) => filesUnder(join(ROOT, p))))).flat().sort()
  for (const f of files)
    hash
      .update(relative(ROOT, f))
      .update('\0')
      .update(await readFile(f))
      .update('\0')
  return `sandock/server:${hash.digest('hex').slice(0, 16)}`
}

/**
 * Starts the Compose deployment on the given ports (the lane's + offset) and waits until it answers
 * /health with 200 and takes its key. Same shape as startServer(); cleanup() is `down -v` plus the
 * sandboxes and networks the server made.
 */
export async function startComposeServer(opts: StartServerOpts = {}): Promise<ControlServer> {
  const apiPort = opts.apiPort ?? DEFAULT_API_PORT
  const proxyPort = opts.proxyPort ?? DEFAULT_PROXY_PORT
  const apiKey = opts.apiKey ?? `e2b_${randomBytes(20).toString('hex')}`
  // On the host network the server binds these itself: someone else's server there would answer.
  for (const port of [apiPort, proxyPort]) {
    if (await refusedByFetch(port))
      throw new Error(`port ${port} is one fetch() refuses (a WHATWG "bad port"): choose another SANDOCK_TEST_API_PORT`)
    if (await portInUse(port))
      throw new Error(
        `port ${port} is already in use (set SANDOCK_TEST_API_PORT / SANDOCK_TEST_PROXY_PORT to other ports)`,
      )
  }
  const owned = opts.dataDir === undefined
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'sandock-compose-')))
  const networks = networksFor(apiPort)
  const project = `sandock-test-${apiPort}`
  const image = await serverImageTag()
  const compose = await composeCommand()
  const env: NodeJS.ProcessEnv = {}
  // Compose interpolates docker-compose.yml from this environment only: no developer settings leak in.
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith('SANDOCK_') && !k.startsWith('E2B_') && !k.startsWith('COMPOSE_')) env[k] = v
  Object.assign(env, {
    SANDOCK_SERVER_IMAGE: image,
    SANDOCK_DATA: dataDir,
    SANDOCK_API_KEYS: apiKey,
    SANDOCK_API_PORT: String(apiPort),
    SANDOCK_PROXY_PORT: String(proxyPort),
    SANDOCK_LOG_LEVEL: 'warn',
    SANDOCK_NETWORK: networks[0],
    SANDOCK_INTERNAL_NETWORK: networks[1],
    SANDOCK_POOL_SIZE: '0',
    // As for the process servers (control-server.ts): no built-in pool, no background image builds.
    SANDOCK_POOL_SIZES: 'code-interpreter-v1=0',
    SANDOCK_BUILD_BUILTINS: 'off',
    ...(process.env.SANDOCK_BASE_TEMPLATE_IMAGE
      ? { SANDOCK_BASE_TEMPLATE_IMAGE: process.env.SANDOCK_BASE_TEMPLATE_IMAGE }
      : {}),
    ...(TEST_RUNTIME ? { SANDOCK_RUNTIME: TEST_RUNTIME } : {}),
    ...opts.env,
  })
  const composeRun = (...args: string[]) =>
    run(compose[0]!, [...compose.slice(1), '-p', project, '-f', COMPOSE_FILE, ...args], {
      env,
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    })

  if (
    !(await docker('image', 'inspect', image).then(
      () => true,
      () => false,
    ))
  )
    await composeRun('build')
  await composeRun('up', '-d', '--no-build')
  const containerId = (await composeRun('ps', '-q', 'sandock')).stdout.trim()

  let output = ''
  const logFile = createWriteStream(join(dataDir, LOG_FILE), { flags: 'a' })
  logFile.on('error', () => undefined)
  const follower = spawn('docker', ['logs', '-f', containerId], { stdio: ['ignore', 'pipe', 'pipe'] })
  for (const stream of [follower.stdout, follower.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (output.length > LOG_LIMIT) output = output.slice(-LOG_LIMIT)
    })
    stream.pipe(logFile, { end: false })
  }
  follower.once('exit', () => logFile.end())
  const state = async () =>
    JSON.parse(await docker('inspect', '-f', '{{json .State}}', containerId)) as {
      Running: boolean
      Pid: number
      ExitCode: number
    }

  const apiUrl = `http://127.0.0.1:${apiPort}`
  let down = false
  const server: ControlServer = {
    apiUrl,
    sandboxUrl: `http://127.0.0.1:${proxyPort}`,
    apiKey,
    dataDir,
    apiPort,
    proxyPort,
    networks,
    pid: 0,
    logs: () => output,
    async stop(signal = 'SIGTERM') {
      if (!(await state().catch(() => undefined))?.Running) return
      if (signal === 'SIGTERM') await composeRun('stop')
      else await composeRun('kill', '-s', signal)
    },
    async cleanup() {
      if (down) return
      down = true
      await composeRun('down', '-v', '--remove-orphans').catch(() => undefined)
      follower.kill()
      await removeSandboxContainers(await trackedIds(dataDir), networks)
      await removeFirewallChains(dataDir)
      for (const n of networks) await docker('network', 'rm', n).catch(() => undefined)
      if (owned) await rm(dataDir, { recursive: true, force: true })
    },
  }

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 300_000)
  for (;;) {
    const s = await state()
    if (!s.Running) {
      await server.cleanup()
      throw new Error(`the Compose server exited (code ${s.ExitCode}) before becoming healthy:\n${output}`)
    }
    server.pid = s.Pid
    const status = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) {
      const auth = await fetch(`${apiUrl}/v2/sandboxes?limit=1`, { headers: { 'x-api-key': apiKey } }).then(
        (r) => r.status,
        () => 0,
      )
      if (auth === 200) return server
      await server.cleanup()
      throw new Error(
        `the server on ${apiUrl} answers /health but rejects its key (status ${auth}): another server holds the port?\n${output}`,
      )
    }
    if (Date.now() > deadline) {
      await server.cleanup()
      throw new Error(
        `the Compose server is not healthy on ${apiUrl} after ${opts.readyTimeoutMs ?? 300_000} ms (last status ${status}):\n${output}`,
      )
    }
    await new Promise((r) => setTimeout(r, 500))
  }
}
