// Java contexts: one JVM per context running our JShell kernel (docker/code-interpreter/java/
// SandockJShell.java, compiled into the code-interpreter image). Cells go in on fd 4 and events
// come back on fd 3 (protocol in java-protocol.ts); the cell's System.out/err travel as frames on
// fd 3 too, ordered with its end, so fd 1 and 2 only carry what bypasses them (a subprocess with
// inherited stdio), attributed to the cell in flight.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import type { Readable, Writable } from 'node:stream'
import type { Logger } from 'pino'
import { encodeJavaCell, parseJavaLine, type JavaEvent } from './java-protocol.js'
import { nowIso, restartingError, type ExecuteOpts, type Kernel } from './kernel.js'

export type JavaKernelOpts = Readonly<{
  /** The folder holding sandock-jshell.jar (and its class-data archive, if built). */
  home: string
  java?: string
  cwd: string
  env: NodeJS.ProcessEnv
  log: Logger
  /** How long an interrupted cell may take to stop before the JVM is replaced (default 3 s). */
  interruptGraceMs?: number
}>

/** Where the code-interpreter image installs the kernel (docker/code-interpreter.Dockerfile). */
export const DEFAULT_JAVA_KERNEL_HOME = '/opt/sandock-java'

type Pending = { id: number; opts: ExecuteOpts; finish: () => void; out: StringDecoder; err: StringDecoder }

export async function startJavaKernel(opts: JavaKernelOpts): Promise<JavaKernel> {
  const k = new JavaKernel(opts)
  await k.spawn()
  return k
}

/** The JVM's flags: C1 only and the serial GC start JShell's compiler in about half the time; the archive (built with the image) saves class loading. */
export function javaArgs(home: string): string[] {
  const args = [
    '--add-opens',
    'java.base/java.io=ALL-UNNAMED',
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    '-Xshare:auto',
  ]
  const archive = join(home, 'sandock-jshell.jsa')
  if (existsSync(archive)) args.push(`-XX:SharedArchiveFile=${archive}`)
  return [...args, '-cp', join(home, 'sandock-jshell.jar'), 'SandockJShell']
}

export class JavaKernel implements Kernel {
  private child: ChildProcess | undefined
  private commands: Writable | undefined
  private nextId = 1
  private readonly queue: Pending[] = []
  private closed = false
  generation = 0
  private starting: Promise<void> = Promise.resolve()

  constructor(private readonly opts: JavaKernelOpts) {}

  spawn(): Promise<void> {
    this.starting = this.spawnProcess()
    return this.starting
  }

  private async spawnProcess(): Promise<void> {
    this.generation++
    const child = spawn(this.opts.java ?? 'java', javaArgs(this.opts.home), {
      cwd: this.opts.cwd,
      env: this.opts.env,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
    })
    this.child = child
    this.commands = child.stdio[4] as Writable
    this.commands.on('error', () => undefined)
    const relay = (name: 'stdout' | 'stderr') => (chunk: Buffer) => {
      const p = this.queue[0]
      if (p && !p.opts.silent)
        p.opts.onEvent({ type: 'stream', name, text: chunk.toString('utf8'), timestamp: nowIso() })
      else if (!p)
        this.opts.log.debug({ name, text: chunk.toString('utf8').slice(0, 500) }, 'java kernel output outside a cell')
    }
    child.stdout!.on('data', relay('stdout'))
    child.stderr!.on('data', relay('stderr'))
    let ready!: () => void
    const readyP = new Promise<void>((r) => {
      ready = r
    })
    let buf = ''
    ;(child.stdio[3] as Readable).on('data', (b: Buffer) => {
      buf += b.toString('latin1')
      let nl: number
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl)
        buf = buf.slice(nl + 1)
        const ev = parseJavaLine(line)
        if (ev?.type === 'ready') ready()
        else if (ev) this.onEvent(ev)
      }
    })
    child.once('exit', (code, signal) => {
      if (this.child !== child) return
      this.child = undefined
      this.commands = undefined
      this.failPending(`the kernel process exited (code ${code}, signal ${signal})`)
      if (!this.closed) {
        this.opts.log.warn({ code, signal }, 'java kernel exited; starting a new one')
        this.spawn().catch((err: unknown) => this.opts.log.error({ err }, 'java kernel restart failed'))
      }
    })
    await new Promise<void>((resolve, reject) => {
      readyP.then(resolve, reject)
      child.once('error', reject)
      child.once('exit', (code, signal) =>
        reject(new Error(`the java kernel exited during start (code ${code}, signal ${signal})`)),
      )
    })
  }

  async execute(code: string, opts: ExecuteOpts): Promise<void> {
    await this.starting.catch(() => undefined)
    const commands = this.commands
    if (!this.child || !commands) {
      opts.onEvent(restartingError('the kernel process is not running'))
      return
    }
    const id = this.nextId++
    return new Promise<void>((resolve) => {
      this.queue.push({ id, opts, out: new StringDecoder('utf8'), err: new StringDecoder('utf8'), finish: resolve })
      commands.write(encodeJavaCell(id, code, opts.silent))
    })
  }

  async interrupt(): Promise<void> {
    const child = this.child
    const p = this.queue[0]
    if (!child || !p) return
    this.commands?.write(`I ${p.id}\n`)
    // A cell stuck where neither an interrupt nor Thread.stop reaches it (native code): replace the JVM.
    const deadline = Date.now() + (this.opts.interruptGraceMs ?? 3000)
    while (this.queue[0] === p && this.child === child && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    if (this.queue[0] === p && this.child === child) {
      this.opts.log.warn('java kernel ignored the interrupt; replacing it')
      await this.restart()
    }
  }

  async restart(): Promise<void> {
    const old = this.child
    this.child = undefined
    this.commands = undefined
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
    this.commands = undefined
    this.failPending('the context was removed')
    old?.kill('SIGKILL')
  }

  private onEvent(ev: JavaEvent): void {
    const p = this.queue[0]
    if (!p) return
    const emit = p.opts.silent ? () => undefined : p.opts.onEvent
    switch (ev.type) {
      case 'stdout':
      case 'stderr': {
        const text = (ev.type === 'stdout' ? p.out : p.err).write(ev.bytes)
        if (text) emit({ type: 'stream', name: ev.type, text, timestamp: nowIso() })
        break
      }
      case 'execute_input':
        emit({ type: 'execute_input', executionCount: ev.executionCount })
        break
      case 'result':
        emit({ type: 'result', bundle: { 'text/plain': ev.text }, isMain: true })
        break
      case 'error':
        emit({ type: 'error', name: ev.name, value: ev.value, traceback: ev.traceback })
        break
      case 'done': {
        if (ev.id !== p.id) return
        for (const [name, d] of [
          ['stdout', p.out],
          ['stderr', p.err],
        ] as const) {
          const rest = d.end()
          if (rest) emit({ type: 'stream', name, text: rest, timestamp: nowIso() })
        }
        this.queue.shift()
        p.finish()
        break
      }
    }
  }

  private failPending(detail: string): void {
    for (const p of this.queue.splice(0)) {
      p.opts.onEvent(restartingError(detail))
      p.finish()
    }
  }
}
