// The terminal's PTY session (web/src/lib/pty-session.ts) against the real envd in-process, over the
// browser's Connect client (@connectrpc/connect-web on fetch): start, input order, resize,
// re-attach by pid, a cut stream, exit and kill.
import { createClient } from '@connectrpc/connect'
import { createConnectTransport } from '@connectrpc/connect-web'
import { afterEach, expect, it } from 'vitest'
import { Process } from '../../../src/gen/process/process_pb.js'
import { PtySession, type PtyStatus } from '../../../web/src/lib/pty-session.js'
import { startEnvd, type InProcessEnvd } from '../../support/envd-inprocess.js'

let envd: InProcessEnvd | undefined
const sessions: PtySession[] = []
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.kill()
  await envd?.close()
  envd = undefined
})

/**
 * The in-process envd, its shells given a HOME of their own: `bash -i -l` sourced the host's
 * ~/.bashrc (pyenv and the like on the CI host), seconds per shell before the first prompt.
 */
async function startShellEnvd(): Promise<InProcessEnvd> {
  const e = await startEnvd()
  e.state.envVars.HOME = e.root
  return e
}

function client(fetchImpl: typeof fetch = fetch) {
  return createClient(Process, createConnectTransport({ baseUrl: envd!.url, fetch: fetchImpl }))
}

/** A session with its output as text and its status history. */
function open(c = client(), opts: { pid?: number; cols?: number; rows?: number } = {}) {
  const out = { text: '', statuses: [] as PtyStatus[], pids: [] as number[] }
  const decoder = new TextDecoder()
  const session = new PtySession(
    c,
    {
      data: (b) => {
        out.text += decoder.decode(b, { stream: true })
      },
      status: (s) => out.statuses.push(s),
      pid: (p) => out.pids.push(p),
    },
    { cols: opts.cols ?? 80, rows: opts.rows ?? 24, reconnectDelaysMs: [50, 100, 200] },
  )
  sessions.push(session)
  const opened = session.open(opts.pid)
  return { session, out, opened }
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

const connected = (out: { statuses: PtyStatus[] }) => out.statuses.at(-1)?.kind === 'connected'

it('starts a shell with a PTY and delivers fast keystrokes in order', async () => {
  envd = await startShellEnvd()
  const { session, out } = open()
  await until(() => connected(out), 'the shell to start')
  expect(out.pids).toEqual([session.pid])
  // One write per character, none awaited: they must reach the PTY in order.
  for (const ch of 'echo pty-$((6*7))\r') void session.write(ch)
  await until(() => out.text.includes('pty-42'), 'the command output')
})

it('resizes the PTY (programs see the new size)', async () => {
  envd = await startShellEnvd()
  const { session, out } = open()
  await until(() => connected(out), 'the shell to start')
  await session.resize(101, 37)
  await session.write('stty size\r')
  await until(() => out.text.includes('37 101'), 'stty to report 37 101')
})

it('re-attaches to the same shell by pid after a detach, and starts a new one for an unknown pid', async () => {
  envd = await startShellEnvd()
  const first = open()
  await until(() => connected(first.out), 'the shell to start')
  await first.session.write('echo first-$$\r')
  await until(() => /first-\d+/.test(first.out.text), 'the first shell pid')
  const shellPid = /first-(\d+)/.exec(first.out.text)![1]
  first.session.detach()

  const again = open(client(), { pid: first.session.pid })
  await until(() => connected(again.out), 're-attach')
  expect(again.session.pid).toBe(first.session.pid)
  expect(again.out.pids).toEqual([])
  await again.session.write('echo again-$$\r')
  await until(() => again.out.text.includes(`again-${shellPid}`), 'the same shell to answer')

  const fresh = open(client(), { pid: 999_999 })
  await until(() => connected(fresh.out), 'a new shell')
  expect(fresh.session.pid).not.toBe(first.session.pid)
  expect(fresh.out.pids).toEqual([fresh.session.pid])
})

it('re-attaches with Connect when the output stream is cut mid-way', async () => {
  envd = await startShellEnvd()
  let cut: (() => void) | undefined
  // The first Start response body errors when the test says so, as a dropped connection would.
  const cuttingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init)
    if (!String(input instanceof Request ? input.url : input).endsWith('/process.Process/Start') || !res.body)
      return res
    const reader = res.body.getReader()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        cut = () => {
          controller.error(new TypeError('network connection lost'))
          void reader.cancel()
        }
      },
      async pull(controller) {
        const { done, value } = await reader.read()
        if (done) controller.close()
        else controller.enqueue(value)
      },
    })
    return new Response(body, { status: res.status, headers: res.headers })
  }
  const { session, out } = open(client(cuttingFetch))
  await until(() => connected(out), 'the shell to start')
  const pid = session.pid
  cut!()
  await until(() => out.statuses.some((s) => s.kind === 'reconnecting'), 'a reconnect attempt')
  await until(() => connected(out), 're-attached')
  expect(session.pid).toBe(pid)
  await session.write('echo after-cut\r')
  await until(() => out.text.includes('after-cut'), 'output after the re-attach')
})

it('reports the exit code when the shell exits, and closes on kill', async () => {
  envd = await startShellEnvd()
  const exiting = open()
  await until(() => connected(exiting.out), 'the shell to start')
  await exiting.session.write('exit 3\r')
  await until(() => exiting.out.statuses.at(-1)?.kind === 'exited', 'the exit')
  expect(exiting.out.statuses.at(-1)).toMatchObject({ kind: 'exited', exitCode: 3 })

  const killed = open()
  await until(() => connected(killed.out), 'the second shell')
  const pid = killed.session.pid!
  await killed.session.kill()
  expect(killed.out.statuses.at(-1)).toEqual({ kind: 'closed' })
  // compat: envd keeps an exited process's start and end for 30 s, so a late re-attach sees the kill.
  const probe = open(client(), { pid })
  await until(() => probe.out.statuses.at(-1)?.kind === 'exited', "the killed shell's end")
  expect(probe.out.statuses.at(-1)).toMatchObject({ kind: 'exited', pid, exitCode: -1 })
})
