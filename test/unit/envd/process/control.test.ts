// Process control RPCs on running processes: SendSignal, Connect, List, SendInput, CloseStdin,
// Update (contract 4.7, 4.8).
import { Code } from '@connectrpc/connect'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { MessageInitShape } from '@bufbuild/protobuf'
import { Signal, type StartRequestSchema, type StartResponse } from '../../../../src/gen/process/process_pb.js'
import {
  collectStream,
  processRun,
  rpcError,
  startEnvd,
  type InProcessEnvd,
  PROCESS_STARTERS,
  type ProcessStarter,
} from '../../../support/envd-inprocess.js'

async function envdWith(starter: ProcessStarter) {
  const e = await startEnvd({ starter })
  onTestFinished(() => e.close())
  return e
}

const byPid = (pid: number) => ({ selector: { case: 'pid' as const, value: pid } })
const UNKNOWN_PID = 2_000_000_000

/** Starts a process and reads up to its `start` event; the rest of the stream stays in `rest`. */
async function started(e: InProcessEnvd, req: MessageInitShape<typeof StartRequestSchema>) {
  const abort = new AbortController()
  onTestFinished(() => abort.abort())
  const rest: AsyncIterator<StartResponse> = e.process.start(req, { signal: abort.signal })[Symbol.asyncIterator]()
  const first = await rest.next()
  if (first.done || first.value.event?.event.case !== 'start')
    throw new Error(`expected start, got ${JSON.stringify(first.value)}`)
  return { pid: first.value.event.event.value.pid, rest }
}

// Every case runs twice: commands started by Node's child_process and by sandock-spawner.
describe.each(PROCESS_STARTERS)('commands started with %s', (starter) => {
  const envd = () => envdWith(starter)

  describe('SendSignal', () => {
    it.each([
      [Signal.SIGKILL, 'signal: killed'],
      [Signal.SIGTERM, 'signal: terminated'],
    ])('ends a process killed with signal %i with exitCode -1, exited false and status %j', async (signal, status) => {
      const e = await envd()
      const { pid, rest } = await started(e, { process: { cmd: 'sleep', args: ['30'] } })
      await e.process.sendSignal({ process: byPid(pid), signal })
      const run = await processRun(rest)
      expect(run.end).toEqual(expect.objectContaining({ exitCode: -1, exited: false, status, error: status }))
    })

    it('returns not_found for an unknown pid', async () => {
      const e = await envd()
      const err = await rpcError(e.process.sendSignal({ process: byPid(UNKNOWN_PID), signal: Signal.SIGKILL }))
      expect(err.code).toBe(Code.NotFound)
    })

    it('returns unimplemented for an unspecified signal', async () => {
      const e = await envd()
      const { pid } = await started(e, { process: { cmd: 'sleep', args: ['30'] } })
      const err = await rpcError(e.process.sendSignal({ process: byPid(pid), signal: Signal.UNSPECIFIED }))
      expect(err.code).toBe(Code.Unimplemented)
    })
  })

  describe('Connect', () => {
    it('returns not_found in the stream, with no start, for an unknown pid', async () => {
      const e = await envd()
      const { messages, error } = await collectStream(e.process.connect({ process: byPid(UNKNOWN_PID) }))
      expect(messages).toEqual([])
      expect(error?.code).toBe(Code.NotFound)
      expect(error?.rawMessage).toBe(`process with pid ${UNKNOWN_PID} not found`)
    })

    it('returns not_found for an unknown tag', async () => {
      const e = await envd()
      const { error } = await collectStream(
        e.process.connect({ process: { selector: { case: 'tag', value: 'no-such-tag' } } }),
      )
      expect(error?.code).toBe(Code.NotFound)
    })

    it('attaches to a live process: start with its pid, then the same output as the Start stream', async () => {
      const e = await envd()
      const { pid, rest } = await started(e, {
        process: { cmd: '/bin/sh', args: ['-c', 'read x; echo "got $x"'] },
        stdin: true,
      })
      const attached = e.process.connect({ process: byPid(pid) })[Symbol.asyncIterator]()
      const first = await attached.next()
      expect(first.value?.event?.event).toEqual(
        expect.objectContaining({ case: 'start', value: expect.objectContaining({ pid }) }),
      )
      await e.process.sendInput({
        process: byPid(pid),
        input: { input: { case: 'stdin', value: new TextEncoder().encode('hi\n') } },
      })
      const [a, b] = await Promise.all([processRun(rest), processRun(attached)])
      expect(a.stdout).toBe('got hi\n')
      expect(b.stdout).toBe('got hi\n')
      expect(b.end?.exitCode).toBe(0)
    })

    it('replays start and end of a process that exited moments ago', async () => {
      const e = await envd()
      const first = await processRun(e.process.start({ process: { cmd: '/bin/sh', args: ['-c', 'exit 5'] } }))
      const again = await processRun(e.process.connect({ process: byPid(first.pid!) }))
      expect(again.kinds).toEqual(['start', 'end'])
      expect(again.pid).toBe(first.pid)
      expect(again.end?.exitCode).toBe(5)
    })
  })

  describe('List', () => {
    it('shows a live process with its original config and tag', async () => {
      const e = await envd()
      const config = { cmd: 'sleep', args: ['30'], envs: { LIST_TEST: '1' }, cwd: e.root }
      const { pid } = await started(e, { process: config, tag: 'list-tag' })
      const { processes } = await e.process.list({})
      const mine = processes.find((p) => p.pid === pid)
      expect(mine?.tag).toBe('list-tag')
      expect(mine?.config).toMatchObject(config)
    })

    it('drops a process once it has exited', async () => {
      const e = await envd()
      const { pid, rest } = await started(e, { process: { cmd: 'sleep', args: ['30'] } })
      await e.process.sendSignal({ process: byPid(pid), signal: Signal.SIGKILL })
      await processRun(rest)
      const { processes } = await e.process.list({})
      expect(processes.map((p) => p.pid)).not.toContain(pid)
    })
  })

  describe('SendInput and CloseStdin', () => {
    it('CloseStdin ends cat after the input it was sent', async () => {
      const e = await envd()
      const { pid, rest } = await started(e, { process: { cmd: 'cat' }, stdin: true })
      await e.process.sendInput({
        process: byPid(pid),
        input: { input: { case: 'stdin', value: new TextEncoder().encode('hello\n') } },
      })
      await e.process.closeStdin({ process: byPid(pid) })
      const run = await processRun(rest)
      expect(run.stdout).toBe('hello\n')
      expect(run.end).toMatchObject({ exitCode: 0, exited: true })
    })

    it('CloseStdin is idempotent', async () => {
      const e = await envd()
      const { pid, rest } = await started(e, { process: { cmd: 'cat' }, stdin: true })
      await e.process.closeStdin({ process: byPid(pid) })
      await expect(e.process.closeStdin({ process: byPid(pid) })).resolves.toBeDefined()
      expect((await processRun(rest)).end?.exitCode).toBe(0)
    })

    it('SendInput returns internal once stdin is closed', async () => {
      const e = await envd()
      const { pid } = await started(e, { process: { cmd: 'sleep', args: ['30'] }, stdin: true })
      await e.process.closeStdin({ process: byPid(pid) })
      const err = await rpcError(
        e.process.sendInput({ process: byPid(pid), input: { input: { case: 'stdin', value: new Uint8Array([1]) } } }),
      )
      expect(err.code).toBe(Code.Internal)
    })

    it('SendInput returns internal for a process started with stdin false', async () => {
      const e = await envd()
      const { pid } = await started(e, { process: { cmd: 'sleep', args: ['30'] }, stdin: false })
      const err = await rpcError(
        e.process.sendInput({ process: byPid(pid), input: { input: { case: 'stdin', value: new Uint8Array([1]) } } }),
      )
      expect(err.code).toBe(Code.Internal)
      expect(err.rawMessage).toBe('stdin not enabled or closed')
    })

    it('SendInput returns not_found for an unknown pid', async () => {
      const e = await envd()
      const err = await rpcError(
        e.process.sendInput({
          process: byPid(UNKNOWN_PID),
          input: { input: { case: 'stdin', value: new Uint8Array([1]) } },
        }),
      )
      expect(err.code).toBe(Code.NotFound)
    })
  })

  describe('Update and PTY', () => {
    it('returns internal for a process without a PTY', async () => {
      const e = await envd()
      const { pid } = await started(e, { process: { cmd: 'sleep', args: ['30'] } })
      const err = await rpcError(e.process.update({ process: byPid(pid), pty: { size: { cols: 100, rows: 30 } } }))
      expect(err.code).toBe(Code.Internal)
      expect(err.rawMessage).toBe('tty not assigned to process')
    })

    it('runs a PTY process with the requested size, and Update resizes it', async () => {
      const e = await envd()
      const { pid, rest } = await started(e, {
        process: { cmd: '/bin/sh', args: ['-c', 'stty size; read x; stty size'] },
        pty: { size: { cols: 91, rows: 27 } },
      })
      // Read until the first `stty size` has run, so the resize cannot overtake it.
      let before = ''
      while (!before.includes('27 91')) {
        const { value, done } = await rest.next()
        if (done) throw new Error(`stream ended before the first stty size; output ${JSON.stringify(before)}`)
        const ev = value.event?.event
        if (ev?.case === 'data' && ev.value.output.case === 'pty')
          before += Buffer.from(ev.value.output.value).toString()
      }
      await e.process.update({ process: byPid(pid), pty: { size: { cols: 120, rows: 40 } } })
      await e.process.sendInput({
        process: byPid(pid),
        input: { input: { case: 'pty', value: new TextEncoder().encode('go\r') } },
      })
      const run = await processRun(rest)
      expect(before).toContain('27 91')
      expect(run.pty).toContain('40 120')
      expect(run.pty).not.toContain('27 91')
      expect(run.end?.exitCode).toBe(0)
    })

    it('CloseStdin on a PTY process returns unknown', async () => {
      const e = await envd()
      const { pid } = await started(e, {
        process: { cmd: 'sleep', args: ['30'] },
        pty: { size: { cols: 80, rows: 24 } },
      })
      const err = await rpcError(e.process.closeStdin({ process: byPid(pid) }))
      expect(err.code).toBe(Code.Unknown)
    })

    it('stdin input to a PTY process returns internal', async () => {
      const e = await envd()
      const { pid } = await started(e, {
        process: { cmd: 'sleep', args: ['30'] },
        pty: { size: { cols: 80, rows: 24 } },
      })
      const err = await rpcError(
        e.process.sendInput({ process: byPid(pid), input: { input: { case: 'stdin', value: new Uint8Array([1]) } } }),
      )
      expect(err.code).toBe(Code.Internal)
    })
  })
})
