// One Jupyter Server process (Debian's jupyter-server 1.23) on loopback, and its kernel REST API:
// it launches, interrupts (SIGINT), restarts and removes the Jupyter kernels (python3, ir).
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { Logger } from 'pino'

export type JupyterServer = Readonly<{
  baseUrl: string
  wsUrl: string
  /** Resolves when GET /api/status answers; rejects if the process exits first. */
  ready: Promise<void>
  /** Settles when the process exits, whatever the reason (never rejects). */
  exited: Promise<void>
  startKernel(name: string): Promise<string>
  interrupt(kernelId: string): Promise<void>
  restart(kernelId: string): Promise<void>
  remove(kernelId: string): Promise<void>
  close(): Promise<void>
}>

export type JupyterServerOpts = Readonly<{
  port: number
  rootDir: string
  python: string
  log: Logger
  env: NodeJS.ProcessEnv
}>

/**
 * Debian's `jupyter-server` entry script, run by the interpreter's python as upstream's template runs
 * it (so its command line names `jupyter-server`, as E2B's supervision test's `pkill` expects);
 * `-m jupyter_server` where an older image lacks the script.
 */
export const JUPYTER_SERVER_SCRIPT = '/usr/bin/jupyter-server'

/** Flags that keep the start fast and the API open to loopback only (no token, no browser, no extensions' UI). */
export function jupyterArgs(
  port: number,
  rootDir: string,
  script: string | undefined = JUPYTER_SERVER_SCRIPT,
): string[] {
  return [
    ...(script ? [script] : ['-m', 'jupyter_server']),
    '--ServerApp.ip=127.0.0.1',
    `--ServerApp.port=${port}`,
    '--ServerApp.port_retries=0',
    '--ServerApp.token=',
    '--ServerApp.password=',
    '--ServerApp.open_browser=False',
    `--ServerApp.root_dir=${rootDir}`,
    '--ServerApp.disable_check_xsrf=True',
    '--ServerApp.allow_remote_access=True',
    '--ServerApp.allow_origin=*',
    '--ServerApp.iopub_data_rate_limit=1000000000',
    '--ServerApp.iopub_msg_rate_limit=1000000000',
    // Only our extension (TCP_NODELAY on kernel sockets, see sandock_jupyter.py): others (nbclassic,
    // lab) add seconds to the start and serve nothing the interpreter needs.
    '--ServerApp.jpserver_extensions=sandock_jupyter=True',
    '--ServerApp.log_level=WARN',
  ]
}

export function startJupyterServer(opts: JupyterServerOpts): JupyterServer {
  const { port, log } = opts
  const baseUrl = `http://127.0.0.1:${port}`
  const script = existsSync(JUPYTER_SERVER_SCRIPT) ? JUPYTER_SERVER_SCRIPT : undefined
  const child: ChildProcess = spawn(opts.python, jupyterArgs(port, opts.rootDir, script), {
    cwd: opts.rootDir,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let exited = false
  const exit = new Promise<never>((_, reject) => {
    child.once('error', (err) => reject(err))
    child.once('exit', (code, signal) => {
      exited = true
      reject(new Error(`jupyter server exited (code ${code}, signal ${signal})`))
    })
  })
  exit.catch(() => undefined)
  const relay = (chunk: Buffer) => {
    const text = chunk.toString('utf8').trim()
    if (text) log.debug({ output: text.slice(0, 2000) }, 'jupyter server output')
  }
  child.stdout!.on('data', relay)
  child.stderr!.on('data', relay)

  const ready = (async () => {
    for (;;) {
      const ok = await fetch(`${baseUrl}/api/status`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return
      // Poll tightly: the server binds its port within a second or two and every ms counts at create.
      await Promise.race([new Promise((r) => setTimeout(r, 25)), exit])
    }
  })()
  ready.catch(() => undefined)

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    await ready
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!res.ok && res.status !== 404) {
      const text = await res.text().catch(() => '')
      throw new Error(`jupyter ${method} ${path.split('?')[0]}: ${res.status} ${extractMessage(text)}`)
    }
    return res
  }

  return {
    baseUrl,
    wsUrl: `ws://127.0.0.1:${port}`,
    ready,
    exited: exit.then(
      () => undefined,
      () => undefined,
    ),
    async startKernel(name) {
      const res = await call('POST', '/api/kernels', { name })
      if (!res.ok) throw new Error(`no kernel named "${name}"`)
      return ((await res.json()) as { id: string }).id
    },
    async interrupt(kernelId) {
      await call('POST', `/api/kernels/${kernelId}/interrupt`)
    },
    async restart(kernelId) {
      await call('POST', `/api/kernels/${kernelId}/restart`)
    },
    async remove(kernelId) {
      await call('DELETE', `/api/kernels/${kernelId}`)
    },
    async close() {
      if (exited) return
      child.kill('SIGTERM')
      const force = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exit.catch(() => undefined)
      clearTimeout(force)
    },
  }
}

/** Jupyter's errors are JSON `{message, reason}` (or HTML for tornado's own); keep the useful part. */
function extractMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: string; reason?: string }
    return body.message || body.reason || text.slice(0, 300)
  } catch {
    return text.slice(0, 300)
  }
}
