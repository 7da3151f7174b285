// The control plane's calls to envd inside a sandbox: readiness, /init and /metrics (never proxied).
import net from 'node:net'
import { ENVD_PORT } from '../../shared/envd.js'
import { AppError } from '../../shared/errors.js'


export type EnvdMetrics = {
  ts: number; cpu_count: number; cpu_used_pct: number; mem_total: number; mem_used: number; mem_cache: number
  disk_used: number; disk_total: number
}

const base = (ip: string) => `http://${ip}:${ENVD_PORT}`

/** Resolves true once something accepts TCP connections on envd's port (false on refusal or after `timeoutMs`). */
function portOpen(ip: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: ip, port: ENVD_PORT })
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

/**
 * Waits until envd answers /health with 204; throws unavailable after `timeoutMs`. Probes the port
 * every few milliseconds (a refused connect costs microseconds) instead of sleeping with backoff,
 * so a create learns that envd is up within ~3 ms of its listen.
 */
export async function waitForEnvd(ip: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await portOpen(ip, 250)) {
      const ok = await fetch(`${base(ip)}/health`, { signal: AbortSignal.timeout(1000) }).then((r) => r.status === 204, () => false)
      if (ok) return
    }
    if (Date.now() > deadline) throw new AppError('unavailable', `envd in the sandbox did not become ready within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 3))
  }
}

/** POST /init: env vars and the access token; `currentToken` authorises a re-init. */
export async function initEnvd(ip: string, body: { envVars: Record<string, string>; accessToken?: string }, currentToken?: string): Promise<void> {
  const res = await fetch(`${base(ip)}/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(currentToken ? { 'x-access-token': currentToken } : {}) },
    body: JSON.stringify({ ...body, timestamp: new Date().toISOString() }),
    signal: AbortSignal.timeout(10_000),
  }).catch((e) => {
    throw new AppError('unavailable', `envd /init failed: ${(e as Error).message}`, { cause: e })
  })
  if (res.status !== 204) throw new AppError('internal', `envd /init answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
}

export async function fetchEnvdMetrics(ip: string, token: string | undefined): Promise<EnvdMetrics> {
  const res = await fetch(`${base(ip)}/metrics`, { headers: token ? { 'x-access-token': token } : {}, signal: AbortSignal.timeout(5000) })
  if (res.status !== 200) throw new AppError('unavailable', `envd /metrics answered ${res.status}`)
  return (await res.json()) as EnvdMetrics
}
