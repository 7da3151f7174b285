// The control plane's calls to envd inside a sandbox (never proxied): readiness, /init, /metrics,
// and commands through its Process service. One EnvdClient serves sandboxes and template builds;
// tests hand the core a fake one.
import net from 'node:net'
import { ENVD_PORT } from '../../shared/envd.js'
import { AppError } from '../../shared/errors.js'
import { runInSandbox, startInSandbox, type SandboxCommand, type StartedCommand } from './commands.js'
import {
  ERROR_BODY_MAX_BYTES,
  METRICS_MAX_BYTES,
  parseEnvdMetrics,
  readBounded,
  type EnvdMetrics,
} from './envd-answers.js'

export type { EnvdMetrics } from './envd-answers.js'

export type EnvdInit = {
  envVars: Record<string, string>
  accessToken?: string | undefined
  caBundle?: string | undefined
  /** A sandbox restored from another's memory: its own ids (envd had the source's). */
  sandboxId?: string | undefined
  templateId?: string | undefined
}

export interface EnvdClient {
  /** Waits until envd answers /health; throws unavailable after `timeoutMs` (default 30 s). */
  waitUntilUp(ip: string, timeoutMs?: number): Promise<void>
  /** POST /init: env vars and the access token; `currentToken` authorises a re-init. */
  init(ip: string, body: EnvdInit, currentToken?: string): Promise<void>
  /** GET /metrics, size-capped and checked field by field (envd-answers.ts): a bad answer throws. */
  metrics(ip: string, token: string | undefined): Promise<EnvdMetrics>
  /** Starts `c` and resolves once it runs; it stays up after `detach()` closes the stream. */
  start(ip: string, token: string | undefined, c: SandboxCommand, tag: string): Promise<StartedCommand>
  /** Runs `c` to completion; resolves with its exit code; output lines go to `onLine`. */
  run(
    ip: string,
    token: string | undefined,
    c: SandboxCommand,
    opts: { timeoutMs: number; onLine?: (line: string) => void },
  ): Promise<number>
}

/** Resolves true once something accepts TCP connections on `port` (false on refusal or after `timeoutMs`). */
function portOpen(ip: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: ip, port })
    const done = (ok: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(ok)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

export function createEnvdClient(opts: { port?: number } = {}): EnvdClient {
  const port = opts.port ?? ENVD_PORT
  const base = (ip: string) => `http://${ip}:${port}`
  return {
    // Probes the port every few milliseconds (a refused connect costs microseconds) instead of
    // sleeping with backoff, so a create learns that envd is up within ~3 ms of its listen.
    async waitUntilUp(ip, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        if (await portOpen(ip, port, 250)) {
          const ok = await fetch(`${base(ip)}/health`, { signal: AbortSignal.timeout(1000) }).then(
            async (r) => {
              await r.body?.cancel().catch(() => undefined)
              return r.status === 204
            },
            () => false,
          )
          if (ok) return
        }
        if (Date.now() > deadline)
          throw new AppError('unavailable', `envd in the sandbox did not become ready within ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 3))
      }
    },

    async init(ip, body, currentToken) {
      const res = await fetch(`${base(ip)}/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(currentToken ? { 'x-access-token': currentToken } : {}) },
        body: JSON.stringify({ ...body, timestamp: new Date().toISOString() }),
        signal: AbortSignal.timeout(10_000),
      }).catch((e: unknown) => {
        throw new AppError('unavailable', `envd /init failed: ${(e as Error).message}`, { cause: e })
      })
      if (res.status !== 204) {
        const text = await readBounded(res, ERROR_BODY_MAX_BYTES, { truncate: true }).then(
          (b) => b.toString('utf8'),
          () => '',
        )
        throw new AppError('internal', `envd /init answered ${res.status}: ${text.slice(0, 200)}`)
      }
      await res.body?.cancel().catch(() => undefined)
    },

    async metrics(ip, token) {
      const res = await fetch(`${base(ip)}/metrics`, {
        headers: token ? { 'x-access-token': token } : {},
        signal: AbortSignal.timeout(5000),
      })
      if (res.status !== 200) {
        await res.body?.cancel().catch(() => undefined)
        throw new AppError('unavailable', `envd /metrics answered ${res.status}`)
      }
      return parseEnvdMetrics(await readBounded(res, METRICS_MAX_BYTES))
    },

    start: (ip, token, c, tag) => startInSandbox(base(ip), token, c, tag),
    run: (ip, token, c, o) => runInSandbox(base(ip), token, c, o),
  }
}

/** A sandbox's disk size in MiB from envd's metrics (what the API reports as diskSizeMB). */
export const diskSizeMB = (m: EnvdMetrics): number => Math.round(m.disk_total / 1048576)
