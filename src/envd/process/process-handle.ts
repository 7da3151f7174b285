// One running process (pipes or a PTY) and its subscribers: output fans out to every attached
// stream; output while nobody listens is dropped (compat: upstream keeps no replay buffer).
import type { Readable, Writable } from 'node:stream'
import { constants as osConstants } from 'node:os'
import type { IPty } from 'node-pty'
import { create } from '@bufbuild/protobuf'
import { ProcessEventSchema, type ProcessConfig, type ProcessEvent } from '../../gen/process/process_pb.js'
import { AsyncQueue } from '../../shared/async-queue.js'
import { AppError, InternalError } from '../../shared/errors.js'

// Go's os/exec wording for the common signals ("signal: killed"), which clients may match on.
const SIGNAL_TEXT: Record<string, string> = {
  SIGKILL: 'killed',
  SIGTERM: 'terminated',
  SIGINT: 'interrupt',
  SIGHUP: 'hangup',
  SIGQUIT: 'quit',
  SIGABRT: 'aborted',
  SIGSEGV: 'segmentation fault',
  SIGPIPE: 'broken pipe',
  SIGBUS: 'bus error',
  SIGFPE: 'floating point exception',
  SIGILL: 'illegal instruction',
  SIGUSR1: 'user defined signal 1',
  SIGUSR2: 'user defined signal 2',
  SIGALRM: 'alarm clock',
}

/** What a child with pipes must offer: Node's ChildProcess, or a SpawnedChild from the spawner. */
export interface PipedChild {
  readonly stdin: Writable | null
  readonly stdout: Readable | null
  readonly stderr: Readable | null
  kill(signal?: NodeJS.Signals | number): boolean
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown
  on(event: 'close', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown
  on(event: 'error', listener: (err: Error) => void): unknown
}

export type Io = { kind: 'pipes'; child: PipedChild } | { kind: 'pty'; pty: IPty }

export type Subscription = { events: AsyncQueue<ProcessEvent>; unsubscribe(): void }

export class ProcessHandle {
  private readonly subscribers = new Set<AsyncQueue<ProcessEvent>>()
  private endEvent: ProcessEvent | undefined
  private deadline: NodeJS.Timeout | undefined
  private killedByUs = false
  private stdinOpen: boolean
  private readonly endListeners: (() => void)[] = []

  constructor(
    readonly pid: number,
    readonly config: ProcessConfig,
    readonly tag: string | undefined,
    private readonly io: Io,
    stdinPipe: boolean,
  ) {
    this.stdinOpen = stdinPipe
    if (io.kind === 'pipes') this.wirePipes(io.child)
    else this.wirePty(io.pty)
  }

  get exited(): boolean {
    return this.endEvent !== undefined
  }

  /** Runs `fn` once the process has ended (immediately if it already has). */
  onEnd(fn: () => void): void {
    if (this.endEvent) fn()
    else this.endListeners.push(fn)
  }

  /** A new subscriber: `start` first, then live output and `end` (or both at once if exited). */
  subscribe(): Subscription {
    const q = new AsyncQueue<ProcessEvent>()
    q.push(create(ProcessEventSchema, { event: { case: 'start', value: { pid: this.pid } } }))
    if (this.endEvent) {
      q.push(this.endEvent)
      q.end()
    } else this.subscribers.add(q)
    return { events: q, unsubscribe: () => this.subscribers.delete(q) }
  }

  /** SIGKILLs the process after `ms` (the Start deadline); cleared when it exits. */
  setDeadline(ms: number): void {
    this.deadline = setTimeout(() => this.signal('SIGKILL'), ms)
    this.deadline.unref()
  }

  signal(sig: 'SIGKILL' | 'SIGTERM'): void {
    if (this.endEvent) return
    this.killedByUs = true
    try {
      if (this.io.kind === 'pty') this.io.pty.kill(sig)
      else this.io.child.kill(sig)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ESRCH')
        throw new InternalError(`failed to signal process: ${(e as Error).message}`)
    }
  }

  writeStdin(data: Uint8Array): void {
    if (this.io.kind === 'pty') throw new InternalError('process has a pty; send input as pty')
    const stdin = this.io.child.stdin
    if (!this.stdinOpen || !stdin || stdin.destroyed) throw new InternalError('stdin not enabled or closed')
    stdin.write(data)
  }

  writePty(data: Uint8Array): void {
    if (this.io.kind !== 'pty') throw new InternalError('tty not assigned to process')
    this.io.pty.write(Buffer.from(data))
  }

  /** Idempotent; a PTY has no stdin pipe to close. */
  closeStdin(): void {
    if (this.io.kind === 'pty')
      throw new AppError('unknown', 'cannot close stdin of a pty process; send Ctrl+D (0x04) instead')
    this.stdinOpen = false
    this.io.child.stdin?.end()
  }

  resize(cols: number, rows: number): void {
    if (this.io.kind !== 'pty') throw new InternalError('tty not assigned to process')
    if (this.endEvent) return
    this.io.pty.resize(Math.max(1, cols), Math.max(1, rows))
  }

  private broadcast(ev: ProcessEvent): void {
    for (const q of this.subscribers) {
      if (q.closed) this.subscribers.delete(q)
      else q.push(ev)
    }
  }

  private data(kind: 'stdout' | 'stderr' | 'pty', chunk: Buffer): void {
    if (this.subscribers.size === 0) return
    this.broadcast(
      create(ProcessEventSchema, { event: { case: 'data', value: { output: { case: kind, value: chunk } } } }),
    )
  }

  private finish(code: number | null, signal: string | null, error?: string): void {
    if (this.endEvent) return
    clearTimeout(this.deadline)
    const exited = signal === null
    const status = exited ? `exit status ${code ?? 0}` : `signal: ${SIGNAL_TEXT[signal] ?? signal}`
    const failed = !exited || (code ?? 0) !== 0 || error !== undefined
    this.endEvent = create(ProcessEventSchema, {
      event: {
        case: 'end',
        value: { exitCode: exited ? (code ?? 0) : -1, exited, status, error: failed ? (error ?? status) : undefined },
      },
    })
    this.broadcast(this.endEvent)
    for (const q of this.subscribers) q.end()
    this.subscribers.clear()
    for (const fn of this.endListeners.splice(0)) fn()
  }

  private wirePipes(child: PipedChild): void {
    child.stdout?.on('data', (c: Buffer) => this.data('stdout', c))
    child.stderr?.on('data', (c: Buffer) => this.data('stderr', c))
    child.stdin?.on('error', () => {
      this.stdinOpen = false
    })
    // 'close' waits for the pipes to drain; after our own kill, grandchildren may hold them open,
    // so 'exit' ends the process at once in that case.
    child.on('exit', (code, signal) => {
      if (this.killedByUs) this.finish(code, signal)
    })
    child.on('close', (code, signal) => this.finish(code, signal))
    child.on('error', (err) => this.finish(1, null, err.message))
  }

  private wirePty(pty: IPty): void {
    pty.onData((d: string | Buffer) => this.data('pty', typeof d === 'string' ? Buffer.from(d) : d))
    pty.onExit(({ exitCode, signal }) => {
      const signals = osConstants.signals as Record<string, number>
      const name = signal ? (Object.keys(signals).find((k) => signals[k] === signal) ?? `signal ${signal}`) : null
      this.finish(exitCode, name)
    })
  }
}
