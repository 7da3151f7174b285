// pty.*: create, sendInput, resize, kill, connect/reconnect, Ctrl-D, users (contract 4.7, 4.8, 8.2),
// through the unmodified official SDK.
import { CommandExitError, NotFoundError, SandboxError, type CommandHandle, type Sandbox } from 'e2b'
import { beforeAll, expect, it, onTestFinished } from 'vitest'
import { connectSandbox } from '../support/sdk.js'
import { rejection, unique } from '../support/async.js'

let sbx: Sandbox

beforeAll(async () => {
  sbx = await connectSandbox()
})

const UNKNOWN_PID = 9_999_999
const enc = new TextEncoder()

/** Collects PTY output as text; `until` waits for a pattern to appear after a given offset. */
class Terminal {
  text = ''
  private readonly decoder = new TextDecoder()
  readonly onData = (d: Uint8Array): void => {
    expect(d).toBeInstanceOf(Uint8Array)
    this.text += this.decoder.decode(d, { stream: true })
  }

  async until(pattern: RegExp, from = 0, timeoutMs = 10_000): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const m = this.text.slice(from).match(pattern)
      if (m) return m
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${pattern} in PTY output: ${JSON.stringify(this.text.slice(from))}`)
      await new Promise((r) => setTimeout(r, 25))
    }
  }
}

/** Creates a PTY that is killed when the test ends; waits until the shell has printed something. */
async function openPty(
  opts: { cols?: number; rows?: number; user?: 'root' | 'user'; cwd?: string; envs?: Record<string, string> } = {},
): Promise<{ handle: CommandHandle; term: Terminal }> {
  const term = new Terminal()
  const handle = await sbx.pty.create({
    cols: opts.cols ?? 80,
    rows: opts.rows ?? 24,
    onData: term.onData,
    user: opts.user,
    cwd: opts.cwd,
    envs: opts.envs,
    timeoutMs: 30_000,
  })
  onTestFinished(async () => {
    await handle.disconnect().catch(() => undefined)
    await sbx.pty.kill(handle.pid).catch(() => undefined)
  })
  return { handle, term }
}

let seq = 1000

/**
 * Has the shell print `payload` (expanded) behind a marker the shell computes, so the echoed input
 * line can never match; returns the expanded payload.
 */
async function query(pid: number, term: Terminal, payload: string): Promise<string> {
  const n = seq++
  const m = await runLine(pid, term, `echo "Q$((${n}+1))=${payload}=END"`, new RegExp(`Q${n + 1}=(.*?)=END`))
  return m[1]!
}

/** Types a shell line and waits for `expected` in the output produced after it was sent. */
async function runLine(pid: number, term: Terminal, line: string, expected: RegExp): Promise<RegExpMatchArray> {
  const from = term.text.length
  await sbx.pty.sendInput(pid, enc.encode(`${line}\n`))
  return term.until(expected, from)
}

it('creates a PTY with the requested size, visible to `stty size`', async () => {
  const { handle, term } = await openPty({ cols: 101, rows: 33 })
  expect(handle.pid).toBeGreaterThan(0)
  expect(await query(handle.pid, term, '$(stty size)')).toBe('33 101')
})

it('resize changes the size the shell sees', async () => {
  const { handle, term } = await openPty({ cols: 80, rows: 24 })
  expect(await query(handle.pid, term, '$(stty size)')).toBe('24 80')
  await sbx.pty.resize(handle.pid, { cols: 132, rows: 43 })
  expect(await query(handle.pid, term, '$(stty size) $(tput cols) $(tput lines)')).toBe('43 132 132 43')
})

it('is a real terminal with TERM set by the SDK', async () => {
  const { handle, term } = await openPty()
  const [isTty, termVar, ttyName] = (
    await query(handle.pid, term, '$([ -t 0 ] && [ -t 2 ] && echo tty)|$TERM|$(tty)')
  ).split('|')
  expect(isTty).toBe('tty')
  expect(termVar).toBe('xterm-256color')
  expect(ttyName).toMatch(/^\/dev\/pts\/\d+$/)
})

it('runs as `user` by default, in the home directory', async () => {
  const { handle, term } = await openPty()
  const uid = (await sbx.commands.run('getent passwd user | cut -d: -f3')).stdout.trim()
  expect(await query(handle.pid, term, '$(whoami):$(id -u):$PWD:$HOME:$USER')).toBe(
    `user:${uid}:/home/user:/home/user:user`,
  )
})

it("runs as root when user: 'root' is passed", async () => {
  const { handle, term } = await openPty({ user: 'root' })
  expect(await query(handle.pid, term, '$(whoami):$(id -u):$HOME:$USER')).toBe('root:0:/root:root')
})

it('honours cwd and envs', async () => {
  const { handle, term } = await openPty({ cwd: '/tmp', envs: { PTY_VAR: 'pty-value' } })
  expect(await query(handle.pid, term, '$PWD|$PTY_VAR')).toBe('/tmp|pty-value')
})

it('kill returns true and ends the PTY with exit code -1', async () => {
  const { handle, term } = await openPty()
  expect(await query(handle.pid, term, '$((6*7))')).toBe('42')
  expect(await sbx.pty.kill(handle.pid)).toBe(true)
  const err = await rejection(handle.wait())
  expect(err).toBeInstanceOf(CommandExitError)
  expect((err as CommandExitError).exitCode).toBe(-1)
  expect((await sbx.commands.list()).map((p) => p.pid)).not.toContain(handle.pid)
})

// E2B's test_kill_pty: the PTY's shell is gone once kill has answered, never a process still on
// its way out (nor a zombie) that `kill -0` would find.
it('a killed PTY is gone when kill answers: kill -0 fails right after', async () => {
  for (let round = 0; round < 3; round++) {
    const handle = await sbx.pty.create({ cols: 80, rows: 24, onData: () => undefined })
    expect(await sbx.pty.kill(handle.pid)).toBe(true)
    const probe = await rejection(sbx.commands.run(`kill -0 ${handle.pid}`))
    expect(probe).toBeInstanceOf(CommandExitError)
    expect(await rejection(handle.wait())).toBeInstanceOf(CommandExitError)
  }
})

it('kill of an unknown pid returns false', async () => {
  expect(await sbx.pty.kill(UNKNOWN_PID)).toBe(false)
})

it('Ctrl-D (0x04) ends the shell and wait() resolves', async () => {
  const { handle, term } = await openPty()
  expect(await query(handle.pid, term, 'ready')).toBe('ready')
  await sbx.pty.sendInput(handle.pid, new Uint8Array([0x04]))
  const res = await handle.wait()
  expect(res.exitCode).toBe(0)
  expect((await sbx.commands.list()).map((p) => p.pid)).not.toContain(handle.pid)
})

it('`exit 5` ends the PTY with CommandExitError exit code 5', async () => {
  const { handle, term } = await openPty()
  expect(await query(handle.pid, term, 'ready')).toBe('ready')
  await sbx.pty.sendInput(handle.pid, enc.encode('exit 5\n'))
  const err = await rejection(handle.wait())
  expect(err).toBeInstanceOf(CommandExitError)
  expect((err as CommandExitError).exitCode).toBe(5)
  // Exit retention: a late connect still gets the exit code.
  const late = await sbx.pty.connect(handle.pid, { onData: () => undefined })
  const lateErr = await rejection(late.wait())
  expect((lateErr as CommandExitError).exitCode).toBe(5)
})

it('Ctrl-C (0x03) interrupts the foreground job: the PTY is the controlling terminal', async () => {
  const { handle, term } = await openPty()
  expect(await query(handle.pid, term, 'ready')).toBe('ready')
  const from = term.text.length
  await sbx.pty.sendInput(handle.pid, enc.encode('sleep 30; echo "AFTER$((1+1))"\n'))
  await new Promise((r) => setTimeout(r, 300))
  const started = Date.now()
  await sbx.pty.sendInput(handle.pid, new Uint8Array([0x03]))
  expect(await query(handle.pid, term, 'rc-$?')).toBe('rc-130')
  expect(Date.now() - started).toBeLessThan(5000)
  // The interrupt aborted the whole line, so the echo after sleep never ran.
  expect(term.text.slice(from)).not.toContain('AFTER2')
})

it('delivers large PTY output intact', async () => {
  const { handle, term } = await openPty({ cols: 200, rows: 50 })
  const from = term.text.length
  await sbx.pty.sendInput(handle.pid, enc.encode('seq 1 20000 | tr "\\n" " "; echo "DONE$((1+1))"\n'))
  await term.until(/DONE2/, from)
  const numbers = term.text
    .slice(from)
    .replace(/\r?\n/g, '')
    .match(/\b1 2 3 .*20000\b/)?.[0]
  expect(numbers?.split(' ').map(Number)).toEqual(Array.from({ length: 20000 }, (_, i) => i + 1))
})

it('reconnects with pty.connect after disconnect and keeps working', async () => {
  const { handle, term } = await openPty()
  await sbx.pty.sendInput(handle.pid, enc.encode('export RECON=kept\n'))
  expect(await query(handle.pid, term, '$RECON')).toBe('kept')
  await handle.disconnect()

  // Input sent while nobody is attached still reaches the shell (its output is dropped).
  await sbx.pty.sendInput(handle.pid, enc.encode('export WHILE_AWAY=yes\n'))
  await new Promise((r) => setTimeout(r, 200))
  expect((await sbx.commands.list()).map((p) => p.pid)).toContain(handle.pid)

  const term2 = new Terminal()
  const again = await sbx.pty.connect(handle.pid, { onData: term2.onData })
  expect(again.pid).toBe(handle.pid)
  expect(await query(handle.pid, term2, '$((20+2)):$RECON:$WHILE_AWAY')).toBe('22:kept:yes')
  // The first handle is detached: it must not have received output produced after disconnect().
  expect(term.text).not.toContain('22:kept:yes')

  await sbx.pty.sendInput(handle.pid, enc.encode('exit 0\n'))
  const res = await again.wait()
  expect(res.exitCode).toBe(0)
})

it('pty.connect while the creating handle is attached: both receive output', async () => {
  const { handle, term } = await openPty()
  expect(await query(handle.pid, term, '$((3*3))')).toBe('9')
  const term2 = new Terminal()
  const second = await sbx.pty.connect(handle.pid, { onData: term2.onData })
  onTestFinished(async () => void (await second.disconnect()))
  const from = term.text.length
  expect(await query(handle.pid, term2, 'both-$((5*5))')).toBe('both-25')
  await term.until(/both-25=END/, from)
})

it('pty.connect to an unknown pid rejects', async () => {
  expect(await rejection(sbx.pty.connect(UNKNOWN_PID, { onData: () => undefined }))).toBeInstanceOf(NotFoundError)
})

it('the PTY is listed with its bash -i -l config', async () => {
  const { handle } = await openPty()
  const p = (await sbx.commands.list()).find((x) => x.pid === handle.pid)
  expect(p).toBeDefined()
  expect(p!.cmd).toBe('/bin/bash')
  expect(p!.args).toEqual(['-i', '-l'])
  expect(p!.envs.TERM).toBe('xterm-256color')
})

it('rejects resize of a non-PTY process and closeStdin of a PTY', async () => {
  const cmd = await sbx.commands.run(`sleep 30; : ${unique('nopty')}`, { background: true, timeoutMs: 0 })
  onTestFinished(async () => void (await sbx.commands.kill(cmd.pid).catch(() => undefined)))
  expect(await rejection(sbx.pty.resize(cmd.pid, { cols: 100, rows: 30 }))).toBeInstanceOf(SandboxError)
  expect(await rejection(sbx.pty.sendInput(cmd.pid, enc.encode('x')))).toBeInstanceOf(SandboxError)

  const { handle, term } = await openPty()
  expect(await rejection(sbx.commands.closeStdin(handle.pid))).toBeInstanceOf(SandboxError)
  expect(await rejection(sbx.commands.sendStdin(handle.pid, 'x'))).toBeInstanceOf(SandboxError)
  // Still alive and responsive after the rejected calls.
  expect(await query(handle.pid, term, '$((7+1))')).toBe('8')
})

it('resize of an unknown pid rejects with NotFoundError', async () => {
  expect(await rejection(sbx.pty.resize(UNKNOWN_PID, { cols: 10, rows: 10 }))).toBeInstanceOf(NotFoundError)
})
