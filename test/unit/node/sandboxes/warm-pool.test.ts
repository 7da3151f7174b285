// The warm pool's bookkeeping and policy with a fake boot and a fake clock: it fills to its floor,
// grows to the demand a burst shows (within its bounds and the memory budget) with boots side by
// side, shrinks back when idle, never hands out an entry twice or more than it holds, discards
// stale images, and keeps a resized pool re-adopted after a restart. No timing assertions: the
// clock only moves when a test moves it.
import { describe, expect, it, onTestFinished } from 'vitest'
import type { PoolBounds } from '../../../../src/node/sandboxes/pool-policy.js'
import { createWarmPool, type PoolEntry, type PoolNode } from '../../../../src/node/sandboxes/warm-pool.js'
import type { ResolvedTemplate } from '../../../../src/node/builds/template-model.js'
import { createLogger } from '../../../../src/shared/logging.js'

const log = createLogger({ level: 'silent', name: 'test' })
const MiB = 1 << 20
const IDLE_MS = 60_000

/** `queued`: boots never get a boot slot (a create may not wait for them). */
/** `abortable`: a gated boot that stops (and counts itself undone) when the pool's close aborts it. */
function fixture(
  opts: {
    bounds?: PoolBounds
    memoryBudgetMB?: number
    memoryMB?: number
    gated?: boolean
    queued?: boolean
    refillDelayMs?: number
    abortable?: boolean
  } = {},
) {
  let image = 'img:1'
  let n = 0
  let clock = 0
  let bounds = opts.bounds ?? { min: 2, max: 8 }
  const booted: PoolEntry[] = []
  const discarded: string[] = []
  /** Boots waiting for release (gated), in start order. */
  const pending: (() => void)[] = []
  let failures = 0
  let undone = 0
  const template = (): ResolvedTemplate => ({ templateId: 'base', alias: 'base', image, cpuCount: 1, memoryMB: 512 })
  const node: PoolNode = {
    resolve: async () => template(),
    boot: async (t, started, closing) => {
      if (!opts.queued) started()
      if (opts.gated) {
        await new Promise<void>((resolve, reject) => {
          pending.push(resolve)
          if (opts.abortable)
            closing.addEventListener('abort', () => reject((undone++, closing.reason)), { once: true })
        })
      }
      if (failures > 0) {
        failures--
        throw new Error('docker said no')
      }
      const e = {
        sandboxId: `s${++n}`,
        containerId: `c${n}`,
        ip: '10.0.0.1',
        templateId: t.templateId,
        image: t.image,
        diskSizeMB: 1,
        memoryBytes: (opts.memoryMB ?? 30) * MiB,
      }
      booted.push(e)
      return e
    },
    discard: async (e) => void discarded.push(e.containerId),
  }
  const pool = createWarmPool({
    node,
    sizing: {
      bounds: () => ({ base: bounds }),
      memoryBudgetBytes: (opts.memoryBudgetMB ?? 2048) * MiB,
      idleMs: IDLE_MS,
      refillDelayMs: opts.refillDelayMs,
    },
    log,
    clock: { now: () => clock, retryMs: 1000 },
  })
  onTestFinished(async () => {
    for (const release of pending.splice(0)) release()
    await pool.close()
  })
  const settle = async () => {
    pool.kick()
    await pool.settled()
  }
  return {
    pool,
    booted,
    discarded,
    template,
    pending,
    settle,
    undone: () => undone,
    setImage: (i: string) => (image = i),
    setBounds: (b: PoolBounds) => (bounds = b),
    advance: (ms: number) => (clock += ms),
    failNextBoots: (k: number) => (failures = k),
    /** `k` claims at once (one create each), as a burst of creates would. */
    burst: (k: number) => Array.from({ length: k }, () => pool.claim(template())),
    ready: () => pool.sizes().base!.ready,
    target: () => pool.sizes().base!.size,
  }
}

describe('warm pool: size', () => {
  it('fills to its floor and reports target, ready count and bounds', async () => {
    const f = fixture({ bounds: { min: 3, max: 8 } })
    await f.settle()
    expect(f.pool.sizes()).toEqual({ base: { size: 3, ready: 3, min: 3, max: 8 } })
    expect(f.booted).toHaveLength(3)
  })

  it('removes its unclaimed containers at a clean shutdown, and keeps them otherwise (a crash: the next start re-adopts)', async () => {
    const clean = fixture({ bounds: { min: 3, max: 3 } })
    await clean.settle()
    const claimed = clean.pool.claim(clean.template())!
    await clean.pool.close()
    await clean.pool.discardReady()
    expect(clean.discarded.sort()).toEqual(
      clean.booted
        .map((e) => e.containerId)
        .filter((c) => c !== claimed.containerId)
        .sort(),
    )
    expect(clean.pool.containerIds()).toEqual([])

    const kept = fixture({ bounds: { min: 3, max: 3 } })
    await kept.settle()
    await kept.pool.close()
    expect(kept.discarded).toEqual([])
  })

  it('aborts the boots in flight when it closes, without waiting for them to be ready', async () => {
    const f = fixture({ bounds: { min: 3, max: 3 }, gated: true, abortable: true })
    f.pool.kick()
    await until(() => f.pending.length === 3)
    // Resolves although no boot was released: each was told to stop (and removes what it started).
    await f.pool.close()
    expect(f.undone()).toBe(3)
    expect(f.booted).toEqual([])
    await f.pool.discardReady()
    expect(f.pool.containerIds()).toEqual([])
  })

  it('removes at a clean shutdown a container whose boot finished as the pool closed', async () => {
    const f = fixture({ bounds: { min: 1, max: 1 }, gated: true })
    f.pool.kick()
    await until(() => f.pending.length === 1)
    const closing = f.pool.close()
    // This boot did not stop when told (it was past the point of no return): it is ready now.
    f.pending.shift()!()
    await closing
    expect(f.booted).toHaveLength(1)
    await f.pool.discardReady()
    expect(f.discarded).toEqual([f.booted[0]!.containerId])
  })

  it('grows to the size of a burst it has seen, and back to its floor once idle', async () => {
    const f = fixture({ bounds: { min: 2, max: 8 } })
    await f.settle()
    const claims = f.burst(6)
    expect(claims.filter(Boolean)).toHaveLength(2)
    await f.settle()
    expect(f.target()).toBe(6)
    expect(f.ready()).toBe(6)
    // The same burst again, a while later, is served whole from the pool.
    f.advance(5000)
    expect(f.burst(6).every(Boolean)).toBe(true)
    await f.settle()
    expect(f.ready()).toBe(6)
    // No creates for the idle period: the pool shrinks to its floor, the oldest containers first.
    const oldest = f.pool.containerIds().slice(0, 4)
    f.advance(IDLE_MS + 1)
    await f.settle()
    expect(f.target()).toBe(2)
    expect(f.ready()).toBe(2)
    expect(f.discarded.sort()).toEqual(oldest.sort())
  })

  it('counts as demand only the creates that arrive within one boot time', async () => {
    const f = fixture({ bounds: { min: 1, max: 8 } })
    await f.settle()
    // Five creates, each long after the previous (more than a boot time apart): one at a time is enough.
    for (let i = 0; i < 5; i++) {
      f.advance(5000)
      f.burst(1)
      await f.settle()
    }
    expect(f.target()).toBe(1)
  })

  it('never grows beyond its max nor shrinks below its min', async () => {
    const f = fixture({ bounds: { min: 2, max: 4 } })
    await f.settle()
    f.burst(12)
    await f.settle()
    expect(f.target()).toBe(4)
    expect(f.ready()).toBe(4)
    f.advance(10 * IDLE_MS)
    await f.settle()
    expect(f.ready()).toBe(2)
  })

  it('keeps fixed sizes fixed (min = max), whatever the demand', async () => {
    const f = fixture({ bounds: { min: 2, max: 2 } })
    await f.settle()
    f.burst(8)
    await f.settle()
    expect(f.pool.sizes().base).toEqual({ size: 2, ready: 2, min: 2, max: 2 })
    expect(f.booted).toHaveLength(4)
  })

  it('has no pool at max 0, and follows bounds changed at run time', async () => {
    const f = fixture({ bounds: { min: 0, max: 0 } })
    await f.settle()
    f.burst(3)
    await f.settle()
    expect(f.booted).toHaveLength(0)
    f.setBounds({ min: 0, max: 4 })
    f.advance(5000)
    f.burst(3)
    await f.settle()
    // A pool only while creates ask for one: the burst's demand, none once idle.
    expect(f.ready()).toBe(3)
    f.advance(IDLE_MS + 1)
    await f.settle()
    expect(f.ready()).toBe(0)
  })
})

describe('warm pool: memory budget', () => {
  it('stops growing when the measured memory of its containers reaches the budget', async () => {
    // 30 MiB each, 100 MiB budget: three fit; the floor of two is inside it.
    const f = fixture({ bounds: { min: 2, max: 8 }, memoryBudgetMB: 100, memoryMB: 30 })
    await f.settle()
    f.burst(8)
    await f.settle()
    expect(f.target()).toBe(8)
    expect(f.ready()).toBe(3)
  })

  it('keeps the floor even when the floor alone is over the budget', async () => {
    const f = fixture({ bounds: { min: 3, max: 8 }, memoryBudgetMB: 50, memoryMB: 30 })
    await f.settle()
    expect(f.ready()).toBe(3)
    f.burst(3)
    await f.settle()
    expect(f.ready()).toBe(3)
  })

  it('gives back growth when adopted containers hold more than the budget', async () => {
    const f = fixture({ bounds: { min: 1, max: 8 }, memoryBudgetMB: 100 })
    for (let i = 1; i <= 6; i++)
      f.pool.adopt({
        sandboxId: `old${i}`,
        containerId: `old${i}`,
        ip: 'x',
        templateId: 'base',
        image: 'img:1',
        diskSizeMB: 0,
        memoryBytes: 40 * MiB,
      })
    await f.settle()
    expect(f.ready()).toBe(2)
    expect(f.discarded.sort()).toEqual(['old1', 'old2', 'old3', 'old4'])
  })
})

describe('warm pool: claims and refills', () => {
  it('gives concurrent claims distinct entries, never more than it holds, and never one twice', async () => {
    const f = fixture({ bounds: { min: 3, max: 3 } })
    await f.settle()
    const claims = await Promise.all(Array.from({ length: 20 }, async () => f.pool.claim(f.template())))
    const got = claims.filter((c): c is PoolEntry => c !== undefined)
    expect(got).toHaveLength(3)
    expect(new Set(got.map((c) => c.containerId)).size).toBe(3)
    // Refilled with new containers; the claimed ones never come back.
    await f.settle()
    expect(f.ready()).toBe(3)
    expect(f.pool.containerIds().filter((id) => got.some((c) => c.containerId === id))).toEqual([])
  })

  it('hands out no container that is still booting', async () => {
    const f = fixture({ bounds: { min: 2, max: 8 }, gated: true })
    f.pool.kick()
    await until(() => f.pending.length === 2)
    expect(f.burst(4).filter(Boolean)).toEqual([])
    f.pending.shift()!()
    await until(() => f.ready() === 1)
    expect(f.burst(2).filter(Boolean)).toHaveLength(1)
  })

  it('refills side by side: every missing container starts booting at once', async () => {
    const f = fixture({ bounds: { min: 1, max: 8 }, gated: true })
    f.pool.kick()
    await until(() => f.pending.length === 1)
    f.pending.shift()!()
    await until(() => f.ready() === 1)
    f.burst(6)
    // Five more than it had: five boots started together, none waiting for another to finish.
    await until(() => f.pending.length === 6)
    for (const release of f.pending.splice(0)) release()
    await f.settle()
    expect(f.ready()).toBe(6)
  })

  it('discards entries of a rebuilt image instead of handing them out', async () => {
    const f = fixture({ bounds: { min: 2, max: 2 } })
    await f.settle()
    const old = f.pool.containerIds()
    f.setImage('img:2')
    expect(f.pool.claim(f.template())).toBeUndefined()
    expect(f.discarded.sort()).toEqual(old.sort())
    await f.settle()
    expect(f.pool.claim(f.template())?.image).toBe('img:2')
  })

  it('tries a template again after a failed boot once the retry time has passed', async () => {
    const f = fixture({ bounds: { min: 2, max: 2 } })
    f.failNextBoots(2)
    await f.settle()
    expect(f.ready()).toBe(0)
    await f.settle()
    expect(f.ready()).toBe(0)
    f.advance(1001)
    await f.settle()
    expect(f.ready()).toBe(2)
  })
})

describe('warm pool: creates that find it empty', () => {
  it('wait for a boot that holds a slot, one create per boot; the rest cold-start', async () => {
    const f = fixture({ bounds: { min: 2, max: 2 }, gated: true })
    f.pool.kick()
    await until(() => f.pending.length === 2)
    const waits = Array.from({ length: 3 }, () => f.pool.claimOrWait(f.template()))
    // Two boots, two waiting creates; the third finds none to wait for.
    expect(await waits[2]).toBeUndefined()
    for (const release of f.pending.splice(0)) release()
    const [a, b] = await Promise.all(waits.slice(0, 2))
    expect(new Set([a?.containerId, b?.containerId])).toEqual(new Set(['c1', 'c2']))
    // They went to the creates, not to the pool, which boots its two again.
    expect(f.ready()).toBe(0)
    await until(() => f.pending.length === 2)
    for (const release of f.pending.splice(0)) release()
    await f.settle()
    expect(f.ready()).toBe(2)
  })

  it('do not wait for boots still queued for a slot', async () => {
    const f = fixture({ bounds: { min: 2, max: 2 }, gated: true, queued: true })
    f.pool.kick()
    await until(() => f.pending.length === 2)
    expect(await f.pool.claimOrWait(f.template())).toBeUndefined()
  })

  it('cold-start when the boot they wait for fails', async () => {
    const f = fixture({ bounds: { min: 1, max: 1 }, gated: true })
    f.failNextBoots(1)
    f.pool.kick()
    await until(() => f.pending.length === 1)
    const wait = f.pool.claimOrWait(f.template())
    f.pending.shift()!()
    expect(await wait).toBeUndefined()
  })

  it('cold-start when the pool closes while they wait', async () => {
    const f = fixture({ bounds: { min: 1, max: 1 }, gated: true })
    f.pool.kick()
    await until(() => f.pending.length === 1)
    const wait = f.pool.claimOrWait(f.template())
    const closing = f.pool.close()
    expect(await wait).toBeUndefined()
    f.pending.shift()!()
    await closing
  })
})

describe('warm pool: restarts', () => {
  const adoptAll = (f: ReturnType<typeof fixture>, k: number) => {
    for (let i = 1; i <= k; i++)
      f.pool.adopt({
        sandboxId: `old${i}`,
        containerId: `old${i}`,
        ip: 'x',
        templateId: 'base',
        image: 'img:1',
        diskSizeMB: 0,
        memoryBytes: 30 * MiB,
      })
  }

  it('keeps a resized pool it re-adopts for an idle period, then shrinks it to the floor', async () => {
    const f = fixture({ bounds: { min: 2, max: 8 } })
    adoptAll(f, 6)
    await f.settle()
    expect(f.pool.sizes().base).toEqual({ size: 6, ready: 6, min: 2, max: 8 })
    expect(f.booted).toHaveLength(0)
    expect(f.discarded).toEqual([])
    // The re-adopted containers serve creates first, and are refilled to the kept size.
    expect(f.burst(2).map((e) => e?.containerId)).toEqual(['old1', 'old2'])
    await f.settle()
    expect(f.ready()).toBe(6)
    f.advance(IDLE_MS + 1)
    await f.settle()
    expect(f.ready()).toBe(2)
  })

  it('trims re-adopted containers beyond its max at once', async () => {
    const f = fixture({ bounds: { min: 1, max: 3 } })
    adoptAll(f, 5)
    await f.settle()
    expect(f.ready()).toBe(3)
    expect(f.discarded).toEqual(['old1', 'old2'])
  })
})

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setImmediate(r))
  expect(check()).toBe(true)
}

describe('warm pool: refills wait briefly after claims', () => {
  const DELAY_MS = 200

  it('starts no refill until the delay after a served claim has passed, then refills to target', async () => {
    const f = fixture({ bounds: { min: 3, max: 3 }, refillDelayMs: DELAY_MS })
    await f.settle()
    expect(f.burst(2).every(Boolean)).toBe(true)
    await f.settle()
    expect(f.booted).toHaveLength(3)
    expect(f.ready()).toBe(1)
    f.advance(DELAY_MS - 1)
    await f.settle()
    expect(f.booted).toHaveLength(3)
    f.advance(1)
    await f.settle()
    expect(f.booted).toHaveLength(5)
    expect(f.ready()).toBe(3)
  })

  it('measures the delay from the first claim: later claims do not push refills further away', async () => {
    const f = fixture({ bounds: { min: 3, max: 3 }, refillDelayMs: DELAY_MS })
    await f.settle()
    f.burst(1)
    f.advance(DELAY_MS - 50)
    f.burst(1)
    await f.settle()
    expect(f.booted).toHaveLength(3)
    f.advance(50)
    await f.settle()
    expect(f.ready()).toBe(3)
  })

  it('starts no wait when a claim takes the last ready container (creates one after another)', async () => {
    const f = fixture({ bounds: { min: 1, max: 1 }, refillDelayMs: DELAY_MS })
    await f.settle()
    expect(f.burst(1).every(Boolean)).toBe(true)
    await f.settle()
    expect(f.booted).toHaveLength(2)
    expect(f.ready()).toBe(1)
  })

  it('refills at once when a create finds the pool empty', async () => {
    const f = fixture({ bounds: { min: 2, max: 2 }, refillDelayMs: DELAY_MS })
    await f.settle()
    const claims = f.burst(3)
    expect(claims.filter(Boolean)).toHaveLength(2)
    await f.settle()
    expect(f.booted).toHaveLength(4)
    expect(f.ready()).toBe(2)
  })

  it('never delays filling to the floor at the start, and hands out each container once', async () => {
    const f = fixture({ bounds: { min: 4, max: 4 }, refillDelayMs: DELAY_MS })
    await f.settle()
    expect(f.ready()).toBe(4)
    const got = f.burst(4)
    expect(new Set(got.map((e) => e?.containerId)).size).toBe(4)
    f.advance(DELAY_MS)
    await f.settle()
    expect(f.ready()).toBe(4)
    expect(f.pool.containerIds().some((c) => got.some((e) => e?.containerId === c))).toBe(false)
  })
})
