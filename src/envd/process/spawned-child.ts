// A process started by sandock-spawner, with the part of Node's ChildProcess that ProcessHandle
// uses: pid, stdin/stdout/stderr sockets, kill(), and 'exit', 'close' and 'error' in the order
// and with the arguments Node gives them.
import { EventEmitter } from 'node:events'
import { Socket } from 'node:net'
import { constants as osConstants } from 'node:os'

const SIGNAL_NAMES = new Map(
  Object.entries(osConstants.signals as Record<string, number>).map(([name, n]) => [n, name]),
)

export class SpawnedChild extends EventEmitter {
  stdin: Socket | null = null
  stdout: Socket | null = null
  stderr: Socket | null = null
  exitCode: number | null = null
  signalCode: NodeJS.Signals | null = null
  private ended = false
  // As Node counts: the exit, then the close of each readable stdio socket.
  private closesNeeded = 3
  private closesGot = 0

  constructor(
    readonly pid: number,
    private readonly sendSignal: (signal: number) => void,
  ) {
    super()
  }

  /** Takes a stdio socket handle from the spawner: fd 0 becomes a write-only socket, 1 and 2 readable. */
  attach(fd: 0 | 1 | 2, handle: unknown): void {
    // What child_process does with the pipes it creates for a spawn.
    const socket = new Socket({ handle: handle as never, readable: fd > 0 })
    if (fd === 0) this.stdin = socket
    else {
      if (fd === 1) this.stdout = socket
      else this.stderr = socket
      socket.on('close', () => this.maybeClose())
    }
  }

  /** Node's semantics: false once the process has exited, otherwise the signal is sent. */
  kill(signal: NodeJS.Signals | number = 'SIGTERM'): boolean {
    if (this.ended) return false
    const n = typeof signal === 'number' ? signal : (osConstants.signals as Record<string, number>)[signal]
    if (n === undefined) throw new TypeError(`unknown signal ${String(signal)}`)
    this.sendSignal(n)
    return true
  }

  /** The spawner reaped it. */
  exited(code: number | null, signal: number | null): void {
    if (this.ended) return
    this.ended = true
    this.exitCode = code
    this.signalCode = signal === null ? null : ((SIGNAL_NAMES.get(signal) ?? `SIG${signal}`) as NodeJS.Signals)
    this.stdin?.destroy()
    this.emit('exit', this.exitCode, this.signalCode)
    // Like Node: streams nobody reads are drained so that they close and 'close' can follow.
    process.nextTick(() => {
      for (const s of [this.stdout, this.stderr]) if (s && s.readable && s.listenerCount('data') === 0) s.resume()
    })
    this.maybeClose()
  }

  /** The spawner died before reporting an exit: the process can no longer be followed. */
  lost(err: Error): void {
    if (this.ended) return
    this.ended = true
    // Whoever started it listens from the moment spawn() resolved; nobody else needs telling.
    if (this.listenerCount('error') > 0) this.emit('error', err)
  }

  private maybeClose(): void {
    if (++this.closesGot === this.closesNeeded) this.emit('close', this.exitCode, this.signalCode)
  }
}
