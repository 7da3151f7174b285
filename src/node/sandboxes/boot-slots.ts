// Who may boot a container now (Docker create and start, then envd's Node start: the CPU-heavy
// part of a sandbox's life). Creates that cold-start go first; warm-pool refills take what is left,
// a bounded number at a time, and never while a create waits for a slot.
import type { Limiter } from '../../shared/limiter.js'

export type BootSlots = Readonly<{
  /** For a live create's cold start: waits only for free slots, ahead of every waiting refill. */
  create: Limiter
  /** For a pool refill: waits until no create waits and fewer than `refillMax` refills boot. */
  refill: Limiter
  /** Creates waiting for a slot or booting in one. */
  createsBooting(): number
}>

/** `max` boots at once in all; at most `refillMax` of them refills. */
export function createBootSlots(opts: Readonly<{ max: number; refillMax: number }>): BootSlots {
  let active = 0
  let refills = 0
  let creates = 0
  const waitingCreates: (() => void)[] = []
  const waitingRefills: (() => void)[] = []

  // Hands free slots to waiters: every waiting create before any refill.
  function pump(): void {
    while (active < opts.max && waitingCreates.length > 0) {
      active++
      waitingCreates.shift()!()
    }
    while (active < opts.max && refills < opts.refillMax && waitingCreates.length === 0 && waitingRefills.length > 0) {
      active++
      refills++
      waitingRefills.shift()!()
    }
  }

  const run =
    (queue: (() => void)[], isRefill: boolean): Limiter =>
    async (fn) => {
      if (!isRefill) creates++
      await new Promise<void>((resolve) => {
        queue.push(resolve)
        pump()
      })
      try {
        return await fn()
      } finally {
        active--
        if (isRefill) refills--
        else creates--
        pump()
      }
    }

  return { create: run(waitingCreates, false), refill: run(waitingRefills, true), createsBooting: () => creates }
}
