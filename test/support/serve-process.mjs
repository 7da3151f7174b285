// `sandock serve` (the bundle, dist/image/sandock.mjs) as a child process: spawned with its
// SANDOCK_* settings, healthy once GET /health answers 200 (and, given a key, the key is
// accepted), stopped with a signal. Plain JavaScript, so the control tests (control-server.ts)
// and the benchmarks (bench/*.mjs) share it without a compile step.
import { spawn } from 'node:child_process'
import net from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const BUNDLE = join(ROOT, 'dist', 'image', 'sandock.mjs')

/** True when something accepts connections on 127.0.0.1:`port`. */
export function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * True when fetch() refuses `port` outright (the WHATWG "bad ports": 5060, 5061, 6000, 6665–6669…):
 * a server there would never look healthy to the tests or the SDK.
 */
export async function refusedByFetch(port) {
  const err = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) }).then(
    () => undefined,
    (e) => e,
  )
  return err?.cause?.message === 'bad port'
}

/**
 * Spawns `sandock serve` and waits until it is healthy; throws (after killing it) when it exits
 * first or is not healthy within `readyTimeoutMs`.
 * @param {{ env: Record<string, string>, apiUrl: string, apiKey?: string, bundle?: string, node?: string, cleanEnv?: boolean, stdio?: 'pipe' | 'inherit', onSpawn?: (child: import('node:child_process').ChildProcess) => void, readyTimeoutMs?: number }} opts
 *   `env`: the server's SANDOCK_* settings; `cleanEnv`: drop the caller's own SANDOCK_* and E2B_* variables;
 *   `stdio` 'pipe': `onSpawn` reads its output from `child.stdout`/`child.stderr`; `bundle`: another
 *   build's sandock.mjs (a benchmark comparing two builds in one run) or another entry (dist/cli.js),
 *   default this checkout's bundle; `node`: the Node binary that runs it (default this process's).
 */
export async function startServe(opts) {
  const env = {}
  for (const [k, v] of Object.entries(process.env))
    if (!opts.cleanEnv || (!k.startsWith('SANDOCK_') && !k.startsWith('E2B_'))) env[k] = v
  Object.assign(env, opts.env)
  const child = spawn(opts.node ?? process.execPath, [opts.bundle ?? BUNDLE, 'serve'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', opts.stdio ?? 'inherit', opts.stdio ?? 'inherit'],
  })
  opts.onSpawn?.(child)
  let exitedWith
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve((exitedWith = { code, signal }))),
  )
  // A run that dies must not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  void exited.then(() => process.removeListener('exit', killOnExit))

  const serve = {
    child,
    exited,
    hasExited: () => exitedWith !== undefined,
    /** Sends `signal` and waits for the exit (SIGKILL after 10 s). */
    async stop(signal = 'SIGTERM') {
      if (exitedWith) return
      child.kill(signal)
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(force)
    },
  }
  const timeoutMs = opts.readyTimeoutMs ?? 180_000
  const deadline = Date.now() + timeoutMs
  let status = 0
  for (;;) {
    if (exitedWith)
      throw new Error(
        `sandock serve exited (code ${exitedWith.code}, signal ${exitedWith.signal}) before becoming healthy`,
      )
    status = await fetch(`${opts.apiUrl}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200 && !exitedWith) {
      if (opts.apiKey === undefined) return serve
      // Ours (it takes our key), not a stranger that grabbed the port meanwhile.
      const auth = await fetch(`${opts.apiUrl}/v2/sandboxes?limit=1`, { headers: { 'x-api-key': opts.apiKey } }).then(
        (r) => r.status,
        () => 0,
      )
      if (auth === 200) return serve
      await serve.stop('SIGKILL')
      throw new Error(`the server on ${opts.apiUrl} answers /health but rejects its key (status ${auth})`)
    }
    if (Date.now() > deadline) {
      await serve.stop('SIGKILL')
      throw new Error(`sandock serve not healthy on ${opts.apiUrl} after ${timeoutMs} ms (last status ${status})`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}
