// The interpreter's supervisor on real processes: a run's processes are found by the mark in their
// environment (and only those), and a server that exits is restarted with its leftovers killed.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { markedProcesses, RUN_MARK_ENV, superviseInterpreter } from '../../../src/interpreter/supervisor.js'

const started: ChildProcess[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const c of started.splice(0)) c.kill('SIGKILL')
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

const sleeper = (env: NodeJS.ProcessEnv) => {
  const c = spawn('sleep', ['30'], { env, stdio: 'ignore' })
  started.push(c)
  return c
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('markedProcesses', () => {
  it('finds the processes carrying the mark, not those with another mark, a longer value or none', async () => {
    const a = sleeper({ ...process.env, [RUN_MARK_ENV]: 'aaaa' })
    const b = sleeper({ ...process.env, [RUN_MARK_ENV]: 'aaaab' })
    const c = sleeper({ PATH: process.env.PATH, X: `${RUN_MARK_ENV}=aaaa` })
    const d = sleeper({ [RUN_MARK_ENV]: 'aaaa' })
    await vi.waitFor(async () => expect(await readFile(`/proc/${d.pid}/cmdline`, 'utf8')).toContain('sleep'))
    const found = await markedProcesses('aaaa')
    expect(found).toContain(a.pid)
    expect(found).toContain(d.pid)
    expect(found).not.toContain(b.pid)
    expect(found).not.toContain(c.pid)
  })
})

describe('superviseInterpreter', () => {
  it('restarts a server that exits, kills what the old run left, and stops on SIGTERM without a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandock-supervisor-'))
    dirs.push(dir)
    // A "server" that leaves a grandchild behind (it inherits the mark) and records its pids.
    const script = join(dir, 'server.mjs')
    await writeFile(
      script,
      `import { spawn } from 'node:child_process'
import { appendFileSync } from 'node:fs'
const kid = spawn('sleep', ['30'], { stdio: 'ignore', detached: true })
kid.unref()
appendFileSync(${JSON.stringify(join(dir, 'runs'))}, process.pid + ' ' + kid.pid + ' ' + process.env.${RUN_MARK_ENV} + '\\n')
setInterval(() => {}, 1000)
`,
    )
    const runs = async () =>
      (await readFile(join(dir, 'runs'), 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(' '))
    const log = pino({ level: 'silent' })
    const listeners = [...process.listeners('SIGTERM'), ...process.listeners('SIGINT')]
    const done = superviseInterpreter({ args: [script], log })
    try {
      await vi.waitFor(async () => expect(await runs()).toHaveLength(1), { timeout: 10_000 })
      const [[server1, kid1, mark1]] = (await runs()) as [string[]]
      process.kill(Number(server1), 'SIGKILL')
      await vi.waitFor(async () => expect(await runs()).toHaveLength(2), { timeout: 10_000 })
      const [, [server2, kid2, mark2]] = (await runs()) as [string[], string[]]
      expect(mark2).not.toBe(mark1)
      expect(server2).not.toBe(server1)
      // The first run's grandchild (detached, not a child of the supervisor) was killed with its run.
      await vi.waitFor(() => expect(alive(Number(kid1))).toBe(false), { timeout: 5000 })
      expect(alive(Number(kid2))).toBe(true)
      process.emit('SIGTERM', 'SIGTERM')
      expect(await done).toBe(0)
      await vi.waitFor(() => expect(alive(Number(server2))).toBe(false), { timeout: 5000 })
      await vi.waitFor(() => expect(alive(Number(kid2))).toBe(false), { timeout: 5000 })
      // No third run after the stop.
      await new Promise((r) => setTimeout(r, 500))
      expect(await runs()).toHaveLength(2)
    } finally {
      for (const l of process.listeners('SIGTERM')) if (!listeners.includes(l)) process.removeListener('SIGTERM', l)
      for (const l of process.listeners('SIGINT')) if (!listeners.includes(l)) process.removeListener('SIGINT', l)
    }
  }, 30_000)
})
