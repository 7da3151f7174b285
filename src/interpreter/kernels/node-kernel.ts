// JavaScript and TypeScript contexts: one Node process per context running our kernel runner
// (node-kernel/runner.ts) under the same Node binary and bundle as this server.
import { fork, type ChildProcess } from 'node:child_process'
import type { Logger } from 'pino'
import type { FromKernel, ToKernel } from '../node-kernel/protocol.js'
import { nowIso, restartingError, type ExecuteOpts, type Kernel } from './kernel.js'

export type NodeKernelOpts = Readonly<{
  typescript: boolean
  /** The `sandock` bundle (its `interpreter-kernel` subcommand is the runner). */
  entry: string
  cwd: string
  env: NodeJS.ProcessEnv
  log: Logger
  /** How long an interrupted cell may take to stop before the process is replaced (default 3 s). */
  interruptGraceMs?: number
}>

type Pending = { opts: ExecuteOpts; finish: () => void }

export async function startNodeKernel(opts: NodeKernelOpts): Promise<NodeKernel> {
  const k = new NodeKernel(opts)
  await k.spawn()
  return k
}

export class NodeKernel implements Kernel {
  private child: ChildProcess | undefined
  private nextId = 1
  private readonly pending = new Map<number, Pending>()
  private closed = false
  generation = 0

  constructor(private readonly opts: NodeKernelOpts) {}

  /** Resolves once the current process said `ready` (cells wait for it after a respawn). */
  private starting: Promise<void> = Promise.resolve()

  spawn(): Promise<void> {
    this.starting = this.spawnProcess()
    return this.starting
  }

  private async spawnProcess(): Promise<void> {
    this.generation++
    const child = fork(this.opts.entry, ['interpreter-kernel', this.opts.typescript ? 'ts' : 'js'], {
      cwd: this.opts.cwd,
      env: this.opts.env,
      // stripTypeScriptTypes is experimental in Node 24; its one-time warning is noise in a cell's stderr.
      execArgv: ['--no-warnings', '--max-old-space-size=4096'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'json',
    })
    this.child = child
    // Output of subprocesses the cell started with inherited stdio: attributed to the cell in flight.
    const relay = (name: 'stdout' | 'stderr') => (chunk: Buffer) => {
      const p = this.current()
      if (p) p.opts.onEvent({ type: 'stream', name, text: chunk.toString('utf8'), timestamp: nowIso() })
    }
    child.stdout!.on('data', relay('stdout'))
    child.stderr!.on('data', relay('stderr'))
    child.on('message', (m: FromKernel) => this.onMessage(m))
    child.once('exit', (code, signal) => {
      if (this.child !== child) return
      this.child = undefined
      this.failPending(`the kernel process exited (code ${code}, signal ${signal})`)
      if (!this.closed) {
        this.opts.log.warn({ code, signal }, 'node kernel exited; starting a new one')
        this.spawn().catch((err: unknown) => this.opts.log.error({ err }, 'node kernel restart failed'))
      }
    })
    await new Promise<void>((resolve, reject) => {
      const onMsg = (m: FromKernel) => {
        if (m.type !== 'ready') return
        child.off('message', onMsg)
        resolve()
      }
      child.on('message', onMsg)
      child.once('error', reject)
      child.once('exit', (code) => reject(new Error(`the node kernel exited during start (code ${code})`)))
    })
  }

  async execute(code: string, opts: ExecuteOpts): Promise<void> {
    await this.starting.catch(() => undefined)
    const child = this.child
    if (!child?.connected) {
      opts.onEvent(restartingError('the kernel process is not running'))
      return Promise.resolve()
    }
    const id = this.nextId++
    return new Promise<void>((resolve) => {
      this.pending.set(id, {
        opts,
        finish: () => {
          this.pending.delete(id)
          resolve()
        },
      })
      const msg: ToKernel = { type: 'execute', id, code, silent: opts.silent }
      child.send(msg)
    })
  }

  async interrupt(): Promise<void> {
    const child = this.child
    if (!child || this.pending.size === 0) return
    child.kill('SIGINT')
    // A cell stuck in synchronous code after its first await cannot be reached by SIGINT: replace the process.
    const grace = this.opts.interruptGraceMs ?? 3000
    const deadline = Date.now() + grace
    while (this.pending.size > 0 && this.child === child && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    if (this.pending.size > 0 && this.child === child) {
      this.opts.log.warn('node kernel ignored the interrupt; replacing it')
      await this.restart()
    }
  }

  async restart(): Promise<void> {
    const old = this.child
    this.child = undefined
    this.failPending('the kernel was restarted')
    if (old) {
      const gone = new Promise((r) => old.once('exit', r))
      old.kill('SIGKILL')
      await gone
    }
    await this.spawn()
  }

  async shutdown(): Promise<void> {
    this.closed = true
    const old = this.child
    this.child = undefined
    this.failPending('the context was removed')
    old?.kill('SIGKILL')
  }

  private current(): Pending | undefined {
    return this.pending.values().next().value
  }

  private onMessage(m: FromKernel): void {
    if (m.type === 'ready') return
    const p = this.pending.get(m.id)
    if (!p) return
    switch (m.type) {
      case 'stream':
        p.opts.onEvent({ type: 'stream', name: m.name, text: m.text, timestamp: m.timestamp })
        break
      case 'execute_input':
        p.opts.onEvent({ type: 'execute_input', executionCount: m.executionCount })
        break
      case 'result':
        p.opts.onEvent({ type: 'result', bundle: m.bundle, isMain: true })
        break
      case 'error':
        p.opts.onEvent({ type: 'error', name: m.name, value: m.value, traceback: m.traceback })
        break
      case 'done':
        p.finish()
        break
    }
  }

  private failPending(detail: string): void {
    for (const p of [...this.pending.values()]) {
      p.opts.onEvent(restartingError(detail))
      p.finish()
    }
  }
}
