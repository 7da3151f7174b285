// The bash executor for real (the host's bash): state across cells, stdout/stderr split, exit
// statuses, interrupts and a cell that kills the shell.
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { startBashKernel, type BashKernel } from '../../../src/interpreter/kernels/bash-kernel.js'
import type { KernelEvent } from '../../../src/interpreter/kernels/kernel.js'

const kernels: BashKernel[] = []
afterEach(async () => {
  for (const k of kernels.splice(0)) await k.shutdown()
})

async function kernel() {
  const k = await startBashKernel({
    cwd: '/tmp',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    log: pino({ level: 'silent' }),
    interruptGraceMs: 1500,
  })
  kernels.push(k)
  return async (code: string) => {
    const events: KernelEvent[] = []
    await k.execute(code, { silent: false, onEvent: (e) => events.push(e) })
    const text = (name: string) =>
      events.flatMap((e) => (e.type === 'stream' && e.name === name ? [e.text] : [])).join('')
    return {
      events,
      stdout: text('stdout'),
      stderr: text('stderr'),
      error: events.find((e) => e.type === 'error') as Extract<KernelEvent, { type: 'error' }> | undefined,
    }
  }
}

describe('bash kernel', () => {
  it('keeps variables and cwd across cells and splits stdout from stderr', async () => {
    const run = await kernel()
    expect((await run('pwd; X=5; cd /')).stdout).toBe('/tmp\n')
    const r = await run('echo "$X $(pwd)"; echo warn >&2; printf no-newline')
    expect(r.stdout).toBe('5 /\nno-newline')
    expect(r.stderr).toBe('warn\n')
    expect(r.error).toBeUndefined()
  })

  it('counts executions and reports a non-zero status as an error', async () => {
    const run = await kernel()
    const r = await run('false')
    expect(r.events[0]).toEqual({ type: 'execute_input', executionCount: 1 })
    expect(r.error?.value).toContain('status 1')
  })

  it('interrupts a running cell, skips the rest of it and stays usable', async () => {
    const run = await kernel()
    const running = run('echo start; sleep 20; echo never')
    await new Promise((r) => setTimeout(r, 300))
    await kernels[0]!.interrupt()
    const r = await running
    expect(r.stdout).toBe('start\n')
    expect(r.error?.name).toBe('KeyboardInterrupt')
    expect((await run('echo alive')).stdout).toBe('alive\n')
  })

  // A line's trailing newline once came as its own chunk whenever the end marker arrived in a
  // read of its own (the splitter held the newline back as a possible marker start), so the SDK saw
  // logs.stdout ['bar', '\n'] instead of ['bar\n'] in about half the runs.
  it('keeps each output chunk whole, its trailing newline included, run after run', async () => {
    const run = await kernel()
    for (let i = 0; i < 200; i++) {
      const r = await run(i % 2 ? 'echo bar' : 'printf "a\\nb\\n"')
      const chunks = r.events.flatMap((e) => (e.type === 'stream' ? [e.text] : []))
      if (i % 2) expect(chunks).toEqual(['bar\n'])
      // bash's printf may write line by line; a line and its newline still travel together.
      else
        expect({ joined: chunks.join(''), split: chunks.filter((c) => !c.endsWith('\n')) }).toEqual({
          joined: 'a\nb\n',
          split: [],
        })
    }
  })

  it('starts a new shell when a cell exits it', async () => {
    const run = await kernel()
    const r = await run('exit 3')
    expect(r.error?.name).toBe('ContextRestarting')
    expect((await run('echo back')).stdout).toBe('back\n')
  })
})
