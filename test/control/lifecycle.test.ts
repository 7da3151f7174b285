// Lifecycle from create: autoPause pauses at the deadline instead of killing, and autoResume
// brings the sandbox back on the next proxied request (here the SDK's own isRunning()).
import { afterAll, expect, it, onTestFinished } from 'vitest'
import { Sandbox } from 'e2b'
import {
  createSandbox,
  inspectSandbox,
  killQuietly,
  printServerLogsOnFailure,
  sdkOpts,
} from '../support/control-sdk.js'

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

  await expect
    .poll(async () => (await s.getInfo()).state, {
      timeout: 15_000,
      interval: 100,
      message: 'auto-pause at the deadline',
    })
    .toBe('paused')
  // The API says paused as soon as the pause starts (so the proxy refuses traffic); Docker's freeze follows.
  await expect
    .poll(async () => (await inspectSandbox(s.sandboxId)).State.Paused, {
      timeout: 5_000,
      interval: 100,
      message: 'the container to be frozen',
    })
    .toBe(true)

  // isRunning() is GET /health through the proxy with the access token: it resumes the sandbox.
  expect(await s.isRunning()).toBe(true)
  expect((await s.getInfo()).state).toBe('running')
  expect(await s.files.read('kept.txt')).toBe('still here')
  expect((await s.commands.run('pgrep -x sleep')).stdout.trim()).not.toBe('')
})

it('pauses at the deadline without memory with keepMemory: false (processes dropped, files kept), and connect boots it', async () => {
  const s = await createSandbox({ timeoutMs: 3000, lifecycle: { onTimeout: { action: 'pause', keepMemory: false } } })
  onTestFinished(() => killQuietly(s.sandboxId))
  await s.files.write('kept.txt', 'still here')
  await s.commands.run('sleep 600', { background: true, timeoutMs: 0 })
  expect((await s.getInfo()).lifecycle).toEqual({ onTimeout: 'pause', autoResume: false })
  await expect
    .poll(async () => (await s.getInfo()).state, {
      timeout: 15_000,
      interval: 100,
      message: 'auto-pause at the deadline',
    })
    .toBe('paused')
  // A filesystem-only pause: the container is stopped, not frozen.
  await expect
    .poll(
      async () => {
        const st = (await inspectSandbox(s.sandboxId)).State
        return !st.Running && !st.Paused
      },
      { timeout: 10_000, interval: 100, message: 'the container to be stopped' },
    )
    .toBe(true)
  // Not resumed by traffic (no autoResume): connect boots it from its filesystem.
  expect(await s.isRunning()).toBe(false)
  await Sandbox.connect(s.sandboxId, { ...sdkOpts(), timeoutMs: 60_000 })
  expect(await s.files.read('kept.txt')).toBe('still here')
  expect(
    (await s.commands.run('pgrep -x sleep', { timeoutMs: 10_000 }).catch((e: { exitCode?: number }) => e)).exitCode,
  ).toBe(1)
})

it('refuses keepMemory: false with autoResume, or without autoPause, on the wire (400 with code and message)', async () => {
  const { apiUrl, apiKey } = sdkOpts()
  const post = (body: Record<string, unknown>) =>
    fetch(`${apiUrl}/v2/sandboxes`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ templateID: 'base', ...body }),
    })
  for (const body of [
    { autoPause: true, autoPauseMemory: false, autoResume: { enabled: true } },
    { autoPauseMemory: false },
  ]) {
    const res = await post(body)
    expect(res.status).toBe(400)
    const err = (await res.json()) as { code: number; message: string }
    expect(err.code).toBe(400)
    expect(err.message).toMatch(/autoPauseMemory/)
  }
  // The SDK refuses the same before sending anything.
  await expect(
    Sandbox.create('base', {
      ...sdkOpts(),
      lifecycle: { onTimeout: { action: 'pause', keepMemory: false }, autoResume: true },
    }),
  ).rejects.toThrow(/keepMemory: false/)
})
