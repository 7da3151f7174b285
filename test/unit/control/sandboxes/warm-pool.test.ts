// The warm pool's bookkeeping with a fake boot: exclusive claims under concurrency, refill one at a
// time behind live creates, stale images and over-target entries discarded, never an entry twice.
import { describe, expect, it, onTestFinished } from 'vitest'
import { createWarmPool, type PoolEntry } from '../../../../src/control/sandboxes/warm-pool.js'
import type { ResolvedTemplate } from '../../../../src/control/templates/types.js'
import { createLogger } from '../../../../src/shared/logging.js'

const log = createLogger({ level: 'silent', name: 'test' })
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
  if (!check()) throw new Error(`timed out waiting for ${what}`)
}

function fixture(opts: { size?: number; busy?: () => boolean } = {}) {
  let image = 'img:1'
  let n = 0
  const booted: PoolEntry[] = []
  const discarded: string[] = []
  const template = (): ResolvedTemplate => ({ templateId: 'base', alias: 'base', image, cpuCount: 1, memoryMB: 512 })
  const pool = createWarmPool({
    sizes: () => ({ base: opts.size ?? 3 }),
    resolve: async () => template(),
    boot: async (t) => {
      await new Promise((r) => setTimeout(r, 2))
      const e = { sandboxId: `s${++n}`, containerId: `c${n}`, ip: '10.0.0.1', templateId: t.templateId, image: t.image, diskSizeMB: 1 }
      booted.push(e)
      return e
    },
    discard: async (e) => void discarded.push(e.containerId),
    busy: opts.busy ?? (() => false),
    log,
    retryMs: 10,
  })
  onTestFinished(() => pool.close())
  return { pool, booted, discarded, template, setImage: (i: string) => (image = i) }
}

describe('warm pool', () => {
  it('fills to its size and reports it', async () => {
    const { pool, booted } = fixture()
    pool.kick()
    await until(() => pool.sizes().base?.ready === 3, 'the pool to fill')
    expect(pool.sizes()).toEqual({ base: { size: 3, ready: 3 } })
    expect(booted).toHaveLength(3)
  })

  it('removes its unclaimed containers at a clean shutdown, and keeps them otherwise (a crash: the next start re-adopts)', async () => {
    const clean = fixture()
    clean.pool.kick()
    await until(() => clean.pool.sizes().base?.ready === 3, 'the pool to fill')
    const claimed = clean.pool.claim(clean.template())!
    await clean.pool.close()
    await clean.pool.discardReady()
    expect(clean.discarded.sort()).toEqual(clean.booted.map((e) => e.containerId).filter((c) => c !== claimed.containerId).sort())
    expect(clean.pool.containerIds()).toEqual([])

    const kept = fixture()
    kept.pool.kick()
    await until(() => kept.pool.sizes().base?.ready === 3, 'the pool to fill')
    await kept.pool.close()
    expect(kept.discarded).toEqual([])
  })

  it('gives concurrent claims distinct entries and never the same one twice', async () => {
    const { pool, template } = fixture()
    pool.kick()
    await until(() => pool.sizes().base?.ready === 3, 'the pool to fill')
    const claims = await Promise.all(Array.from({ length: 20 }, async () => pool.claim(template())))
    const got = claims.filter((c): c is PoolEntry => c !== undefined)
    expect(got).toHaveLength(3)
    expect(new Set(got.map((c) => c.containerId)).size).toBe(3)
    // Refilled with new containers; the claimed ones never come back.
    await until(() => pool.sizes().base?.ready === 3, 'the refill')
    expect(pool.containerIds().filter((id) => got.some((c) => c.containerId === id))).toEqual([])
    const later = Array.from({ length: 3 }, () => pool.claim(template())!)
    expect(later.map((c) => c.containerId).filter((id) => got.some((c) => c.containerId === id))).toEqual([])
  })

  it('waits for live creates before refilling', async () => {
    let busy = true
    const { pool, booted } = fixture({ busy: () => busy })
    pool.kick()
    await new Promise((r) => setTimeout(r, 100))
    expect(booted).toHaveLength(0)
    busy = false
    await until(() => booted.length === 3, 'the refill after the creates')
  })

  it('discards entries of a rebuilt image instead of handing them out', async () => {
    const { pool, template, setImage, discarded } = fixture({ size: 2 })
    pool.kick()
    await until(() => pool.sizes().base?.ready === 2, 'the pool to fill')
    const old = pool.containerIds()
    setImage('img:2')
    const c = pool.claim(template())
    expect(c).toBeUndefined()
    expect(discarded.sort()).toEqual(old.sort())
    await until(() => pool.sizes().base?.ready === 2, 'the refill with the new image')
    expect(pool.claim(template())?.image).toBe('img:2')
  })

  it('trims re-adopted entries beyond its size', async () => {
    const { pool, discarded } = fixture({ size: 1 })
    for (const i of [1, 2, 3]) pool.adopt({ sandboxId: `old${i}`, containerId: `old${i}`, ip: 'x', templateId: 'base', image: 'img:1', diskSizeMB: 0 })
    pool.kick()
    await until(() => discarded.length === 2, 'the trim')
    expect(pool.containerIds()).toEqual(['old3'])
  })
})
