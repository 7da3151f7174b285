// The pool policy's pure parts with tables: the bounds a setting makes, demand counted within one
// boot time and forgotten after the idle period, and which pools give back memory over the budget.
import { describe, expect, it } from 'vitest'
import { Demand, overBudget, poolBoundsFor } from '../../../../src/node/sandboxes/pool-policy.js'

describe('poolBoundsFor', () => {
  it.each([
    ['the built-in floor, growing to the default max', undefined, 2, 8, { min: 2, max: 8 }],
    ['a configured floor, growing to the default max', { min: 3, max: undefined }, 2, 8, { min: 3, max: 8 }],
    ['a floor above the default max is its own max', { min: 10, max: undefined }, 2, 8, { min: 10, max: 10 }],
    ['SANDOCK_POOL_MAX=0 makes every floor a fixed size', { min: 3, max: undefined }, 2, 0, { min: 3, max: 3 }],
    ['0 is no pool, whatever the built-in says', { min: 0, max: undefined }, 2, 8, { min: 0, max: 0 }],
    ['a range is taken as it is', { min: 2, max: 2 }, 2, 8, { min: 2, max: 2 }],
    ['0..4: a pool only on demand', { min: 0, max: 4 }, undefined, 8, { min: 0, max: 4 }],
    ['a built-in default of 0 is no pool', undefined, 0, 8, { min: 0, max: 0 }],
    ['a template nobody configured has none', undefined, undefined, 8, { min: 0, max: 0 }],
  ])('%s', (_what, setting, builtin, poolMax, bounds) => {
    expect(poolBoundsFor(setting, builtin, poolMax)).toEqual(bounds)
  })
})

describe('Demand', () => {
  const demand = () => new Demand({ idleMs: 60_000, initialBootMs: 1000 })

  it('counts the most creates that arrived within one boot time', () => {
    const d = demand()
    for (const t of [0, 100, 200, 300, 2000, 2500, 5000, 5100]) d.arrived(t)
    expect(d.peak(6000)).toBe(4)
    expect(d.target({ min: 1, max: 8 }, 6000)).toBe(4)
    expect(d.target({ min: 1, max: 3 }, 6000)).toBe(3)
    expect(d.target({ min: 6, max: 8 }, 6000)).toBe(6)
  })

  it('widens the window when boots get slower', () => {
    const d = demand()
    for (const t of [0, 600, 1200, 1800]) d.arrived(t)
    expect(d.peak(2000)).toBe(2)
    for (let i = 0; i < 20; i++) d.booted(3000)
    expect(d.bootTimeMs()).toBeGreaterThan(2500)
    expect(d.peak(2000)).toBe(4)
  })

  it('forgets arrivals after the idle period', () => {
    const d = demand()
    for (const t of [0, 1, 2, 3, 4]) d.arrived(t)
    expect(d.target({ min: 2, max: 8 }, 59_000)).toBe(5)
    expect(d.target({ min: 2, max: 8 }, 61_000)).toBe(2)
  })

  it('holds a size for the idle period (re-adopted containers), demand on top', () => {
    const d = demand()
    d.hold(6, 0)
    expect(d.target({ min: 2, max: 8 }, 30_000)).toBe(6)
    for (let i = 0; i < 8; i++) d.arrived(30_000)
    expect(d.target({ min: 2, max: 8 }, 30_001)).toBe(8)
    expect(d.target({ min: 2, max: 8 }, 95_000)).toBe(2)
  })
})

describe('overBudget', () => {
  const MiB = 1 << 20
  const pools = (spec: Record<string, { mem: number[]; min: number }>) =>
    new Map(Object.entries(spec).map(([id, p]) => [id, { memoryBytes: p.mem.map((m) => m * MiB), min: p.min }]))

  it.each([
    ['nothing when within the budget', { a: { mem: [30, 30], min: 1 } }, 100, {}],
    [
      'from the pool furthest above its floor first',
      { a: { mem: [30, 30, 30], min: 1 }, b: { mem: [30, 30], min: 2 } },
      100,
      { a: 2 },
    ],
    ['never below a floor, even over the budget', { a: { mem: [60, 60], min: 2 } }, 50, {}],
    [
      'taking turns between pools equally far above their floors',
      { a: { mem: [20, 20, 20], min: 0 }, b: { mem: [20, 20, 20], min: 0 } },
      60,
      { a: 2, b: 1 },
    ],
  ])('drops %s', (_what, spec, budgetMB, drops) => {
    expect(Object.fromEntries(overBudget(pools(spec), budgetMB * MiB))).toEqual(drops)
  })
})
