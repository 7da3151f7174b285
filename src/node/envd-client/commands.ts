// Commands the control plane runs inside a sandbox through envd's Process service: a template's
// start command (left running; watched until ready, so an early failure is reported at once) and
// its ready command (polled until it exits 0). `baseUrl` is envd's (http://<ip>:<port>).
import { createClient, type Client } from '@connectrpc/connect'
import { createConnectTransport } from '@connectrpc/connect-node'
import { Process } from '../../gen/process/process_pb.js'
import { AppError } from '../../shared/errors.js'
import { CONNECT_READ_MAX_BYTES } from './envd-answers.js'

export type SandboxCommand = Readonly<{
  cmd: string
  user: string
  cwd: string | undefined
  envs: Record<string, string>
  /** The template's shell: `/bin/bash` (run as a login shell, as upstream) or `/bin/sh`. */
  shell: string
}>

function client(baseUrl: string, user: string, token: string | undefined): Client<typeof Process> {
  const transport = createConnectTransport({
    baseUrl,
    httpVersion: '1.1',
    // A message from envd past this is an error, not a buffer the size the sandbox chose.
    readMaxBytes: CONNECT_READ_MAX_BYTES,
    interceptors: [
      (next) => async (req) => {
        req.header.set('authorization', `Basic ${Buffer.from(`${user}:`).toString('base64')}`)
        if (token) req.header.set('x-access-token', token)
        return next(req)
      },
    ],
  })
  return createClient(Process, transport)
}

const argv = (c: SandboxCommand) => ({
  cmd: c.shell,
  args: c.shell.endsWith('bash') ? ['-l', '-c', c.cmd] : ['-c', c.cmd],
  envs: c.envs,
  cwd: c.cwd,
})

export type StartedCommand = {
  pid: number
  /** Set once the process ended while we still listened: its exit code and the last output. */
  ended(): { exitCode: number; output: string } | undefined
  /** Stops listening; the process keeps running. */
  detach(): void
}

/** Starts `c` and resolves once it runs; it stays up after `detach()` closes the stream. */
export async function startInSandbox(
  baseUrl: string,
  token: string | undefined,
  c: SandboxCommand,
  tag: string,
): Promise<StartedCommand> {
  const abort = new AbortController()
  const stream = client(baseUrl, c.user, token)
    .start({ process: argv(c), tag, stdin: false }, { signal: abort.signal, timeoutMs: 0 })
    [Symbol.asyncIterator]()
  let output = ''
  let end: { exitCode: number; output: string } | undefined
  const decoder = new TextDecoder()
  const next = async () => {
    const r = await stream.next()
    const ev = r.done ? undefined : r.value.event
    if (ev?.event.case === 'data')
      output = (output + decoder.decode(ev.event.value.output.value ?? new Uint8Array(), { stream: true })).slice(-2000)
    if (ev?.event.case === 'end') end = { exitCode: ev.event.value.exitCode, output }
    return { done: r.done === true, ev }
  }
  try {
    for (;;) {
      const { done, ev } = await next()
      if (done) throw new AppError('internal', 'start command: envd closed the stream before the process started')
      if (ev?.event.case === 'start') {
        const pid = ev.event.value.pid
        // Keep listening in the background, only to learn whether it exits early.
        void (async () => {
          while (!end && !abort.signal.aborted) if ((await next()).done) break
        })().catch(() => undefined)
        return { pid, ended: () => end, detach: () => abort.abort() }
      }
    }
  } catch (e) {
    abort.abort()
    throw e
  }
}

const LINE_MAX_CHARS = 64 * 1024

/** Runs `c` to completion; output lines go to `onLine`. */
export async function runInSandbox(
  baseUrl: string,
  token: string | undefined,
  c: SandboxCommand,
  opts: { timeoutMs: number; onLine?: (line: string) => void },
): Promise<number> {
  let exitCode = -1
  const decoder = new TextDecoder()
  let rest = ''
  for await (const { event: ev } of client(baseUrl, c.user, token).start(
    { process: argv(c), stdin: false },
    { timeoutMs: opts.timeoutMs },
  )) {
    if (ev?.event.case === 'data' && opts.onLine) {
      const lines = (rest + decoder.decode(ev!.event.value.output.value ?? new Uint8Array(), { stream: true })).split(
        '\n',
      )
      rest = lines.pop() ?? ''
      for (const l of lines) opts.onLine(l)
      // Output without a newline is passed on in pieces, never held whole.
      if (rest.length > LINE_MAX_CHARS) {
        opts.onLine(rest)
        rest = ''
      }
    }
    if (ev?.event.case === 'end') exitCode = ev!.event.value.exitCode
  }
  if (rest && opts.onLine) opts.onLine(rest)
  return exitCode
}

/** Runs a command in one sandbox to completion, resolving with its exit code. */
export type RunCommand = (c: SandboxCommand, opts: { timeoutMs: number }) => Promise<number>

/**
 * Polls the ready command until it exits 0 (quickly at first, then every `maxIntervalMs`);
 * throws deadline_exceeded after `timeoutMs`.
 */
export async function waitUntilReady(
  run: RunCommand,
  c: SandboxCommand,
  opts: { timeoutMs: number; maxIntervalMs: number; startedBy?: StartedCommand },
): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs
  let delay = 50
  for (;;) {
    const left = deadline - Date.now()
    const code = await run(c, { timeoutMs: Math.max(1000, left) }).catch(() => -1)
    if (code === 0) return
    // A start command that failed will not get ready: say so now, not at the deadline.
    const ended = opts.startedBy?.ended()
    if (ended && ended.exitCode !== 0) {
      throw new AppError(
        'failed_precondition',
        `the template's start command exited with code ${ended.exitCode} before its ready command succeeded${ended.output.trim() ? `: ${ended.output.trim().slice(-500)}` : ''}`,
      )
    }
    if (Date.now() + delay > deadline) {
      throw new AppError(
        'deadline_exceeded',
        `the template's ready command (${c.cmd}) did not succeed within ${Math.round(opts.timeoutMs / 1000)} s`,
      )
    }
    await new Promise((r) => setTimeout(r, delay))
    delay = Math.min(delay * 2, opts.maxIntervalMs)
  }
}
