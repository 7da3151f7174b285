import { describe, expect, it } from 'vitest'
import { limiter } from '../../../src/shared/limiter.js'

describe('limiter', () => {
  it('runs at most max at once, in call order, and passes results and errors through', async () => {
    const run = limiter(2)
    let active = 0
    let peak = 0
    const started: number[] = []
    const releases: (() => void)[] = []
    const task = (i: number) =>
      run(async () => {
        started.push(i)
        peak = Math.max(peak, ++active)
        await new Promise<void>((r) => releases.push(r))
        active--
        if (i === 3) throw new Error('task 3 failed')
        return i * 10
      })
    const results = [0, 1, 2, 3, 4].map((i) =>
      task(i).then(
        (v) => v,
        (e: Error) => e.message,
      ),
    )
    // Settle in steps: each release lets exactly one waiter in.
    for (let n = 0; n < 5; n++) {
      await new Promise((r) => setTimeout(r, 5))
      expect(active).toBeLessThanOrEqual(2)
      releases.shift()!()
    }
    expect(await Promise.all(results)).toEqual([0, 10, 20, 'task 3 failed', 40])
    expect(peak).toBe(2)
    expect(started).toEqual([0, 1, 2, 3, 4])
  })

  it('hands a freed slot to a waiter before a newcomer', async () => {
    const run = limiter(1)
    const order: string[] = []
    let release!: () => void
    const first = run(() => new Promise<void>((r) => (release = r)).then(() => void order.push('first')))
    const waiter = run(async () => void order.push('waiter'))
    await new Promise((r) => setTimeout(r, 5))
    release()
    // Called right after the slot frees, before the waiter has run: it must queue behind it.
    await first
    const newcomer = run(async () => void order.push('newcomer'))
    await Promise.all([waiter, newcomer])
    expect(order).toEqual(['first', 'waiter', 'newcomer'])
  })
})
