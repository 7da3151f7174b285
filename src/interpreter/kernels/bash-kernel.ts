// bash contexts: one long-lived `bash` per context. Each cell is written to a file and `source`d,
// so variables, functions and `cd` persist; SIGINT to the process group ends the cell only (a
// trap returns from `source`), and a per-cell marker on stdout and stderr says where output ends.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { nowIso, restartingError, type ExecuteOpts, type Kernel } from './kernel.js'
import { MarkerSplitter } from './marker-splitter.js'

export type BashKernelOpts = Readonly<{ cwd: string; env: NodeJS.ProcessEnv; log: Logger; interruptGraceMs?: number }>

type Running = {
  opts: ExecuteOpts
  out: MarkerSplitter
  err: MarkerSplitter
  status: string | undefined
  errDone: boolean
  finish: () => void
}

export async function startBashKernel(opts: BashKernelOpts): Promise<BashKernel> {
  const k = new BashKernel(opts, await mkdtemp(join(tmpdir(), 'sandock-bash-')))
  k.spawn()
  return k
}

export class BashKernel implements Kernel {
  private child: ChildProcess | undefined
  private running: Running | undefined
  private executionCount = 0
  private cellNo = 0
  private closed = false
  generation = 0

  constructor(
    private readonly opts: BashKernelOpts,
    private readonly dir: string,
  ) {}

  spawn(): void {
    this.generation++
    // Detached: its own process group, so an interrupt reaches the cell's children too.
    const child = spawn('bash', ['--noprofile', '--norc'], {
      cwd: this.opts.cwd,
      env: this.opts.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    this.child = child
    child.stdin!.on('error', () => undefined)
    // Between cells SIGINT is ignored; during a cell a trap makes `source` return 130.
    child.stdin!.write("trap '' INT\n")
    child.stdout!.on('data', (b: Buffer) => this.onOutput('stdout', b.toString('utf8')))
    child.stderr!.on('data', (b: Buffer) => this.onOutput('stderr', b.toString('utf8')))
    child.once('exit', (code, signal) => {
      if (this.child !== child) return
      this.child = undefined
      this.fail(`bash exited (code ${code}, signal ${signal})`)
      if (!this.closed) this.spawn()
    })
  }

  async execute(code: string, opts: ExecuteOpts): Promise<void> {
    const child = this.child
    if (!child) {
      opts.onEvent(restartingError('bash is not running'))
      return
    }
    const file = join(this.dir, `cell-${++this.cellNo}.sh`)
    await writeFile(file, code.endsWith('\n') ? code : `${code}\n`, { mode: 0o600 })
    // The marker starts with \x01, which output hardly ever ends with: the splitter holds back a
    // chunk's tail only while it may start the marker, so a line's newline is never held apart
    // from it (a marker that began with "\n" split "bar\n" into "bar" and "\n" whenever the marker
    // arrived in a read of its own). Output with no final newline meets the tag mid-line, where
    // the splitter finds it all the same.
    const marker = `\u0001SANDOCK-${randomBytes(8).toString('hex')}:`
    if (!opts.silent) opts.onEvent({ type: 'execute_input', executionCount: ++this.executionCount })
    await new Promise<void>((resolve) => {
      this.running = {
        opts,
        out: new MarkerSplitter(marker),
        err: new MarkerSplitter(marker),
        status: undefined,
        errDone: false,
        finish: resolve,
      }
      const q = `'${file}'`
      child.stdin!.write(
        `trap 'trap "" INT; return 130' INT; source ${q} </dev/null; __sandock_s=$?; trap '' INT; ` +
          `printf '${marker}%d\\n' "$__sandock_s"; printf '${marker}\\n' >&2; rm -f ${q}\n`,
      )
    })
  }

  async interrupt(): Promise<void> {
    const child = this.child
    if (!child?.pid || !this.running) return
    try {
      process.kill(-child.pid, 'SIGINT')
    } catch {
      return
    }
    const deadline = Date.now() + (this.opts.interruptGraceMs ?? 3000)
    while (this.running && this.child === child && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    if (this.running && this.child === child) await this.restart()
  }

  async restart(): Promise<void> {
    const old = this.child
    this.child = undefined
    this.fail('the kernel was restarted')
    if (old?.pid) {
      const gone = new Promise((r) => old.once('exit', r))
      try {
        process.kill(-old.pid, 'SIGKILL')
      } catch {
        old.kill('SIGKILL')
      }
      await gone
    }
    this.executionCount = 0
    this.spawn()
  }

  async shutdown(): Promise<void> {
    this.closed = true
    const old = this.child
    this.child = undefined
    this.fail('the context was removed')
    if (old?.pid) {
      try {
        process.kill(-old.pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    await rm(this.dir, { recursive: true, force: true })
  }

  private onOutput(name: 'stdout' | 'stderr', text: string): void {
    const r = this.running
    if (!r) return
    const { output, status } = (name === 'stdout' ? r.out : r.err).feed(text)
    if (output && !r.opts.silent) r.opts.onEvent({ type: 'stream', name, text: output, timestamp: nowIso() })
    if (status !== undefined) {
      if (name === 'stdout') r.status = status
      else r.errDone = true
    }
    if (r.status !== undefined && r.errDone) {
      this.running = undefined
      const code = Number(r.status)
      if (code === 130)
        r.opts.onEvent({ type: 'error', name: 'KeyboardInterrupt', value: 'Execution interrupted', traceback: '' })
      else if (code !== 0)
        r.opts.onEvent({
          type: 'error',
          name: 'ExitCodeError',
          value: `the cell exited with status ${code}`,
          traceback: '',
        })
      r.finish()
    }
  }

  private fail(detail: string): void {
    const r = this.running
    this.running = undefined
    if (r) {
      r.opts.onEvent(restartingError(detail))
      r.finish()
    }
  }
}
