// A shell in a sandbox over envd's Process service, as `e2b sandbox connect` does it: Start with a
// PTY (no deadline), input through SendInput (in order, coalesced), resize through Update, and a
// broken stream re-attached with Connect by pid. Independent of the terminal widget.
import { Code, ConnectError, type Client } from '@connectrpc/connect'
import type { Process } from '../../../src/gen/process/process_pb.js'
import { Signal } from '../../../src/gen/process/process_pb.js'

export type PtyClient = Pick<Client<typeof Process>, 'start' | 'connect' | 'sendInput' | 'update' | 'sendSignal'>

export type PtyStatus =
  | { kind: 'connecting' }
  | { kind: 'connected'; pid: number }
  | { kind: 'reconnecting'; pid: number; attempt: number }
  | { kind: 'exited'; pid: number | undefined; exitCode: number | undefined; error?: string }
  | { kind: 'failed'; message: string }
  | { kind: 'closed' }

export type PtyEvents = {
  data(bytes: Uint8Array): void
  status(status: PtyStatus): void
  /** The shell's pid, once known (to re-attach after a reload). */
  pid?(pid: number): void
}

export type PtyOptions = {
  cols: number
  rows: number
  /** Waits before each re-attach attempt; after the last one the session fails. */
  reconnectDelaysMs?: readonly number[]
  cmd?: string
  args?: string[]
  envs?: Record<string, string>
}

// compat: the SDK's pty.create runs `bash -i -l` with these (envd sets no TERM).
const SHELL = {
  cmd: '/bin/bash',
  args: ['-i', '-l'],
  envs: { TERM: 'xterm-256color', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
}
// The SDK asks envd for a keepalive every 50 s, which keeps idle streams alive through proxies.
const STREAM_HEADERS = { 'keepalive-ping-interval': '50' }
const DEFAULT_DELAYS = [250, 500, 1000, 2000, 4000, 4000, 4000, 4000]

type ProcessEventStream = AsyncIterable<{ event?: { event: { case: string | undefined; value?: unknown } } }>

export class PtySession {
  private pidValue: number | undefined
  private abort = new AbortController()
  private closed = false
  private pending: Uint8Array[] = []
  private sending: Promise<void> | undefined
  private size: { cols: number; rows: number }
  private readonly encoder = new TextEncoder()

  constructor(
    private readonly client: PtyClient,
    private readonly events: PtyEvents,
    private readonly opts: PtyOptions,
  ) {
    this.size = { cols: opts.cols, rows: opts.rows }
  }

  get pid(): number | undefined {
    return this.pidValue
  }

  /** Re-attaches to `existingPid` when that process still runs, else starts a new shell. */
  async open(existingPid?: number): Promise<void> {
    this.events.status({ kind: 'connecting' })
    if (existingPid !== undefined) {
      this.pidValue = existingPid
      const attached = await this.follow(() => this.connectStream(existingPid), { missingIsExit: false })
      if (attached !== 'missing') return
      this.pidValue = undefined
    }
    await this.follow(
      () =>
        this.client.start(
          {
            process: {
              cmd: this.opts.cmd ?? SHELL.cmd,
              args: this.opts.args ?? SHELL.args,
              envs: { ...SHELL.envs, ...this.opts.envs },
            },
            pty: { size: this.size },
          },
          { signal: this.abort.signal, headers: STREAM_HEADERS },
        ) as ProcessEventStream,
      { missingIsExit: true },
    )
  }

  /** Sends keyboard input; calls are delivered in order, batched while one is in flight. */
  write(data: string | Uint8Array): Promise<void> {
    if (this.closed || this.pidValue === undefined) return Promise.resolve()
    this.pending.push(typeof data === 'string' ? this.encoder.encode(data) : data)
    this.sending ??= this.flush().finally(() => {
      this.sending = undefined
    })
    return this.sending
  }

  /** Resizes the PTY (programs in it get SIGWINCH). */
  async resize(cols: number, rows: number): Promise<void> {
    this.size = { cols, rows }
    const pid = this.pidValue
    if (this.closed || pid === undefined) return
    await this.client
      .update({ process: { selector: { case: 'pid', value: pid } }, pty: { size: { cols, rows } } })
      .catch(() => undefined)
  }

  /** Stops following the output; the shell keeps running (a later open(pid) re-attaches). */
  detach(): void {
    this.closed = true
    this.abort.abort()
  }

  /** Kills the shell (SIGKILL) and detaches. */
  async kill(): Promise<void> {
    const pid = this.pidValue
    this.detach()
    if (pid !== undefined)
      await this.client
        .sendSignal({ process: { selector: { case: 'pid', value: pid } }, signal: Signal.SIGKILL })
        .catch(() => undefined)
    this.events.status({ kind: 'closed' })
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0 && !this.closed) {
      const chunks = this.pending.splice(0)
      const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
      let at = 0
      for (const c of chunks) {
        bytes.set(c, at)
        at += c.length
      }
      const pid = this.pidValue
      if (pid === undefined) return
      await this.client
        .sendInput({
          process: { selector: { case: 'pid', value: pid } },
          input: { input: { case: 'pty', value: bytes } },
        })
        .catch(() => undefined)
    }
  }

  private connectStream(pid: number): ProcessEventStream {
    return this.client.connect(
      { process: { selector: { case: 'pid', value: pid } } },
      { signal: this.abort.signal, headers: STREAM_HEADERS },
    ) as ProcessEventStream
  }

  /**
   * Consumes one stream, then re-attaches with Connect while the process lives. Resolves 'missing'
   * when the first attach finds no such process and `missingIsExit` is false.
   */
  private async follow(
    open: () => ProcessEventStream,
    { missingIsExit }: { missingIsExit: boolean },
  ): Promise<'done' | 'missing'> {
    const delays = this.opts.reconnectDelaysMs ?? DEFAULT_DELAYS
    let stream = open()
    let attempt = 0
    let everConnected = false
    for (;;) {
      try {
        for await (const res of stream) {
          const ev = res.event?.event
          if (!ev) continue
          if (ev.case === 'start') {
            const pid = (ev.value as { pid: number }).pid
            const known = this.pidValue === pid
            this.pidValue = pid
            everConnected = true
            attempt = 0
            if (!known) this.events.pid?.(pid)
            this.events.status({ kind: 'connected', pid })
          } else if (ev.case === 'data') {
            const out = (ev.value as { output: { case: string | undefined; value?: Uint8Array } }).output
            if (out.value) this.events.data(out.value)
          } else if (ev.case === 'end') {
            const end = ev.value as { exitCode: number; error?: string }
            this.closed = true
            this.events.status({ kind: 'exited', pid: this.pidValue, exitCode: end.exitCode, error: end.error })
            return 'done'
          }
        }
        // The stream ended without an end event (cut by a proxy or a restart): re-attach.
      } catch (e) {
        if (this.closed) return 'done'
        const err = ConnectError.from(e)
        if (err.code === Code.NotFound) {
          if (!everConnected && !missingIsExit) return 'missing'
          this.closed = true
          this.events.status({ kind: 'exited', pid: this.pidValue, exitCode: undefined, error: 'the shell is gone' })
          return 'done'
        }
        if (!everConnected && this.pidValue === undefined) {
          this.closed = true
          this.events.status({ kind: 'failed', message: err.rawMessage || err.message })
          return 'done'
        }
      }
      if (this.closed) return 'done'
      const pid = this.pidValue
      const delay = delays[attempt]
      if (pid === undefined || delay === undefined) {
        this.closed = true
        this.events.status({ kind: 'failed', message: 'lost the connection to the shell' })
        return 'done'
      }
      attempt++
      this.events.status({ kind: 'reconnecting', pid, attempt })
      await new Promise((r) => setTimeout(r, delay))
      if (this.closed) return 'done'
      stream = this.connectStream(pid)
    }
  }
}
