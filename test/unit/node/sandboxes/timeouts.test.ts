// Deadlines on fakes: a sandbox is killed (or paused, as created) when its timeout passes;
// setTimeout may shorten it, refreshes and connects only extend it; every change is kept on disk.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sandboxFixture } from '../../../support/sandbox-fixture.js'

const near = (d: Date, ms: number) => Math.abs(d.getTime() - (Date.now() + ms)) < 1500

describe('deadlines', () => {
  it('kills a sandbox when its (shortened) timeout passes', async () => {
    const f = await sandboxFixture()
    const r = await f.create()
    expect(near(r.endAt, 300_000)).toBe(true)
    await f.service.setTimeout(r.sandboxId, 0)
    await expect
      .poll(() => f.runtime.containers.size, { timeout: 2000, interval: 10, message: 'the expiry to kill it' })
      .toBe(0)
    expect(f.service.list()).toEqual([])
  })

  it('pauses with memory instead when created with onTimeout pause', async () => {
    const f = await sandboxFixture()
    const r = await f.create({ onTimeout: 'pause' })
    await f.service.setTimeout(r.sandboxId, 0)
    await expect
      .poll(() => f.service.get(r.sandboxId).state, { timeout: 2000, interval: 10, message: 'the expiry to pause it' })
      .toBe('paused')
    expect(f.runtime.containers.get(r.containerId)!.state).toBe('paused')
    expect(f.service.get(r.sandboxId).memoryKept).toBe(true)
  })

  it('shortens with setTimeout, extends only with refreshes and connects, clamps to the maximum, and keeps it in the state file', async () => {
    const f = await sandboxFixture({ settings: { maxTimeoutS: 600 } })
    const r = await f.create()
    const saved = async () =>
      new Date(
        (
          JSON.parse(await readFile(join(f.settings.dataDir, 'sandboxes', `${r.sandboxId}.json`), 'utf8')) as {
            endAt: string
          }
        ).endAt,
      )
    await f.service.setTimeout(r.sandboxId, 60)
    expect(near(f.service.get(r.sandboxId).endAt, 60_000)).toBe(true)
    expect((await saved()).getTime()).toBe(f.service.get(r.sandboxId).endAt.getTime())
    await f.service.refresh(r.sandboxId, 30)
    expect(near(f.service.get(r.sandboxId).endAt, 60_000)).toBe(true)
    await f.service.refresh(r.sandboxId, 120)
    expect(near(f.service.get(r.sandboxId).endAt, 120_000)).toBe(true)
    await f.service.connect(r.sandboxId, 90)
    expect(near(f.service.get(r.sandboxId).endAt, 120_000)).toBe(true)
    await f.service.setTimeout(r.sandboxId, 999_999)
    expect(near(f.service.get(r.sandboxId).endAt, 600_000)).toBe(true)
    await f.service.setTimeout(r.sandboxId, -5)
    await expect
      .poll(() => f.runtime.containers.size, { timeout: 2000, interval: 10, message: 'a negative timeout to mean now' })
      .toBe(0)
  })

  it("starts a resumed sandbox's deadline afresh", async () => {
    const f = await sandboxFixture()
    const r = await f.create()
    await f.service.pause(r.sandboxId, { memory: true })
    await f.service.resume(r.sandboxId, 45)
    expect(near(f.service.get(r.sandboxId).endAt, 45_000)).toBe(true)
  })
})
