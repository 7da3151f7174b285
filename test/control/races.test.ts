// 20 concurrent pause, connect and kill calls on one sandbox: every call gets a contract answer,
// the sandbox ends killed with no container left, and the server keeps serving.
import { expect, it } from 'vitest'
import { Sandbox } from 'e2b'
import { containersOf, createSandbox, killQuietly, printServerLogsOnFailure, sdkOpts } from '../support/control-sdk.js'

printServerLogsOnFailure()

it('pauses, connects and kills racing on one sandbox leave it killed, leak-free, and the server healthy', async () => {
  const sbx = await createSandbox({ timeoutMs: 120_000 })
  await sbx.files.write('/home/user/race.txt', 'x')
  const calls: { kind: string; p: Promise<unknown> }[] = []
  for (const kind of 'PCPKCPCCPKPCPCKPCPCP') {
    if (kind === 'P') calls.push({ kind: 'pause', p: sbx.pause() })
    else if (kind === 'C') calls.push({ kind: 'connect', p: Sandbox.connect(sbx.sandboxId, { ...sdkOpts(), timeoutMs: 60_000 }) })
    else calls.push({ kind: 'kill', p: Sandbox.kill(sbx.sandboxId, sdkOpts()) })
  }
  const settled = await Promise.allSettled(calls.map((c) => c.p))
  const outcomes = settled.map((s, i) => {
    const kind = calls[i]!.kind
    if (s.status === 'fulfilled') return `${kind}:${typeof s.value === 'boolean' ? s.value : 'ok'}`
    const err = s.reason as Error
    return `${kind}:${err.name === 'NotFoundError' || /not found|doesn't exist/i.test(err.message) ? 'not-found' : err.message}`
  })
  // Before the first kill lands: pause 204/409, connect 200/201. After it: not found (or kill → false).
  const odd = outcomes.filter((o) => !/^(pause:(true|false|not-found)|connect:(ok|not-found)|kill:(true|false))$/.test(o))
  expect(odd, `all outcomes: ${outcomes.join(', ')}`).toEqual([])
  expect(outcomes.filter((o) => o === 'kill:true')).toHaveLength(1)

  expect((await Sandbox.list({ ...sdkOpts(), query: { state: ['running', 'paused'] } }).nextItems()).map((s) => s.sandboxId)).not.toContain(sbx.sandboxId)
  expect(await containersOf(sbx.sandboxId)).toEqual([])
  const next = await createSandbox()
  try {
    expect((await next.commands.run('echo alive')).stdout).toBe('alive\n')
  } finally {
    await killQuietly(next.sandboxId)
  }
})
