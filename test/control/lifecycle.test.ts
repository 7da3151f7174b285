// Lifecycle from create: autoPause pauses at the deadline instead of killing, and autoResume
// brings the sandbox back on the next proxied request (here the SDK's own isRunning()).
import { afterAll, expect, it } from 'vitest'
import type { Sandbox } from 'e2b'
import { createSandbox, inspectSandbox, killQuietly, printServerLogsOnFailure } from '../support/control-sdk.js'
import { eventually } from '../support/async.js'

printServerLogsOnFailure()

let sbx: Sandbox | undefined
afterAll(async () => killQuietly(sbx?.sandboxId))

it('pauses at the deadline with onTimeout pause, and traffic resumes it with files and processes intact', async () => {
  sbx = await createSandbox({ timeoutMs: 3000, lifecycle: { onTimeout: 'pause', autoResume: true } })
  const s = sbx
  await s.files.write('kept.txt', 'still here')
  await s.commands.run('sleep 600', { background: true, timeoutMs: 0 })
  const info = await s.getInfo()
  expect(info.lifecycle).toEqual({ onTimeout: 'pause', autoResume: true })

  await eventually(async () => ((await s.getInfo()).state === 'paused' ? true : undefined), 15_000, 'auto-pause at the deadline')
  // The API says paused as soon as the pause starts (so the proxy refuses traffic); Docker's freeze follows.
  await eventually(async () => ((await inspectSandbox(s.sandboxId)).State.Paused ? true : undefined), 5_000, 'the container to be frozen')

  // isRunning() is GET /health through the proxy with the access token: it resumes the sandbox.
  expect(await s.isRunning()).toBe(true)
  expect((await s.getInfo()).state).toBe('running')
  expect(await s.files.read('kept.txt')).toBe('still here')
  expect((await s.commands.run('pgrep -x sleep')).stdout.trim()).not.toBe('')
})
