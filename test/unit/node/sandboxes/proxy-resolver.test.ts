// What the proxy asks of a node on fakes: look-ups (auto-resume only for memory pauses), resuming
// for traffic with the create-time timeout (joining a resume in flight), connection tracking; and
// the metrics sampler behind GET .../metrics.
import { describe, expect, it } from 'vitest'
import { sandboxFixture } from '../../../support/sandbox-fixture.js'

describe('proxy resolver', () => {
  it('looks sandboxes up with what the proxy checks, and nothing for unknown ones', async () => {
    const f = await sandboxFixture()
    const r = await f.create({ autoResume: true, allowPublicTraffic: false })
    expect(f.service.resolver.lookup(r.sandboxId)).toEqual({
      sandboxId: r.sandboxId,
      state: 'running',
      ip: r.ip,
      autoResume: true,
      trafficAccessToken: `traffic-${r.sandboxId}`,
      envdAccessToken: `envd-${r.sandboxId}`,
    })
    expect(f.service.resolver.lookup('inosuch0000000000000')).toBeUndefined()
    // compat: only memory pauses auto-resume.
    await f.service.pause(r.sandboxId, { memory: false })
    expect(f.service.resolver.lookup(r.sandboxId)).toMatchObject({ state: 'paused', autoResume: false })
  })

  it('resumes a paused sandbox for traffic with its create-time timeout, once for racing requests', async () => {
    const f = await sandboxFixture()
    const r = await f.create({ autoResume: true, timeoutS: 120 })
    await f.service.setTimeout(r.sandboxId, 3000)
    await f.service.pause(r.sandboxId, { memory: true })
    await Promise.all([
      f.service.resolver.resume(r.sandboxId),
      f.service.resolver.resume(r.sandboxId),
      f.service.resolver.resume(r.sandboxId),
    ])
    expect(f.runtime.journal.filter((j) => j === `unpause ${r.containerId}`)).toHaveLength(1)
    const after = f.service.get(r.sandboxId)
    expect(after.state).toBe('running')
    expect(Math.abs(after.endAt.getTime() - (Date.now() + 120_000))).toBeLessThan(1500)
  })

  it('tracks connections until released, and closes one for an unknown sandbox at once', async () => {
    const f = await sandboxFixture()
    const r = await f.create()
    let closed = 0
    const release = f.service.resolver.track(r.sandboxId, () => closed++)
    f.service.resolver.track(r.sandboxId, () => closed++)()
    release()
    await f.service.pause(r.sandboxId, { memory: true })
    expect(closed).toBe(0)
    f.service.resolver.track(r.sandboxId, () => closed++)
    await f.service.kill(r.sandboxId)
    expect(closed).toBe(1)
    f.service.resolver.track('inosuch0000000000000', () => closed++)
    expect(closed).toBe(2)
  })
})

describe('metrics sampling', () => {
  it('samples running sandboxes at the interval, skips paused ones, and survives an envd that does not answer', async () => {
    const f = await sandboxFixture({ settings: { metricsIntervalMs: 20 } })
    const a = await f.create()
    const b = await f.create()
    const c = await f.create()
    await f.service.pause(b.sandboxId, { memory: true })
    f.envd.down.add(c.ip)
    f.service.startSampling()
    await expect
      .poll(() => f.service.metrics(a.sandboxId).length, { timeout: 2000, interval: 10, message: 'three samples' })
      .toBeGreaterThanOrEqual(3)
    expect(f.service.metrics(b.sandboxId)).toHaveLength(1)
    expect(f.service.metrics(c.sandboxId)).toHaveLength(1)
    expect(Object.keys(f.service.lastMetrics([a.sandboxId, b.sandboxId, 'inosuch0000000000000']))).toEqual([
      a.sandboxId,
      b.sandboxId,
    ])
  })
})
