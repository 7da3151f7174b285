// A `sandock serve` killed with SIGKILL and started again on the same data dir re-attaches to its
// sandboxes: listed, reachable through the new proxy, same deadline, no duplicate containers.
// Uses its own server (API port + 10, proxy port + 10) so the shared one is never disturbed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Sandbox } from 'e2b'
import {
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  sdkOpts,
  startServer,
  type ControlServer,
} from '../support/control-server.js'
import {
  containersOf,
  createSandbox,
  inspectSandbox,
  killQuietly,
  printServerLogsOnFailure,
} from '../support/control-sdk.js'
import { unique } from '../support/async.js'

const apiPort = DEFAULT_API_PORT + 10
const proxyPort = DEFAULT_PROXY_PORT + 10

describe('a server restarted after SIGKILL on the same data dir and ports', () => {
  let first: ControlServer
  let second: ControlServer | undefined
  const ids: string[] = []
  printServerLogsOnFailure(() => second ?? first)

  beforeAll(async () => {
    first = await startServer({ apiPort, proxyPort })
  })
  afterAll(async () => {
    const live = second ?? first
    for (const id of ids) await killQuietly(id, live)
    await second?.cleanup()
    await first?.cleanup()
  })

  it('still lists, serves and times out its sandboxes, without duplicating containers', async () => {
    const tag = unique('restart')
    const timeoutMs = 20_000
    const sbx = await createSandbox({ timeoutMs, metadata: { restartTag: tag, role: 'running' } }, first)
    ids.push(sbx.sandboxId)
    const paused = await createSandbox({ timeoutMs: 120_000, metadata: { restartTag: tag, role: 'paused' } }, first)
    ids.push(paused.sandboxId)
    // Expires while the server is down: the next server must kill it on start.
    const expiring = await createSandbox({ timeoutMs: 3000, metadata: { restartTag: `${tag}-expiring` } }, first)
    ids.push(expiring.sandboxId)
    const expiringEndAt = (await expiring.getInfo()).endAt.getTime()
    const content = unique('survives-restart-')
    await sbx.files.write('restart.txt', content)
    expect(await paused.pause()).toBe(true)
    const before = await sbx.getInfo()
    const kept = [sbx.sandboxId, paused.sandboxId]
    const containersBefore = await Promise.all(kept.map(async (id) => (await containersOf(id)).sort()))

    await first.stop('SIGKILL')
    expect(
      await fetch(`${first.apiUrl}/health`).then(
        () => 'up',
        () => 'down',
      ),
    ).toBe('down')
    await new Promise((r) => setTimeout(r, Math.max(0, expiringEndAt + 500 - Date.now())))
    expect(await containersOf(expiring.sandboxId), 'nothing expires sandboxes while the server is down').toHaveLength(1)
    second = await startServer({ apiPort, proxyPort, dataDir: first.dataDir, apiKey: first.apiKey })
    const opts = sdkOpts(second)

    const listed = await Sandbox.list({ ...opts, query: { metadata: { restartTag: tag } } }).nextItems()
    expect(listed.map((s) => [s.sandboxId, s.state])).toEqual([
      [paused.sandboxId, 'paused'],
      [sbx.sandboxId, 'running'],
    ])

    // The SDK object made before the restart keeps working: same URLs, same envd token.
    expect((await sbx.commands.run('cat restart.txt')).stdout).toBe(content)
    expect(await sbx.files.read('restart.txt')).toBe(content)
    const after = await Sandbox.getInfo(sbx.sandboxId, opts)
    expect(after.state).toBe('running')
    expect(Math.abs(after.endAt.getTime() - before.endAt.getTime())).toBeLessThanOrEqual(1000)
    expect(after.startedAt.getTime()).toBe(before.startedAt.getTime())
    expect(after.metadata).toEqual({ restartTag: tag, role: 'running' })

    // Same containers, nothing recreated.
    expect(await Promise.all(kept.map(async (id) => (await containersOf(id)).sort()))).toEqual(containersBefore)
    expect(containersBefore.every((c) => c.length === 1)).toBe(true)

    // The one whose deadline passed while the server was down is killed on start.
    await expect
      .poll(async () => (await containersOf(expiring.sandboxId)).length, {
        timeout: 10_000,
        interval: 100,
        message: 'the overdue sandbox to be removed',
      })
      .toBe(0)
    expect(await Sandbox.list({ ...opts, query: { metadata: { restartTag: `${tag}-expiring` } } }).nextItems()).toEqual(
      [],
    )
    expect(await expiring.isRunning()).toBe(false)

    // The paused sandbox resumes through the new server.
    const resumed = await Sandbox.connect(paused.sandboxId, { ...opts, timeoutMs: 60_000 })
    expect((await resumed.commands.run('echo resumed')).stdout).toBe('resumed\n')
    expect((await inspectSandbox(paused.sandboxId)).State.Status).toBe('running')

    // And the running one still expires on its original schedule.
    const endAt = before.endAt.getTime()
    expect(Date.now(), 'the checks above took too long to observe the sandbox before its deadline').toBeLessThan(
      endAt - 1000,
    )
    expect(await sbx.isRunning()).toBe(true)
    await expect
      .poll(() => sbx.isRunning(), {
        timeout: Math.max(0, endAt - Date.now()) + 8000,
        interval: 100,
        message: 'the sandbox to expire',
      })
      .toBe(false)
    expect(Date.now()).toBeGreaterThanOrEqual(endAt - 1000)
    await expect
      .poll(async () => (await containersOf(sbx.sandboxId)).length, {
        timeout: 10_000,
        interval: 100,
        message: 'the expired container to be removed',
      })
      .toBe(0)
    expect(await containersOf(paused.sandboxId)).toHaveLength(1)
  })
})
