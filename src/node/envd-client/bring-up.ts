// Bringing a started container up as a sandbox: envd answering, /init with the env vars and
// token, the template's start command started and its ready command passed. bringUp() is the
// whole sequence (a template build's final check); a sandbox's boots (sandboxes/boot.ts) run the
// same steps in line, with initEnvd() once envd answers.
import type { Limiter } from '../../shared/limiter.js'
import type { EnvdClient, EnvdInit, EnvdMetrics } from './client.js'
import { waitUntilReady, type SandboxCommand, type StartedCommand } from './commands.js'

/** A template's commands and how they run (user, workdir and shell from the template). */
export type StartCommands = Readonly<{
  user: string
  workdir: string | undefined
  shell: string
  /** Started and left running. */
  startCmd: string | undefined
  /** Polled until it exits 0 (quickly at first, then every `maxIntervalMs`), for up to `readyTimeoutMs`. */
  readyCmd: string | undefined
  readyTimeoutMs: number
  maxIntervalMs: number
  /** Told before the start command starts and before the ready command is first run. */
  onStep?: (step: 'start' | 'ready', cmd: string) => void
}>

export type BringUpOptions = Readonly<{
  /** Creates and starts (or restarts) the container. */
  start: () => Promise<{ containerId: string; ip: string }>
  /** Runs once the container runs and before envd is first reached (egress rules: no user code runs without them). */
  beforeEnvd?: (c: { containerId: string; ip: string }) => Promise<unknown>
  /** Held from the container's start until envd answers: Docker and envd's Node start are the heavy part. */
  slot?: Limiter
  /** Undoes the start when a later step fails (removes the container); without it the container stays. */
  undo?: (containerId: string) => Promise<void>
  /** What /init gets; its token then guards the commands. */
  init: EnvdInit
  /** Also reads envd's first metrics, beside /init. */
  firstMetrics?: boolean
  commands?: StartCommands | undefined
  /**
   * Aborts the bring-up: no container starts after it, and a started one is undone at once (each
   * later step is raced against it, so a slow envd or ready command is not waited for).
   */
  signal?: AbortSignal
}>

/** `p`, or the signal's reason as soon as it aborts (p's own outcome is then ignored). */
export function unlessAborted<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p
  if (signal.aborted) {
    p.catch(() => undefined)
    return Promise.reject(signal.reason)
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

export type BroughtUp = {
  containerId: string
  ip: string
  first: EnvdMetrics | undefined
  /** performance.now() when the container ran and when envd answered (boot-slot waits included). */
  startedAt: number
  envdUpAt: number
}

/** Brings a container up (see the file header); on failure undoes the start when told how, and rethrows. */
export async function bringUp(envd: EnvdClient, o: BringUpOptions): Promise<BroughtUp> {
  let startedAt = 0
  let envdUpAt = 0
  const boot = async () => {
    o.signal?.throwIfAborted()
    const c = await o.start()
    startedAt = performance.now()
    try {
      o.signal?.throwIfAborted()
      await unlessAborted(
        (async () => {
          await o.beforeEnvd?.(c)
          await envd.waitUntilUp(c.ip)
        })(),
        o.signal,
      )
    } catch (e) {
      await o.undo?.(c.containerId).catch(() => undefined)
      throw e
    }
    envdUpAt = performance.now()
    return c
  }
  const { containerId, ip } = o.slot ? await o.slot(boot) : await boot()
  try {
    const first = await initEnvd(envd, ip, o)
    return { containerId, ip, first, startedAt, envdUpAt }
  } catch (e) {
    await o.undo?.(containerId).catch(() => undefined)
    throw e
  }
}

/**
 * The steps once envd answers at `ip`: /init (envd's first metrics read beside it when asked), then
 * the template's start command and its ready command; raced against `signal`.
 */
export async function initEnvd(
  envd: EnvdClient,
  ip: string,
  o: Pick<BringUpOptions, 'init' | 'firstMetrics' | 'commands' | 'signal'>,
): Promise<EnvdMetrics | undefined> {
  return unlessAborted(
    (async () => {
      const [m] = await Promise.all([
        o.firstMetrics ? envd.metrics(ip, undefined).catch(() => undefined) : undefined,
        envd.init(ip, o.init),
      ])
      if (o.commands) await runStartCommands(envd, ip, o.init.accessToken, o.commands)
      return m
    })(),
    o.signal,
  )
}

async function runStartCommands(
  envd: EnvdClient,
  ip: string,
  token: string | undefined,
  c: StartCommands,
): Promise<void> {
  const cmd = (command: string): SandboxCommand => ({
    cmd: command,
    user: c.user,
    cwd: c.workdir,
    envs: {},
    shell: c.shell,
  })
  let started: StartedCommand | undefined
  if (c.startCmd) {
    c.onStep?.('start', c.startCmd)
    started = await envd.start(ip, token, cmd(c.startCmd), 'start-cmd')
  }
  try {
    if (c.readyCmd) {
      c.onStep?.('ready', c.readyCmd)
      await waitUntilReady((rc, opts) => envd.run(ip, token, rc, opts), cmd(c.readyCmd), {
        timeoutMs: c.readyTimeoutMs,
        maxIntervalMs: c.maxIntervalMs,
        startedBy: started,
      })
    }
  } finally {
    // The process keeps running; only our stream closes.
    started?.detach()
  }
}
