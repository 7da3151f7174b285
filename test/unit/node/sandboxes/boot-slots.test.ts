// Boot slots: creates' cold starts go before pool refills, refills use at most their share, and a
// refill never starts while a create waits.
import { describe, expect, it } from 'vitest'
import { createBootSlots } from '../../../../src/node/sandboxes/boot-slots.js'

/** A task that runs until released; `order` notes when each one started. */
function tasks() {
  const order: string[] = []
  const releases = new Map<string, () => void>()
  const task = (name: string) => async () => {
    order.push(name)
    await new Promise<void>((r) => releases.set(name, r))
  }
  const release = (name: string) => releases.get(name)!()
  return { order, task, release }
}
const tick = () => new Promise((r) => setImmediate(r))

describe('boot slots', () => {
  it('lets waiting creates in before waiting refills, and refills only up to their share', async () => {
    const slots = createBootSlots({ max: 3, refillMax: 2 })
    const { order, task, release } = tasks()
    const runs = [
      slots.refill(task('r1')),
      slots.refill(task('r2')),
      slots.refill(task('r3')),
      slots.create(task('c1')),
    ]
    await tick()
    // Two refills (their share), then the create takes the last slot; r3 waits.
    expect(order).toEqual(['r1', 'r2', 'c1'])
    runs.push(slots.create(task('c2')))
    release('r1')
    await tick()
    // The freed slot goes to the waiting create, not to the refill that waited longer.
    expect(order).toEqual(['r1', 'r2', 'c1', 'c2'])
    expect(slots.createsBooting()).toBe(2)
    release('c1')
    await tick()
    expect(order.at(-1)).toBe('r3')
    for (const name of ['r2', 'c2', 'r3']) release(name)
    await Promise.all(runs)
    expect(slots.createsBooting()).toBe(0)
  })

  it('gives a slot back when a boot fails', async () => {
    const slots = createBootSlots({ max: 1, refillMax: 1 })
    await expect(
      slots.create(async () => {
        throw new Error('docker said no')
      }),
    ).rejects.toThrow('docker said no')
    expect(await slots.refill(async () => 'ok')).toBe('ok')
  })
})
