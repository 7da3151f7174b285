// The official SDK against a `sandock serve` (the shared one unless told otherwise), plus Docker
// look-ups by sandbox id. Every sandbox created here is tracked for the run's final cleanup.
import { afterAll, afterEach } from 'vitest'
import { Sandbox, type SandboxOpts } from 'e2b'
import { docker } from './docker.js'
import {
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  containersOf,
  sdkOpts,
  serverLogTail,
  sharedServer,
  startServer,
  trackSandbox,
  type ControlServer,
  type ServerInfo,
} from './control-server.js'

export { containersOf }

/** `Sandbox.create('base', …)` with the server's URLs and key; the id is tracked for cleanup. */
export async function createSandbox(
  opts: Omit<SandboxOpts, 'apiKey' | 'apiUrl' | 'sandboxUrl'> = {},
  server: ServerInfo = sharedServer(),
): Promise<Sandbox> {
  const sbx = await Sandbox.create('base', { ...sdkOpts(server), ...opts })
  trackSandbox(server, sbx.sandboxId)
  return sbx
}

/** Kills through the API, ignoring failures (the sandbox may already be gone); cleanup removes leftovers. */
export async function killQuietly(sandboxId: string | undefined, server: ServerInfo = sharedServer()): Promise<void> {
  if (sandboxId) await Sandbox.kill(sandboxId, sdkOpts(server)).catch(() => undefined)
}

export type ContainerInspect = {
  Id: string
  State: { Status: string; Running: boolean; Paused: boolean }
  Config: { Labels: Record<string, string> }
  HostConfig: { Memory: number; NanoCpus: number; PidsLimit: number | null; Runtime?: string }
}

/** `docker inspect` of the sandbox's only container; fails when there is none or more than one. */
export async function inspectSandbox(sandboxId: string): Promise<ContainerInspect> {
  const ids = await containersOf(sandboxId)
  if (ids.length !== 1) throw new Error(`expected one container for sandbox ${sandboxId}, found ${ids.length}`)
  const [info] = JSON.parse(await docker('inspect', ids[0]!)) as ContainerInspect[]
  return info!
}

/**
 * The sandbox's address as the host reaches it: on its network, or (in a network slot, whose
 * container has no network of its own: SANDOCK_NETWORK_SLOTS) its holder's, named by a label.
 */
export async function sandboxAddress(sandboxId: string): Promise<string> {
  const [info] = JSON.parse(await docker('inspect', (await inspectSandbox(sandboxId)).Id)) as {
    NetworkSettings: { Networks: Record<string, { IPAddress: string }> }
    Config: { Labels: Record<string, string> }
  }[]
  const ip = Object.values(info!.NetworkSettings.Networks)[0]?.IPAddress || info!.Config.Labels['sandock.slot-ip']
  if (!ip) throw new Error(`sandbox ${sandboxId} has no address`)
  return ip
}

/** Waits (inside the sandbox) until something accepts TCP connections on 127.0.0.1:<port>. */
export async function waitForPortInSandbox(sbx: Sandbox, port: number, timeoutS = 15): Promise<void> {
  const tries = timeoutS * 10
  const res = await sbx.commands.run(
    `for i in $(seq ${tries}); do (exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null && exit 0; sleep 0.1; done; exit 1`,
    { timeoutMs: (timeoutS + 10) * 1000 },
  )
  if (res.exitCode !== 0) throw new Error(`nothing listens on port ${port} in sandbox ${sbx.sandboxId}`)
}

export { sdkOpts, sharedServer }

/** Prints the tail of the server's log after a failed test (the server logs at warn). */
export function printServerLogsOnFailure(server: () => ServerInfo = sharedServer): void {
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return
    const tail = await serverLogTail(server()).catch(() => '')
    if (tail.trim()) console.error(`--- sandock serve log (tail) for "${ctx.task.name}" ---\n${tail}`)
  })
}

export type ProxyAnswer = { status: number; body: unknown; text: string; contentType: string | null }

/** A request through the server's proxy, routed by the E2B headers; the body is parsed when JSON. */
export async function viaProxy(
  sandboxId: string,
  port: number,
  init: RequestInit & { path?: string; server?: ServerInfo } = {},
): Promise<ProxyAnswer> {
  const { path = '/', headers, server = sharedServer(), ...rest } = init
  const res = await fetch(`${server.sandboxUrl}${path}`, {
    ...rest,
    headers: { 'E2b-Sandbox-Id': sandboxId, 'E2b-Sandbox-Port': String(port), ...(headers as Record<string, string>) },
    signal: AbortSignal.timeout(30_000),
  })
  const text = await res.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: res.status, body, text, contentType: res.headers.get('content-type') }
}

/**
 * A server started and then restarted on the same data dir and ports (the base + `offset`), for
 * a describe block's restart test: both are cleaned up after it, and a failure prints the live
 * one's log. `start` the first, `restart` stops it (`signal`) and starts the second.
 */
export function restartableServer(offset: number, opts: { env?: Record<string, string> } = {}) {
  const port = { apiPort: DEFAULT_API_PORT + offset, proxyPort: DEFAULT_PROXY_PORT + offset }
  const s: { first?: ControlServer; second?: ControlServer } = {}
  printServerLogsOnFailure(() => s.second ?? s.first ?? sharedServer())
  afterAll(async () => {
    await s.second?.cleanup()
    await s.first?.cleanup()
  })
  return {
    async start(): Promise<ControlServer> {
      s.first = await startServer({ ...port, env: opts.env })
      return s.first
    },
    async restart(signal: NodeJS.Signals = 'SIGTERM'): Promise<ControlServer> {
      await s.first!.stop(signal)
      s.second = await startServer({ ...port, dataDir: s.first!.dataDir, apiKey: s.first!.apiKey, env: opts.env })
      return s.second
    },
  }
}
