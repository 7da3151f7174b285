// How big a template's warm pool should be, without side effects: the configured bounds, the
// demand (the most creates that arrived within one boot time, remembered for an idle period), and
// the memory budget that growth above the floors must fit in. Time is passed in as numbers
// (performance.now() in the server), so the tests drive it with a fake clock.

/** A pool's size range: never below `min` (the configured floor), never above `max`; max 0 = no pool. */
export type PoolBounds = Readonly<{ min: number; max: number }>

/**
 * The bounds a template's pool runs with: `setting` as configured (SANDOCK_POOL_SIZE(S)), else the
 * built-in default floor. A single number `n` grows with demand up to max(n, `poolMax`); `0` is no
 * pool unless a range says otherwise (`0..4`: a pool only while creates ask for one).
 */
export function poolBoundsFor(
  setting: Readonly<{ min: number; max: number | undefined }> | undefined,
  builtinFloor: number | undefined,
  poolMax: number,
): PoolBounds {
  const min = setting?.min ?? builtinFloor ?? 0
  const max = setting?.max ?? (min > 0 ? Math.max(min, poolMax) : 0)
  return { min, max }
}

/** The smoothing of boot durations: each new one counts this much. */
const BOOT_EWMA = 0.3
/** The shortest window demand is counted in, however fast boots get. */
const MIN_WINDOW_MS = 100

/**
 * Create arrivals and boot durations of one template. `target()` is the most arrivals within one
 * boot time seen over the last `idleMs` (the containers a burst like it would claim before a
 * refill lands), clamped to the bounds: a pool grows at once when a burst shows demand and falls
 * back to its floor `idleMs` after the last one.
 */
export class Demand {
  private readonly arrivals: number[] = []
  private bootMs: number
  /** A size to keep until `until` whatever the arrivals say (containers re-adopted after a restart). */
  private held: { count: number; until: number } | undefined

  constructor(private readonly o: Readonly<{ idleMs: number; initialBootMs: number }>) {
    this.bootMs = o.initialBootMs
  }

  /** A create that the pool could serve arrived (claimed one or found none). */
  arrived(now: number): void {
    this.arrivals.push(now)
    this.forget(now)
  }

  /** A pool container took `ms` to boot (start to ready, waits for a boot slot included). */
  booted(ms: number): void {
    this.bootMs = this.bootMs * (1 - BOOT_EWMA) + ms * BOOT_EWMA
  }

  /** Keeps at least `count` for the idle period from `now` (a resized pool re-adopted after a restart). */
  hold(count: number, now: number): void {
    this.held = {
      count: Math.max(count, this.held && this.held.until > now ? this.held.count : 0),
      until: now + this.o.idleMs,
    }
  }

  bootTimeMs(): number {
    return this.bootMs
  }

  /** The most arrivals within one boot time over the last idle period. */
  peak(now: number): number {
    this.forget(now)
    const xs = this.arrivals
    const window = Math.max(MIN_WINDOW_MS, this.bootMs)
    let best = 0
    for (let i = 0, j = 0; j < xs.length; j++) {
      while (xs[j]! - xs[i]! >= window) i++
      best = Math.max(best, j - i + 1)
    }
    return best
  }

  /** How many containers the pool should hold now. */
  target(bounds: PoolBounds, now: number): number {
    const held = this.held && this.held.until > now ? this.held.count : 0
    return Math.min(bounds.max, Math.max(bounds.min, this.peak(now), held))
  }

  private forget(now: number): void {
    const from = now - this.o.idleMs
    let drop = 0
    while (drop < this.arrivals.length && this.arrivals[drop]! < from) drop++
    if (drop > 0) this.arrivals.splice(0, drop)
  }
}

/**
 * Which pools give back containers so that memory fits the budget again: one at a time from the
 * pool furthest above its floor, never below a floor (floors are configured; the budget caps the
 * growth demand adds). `pools`: per template, its ready containers' memory (oldest first) and floor.
 * Returns how many each drops.
 */
export function overBudget(
  pools: ReadonlyMap<string, { memoryBytes: readonly number[]; min: number }>,
  budgetBytes: number,
  reservedBytes = 0,
): Map<string, number> {
  const drops = new Map<string, number>()
  let used = reservedBytes
  for (const p of pools.values()) for (const m of p.memoryBytes) used += m
  while (used > budgetBytes) {
    let pick: string | undefined
    let above = 0
    for (const [id, p] of pools) {
      const left = p.memoryBytes.length - (drops.get(id) ?? 0) - p.min
      if (left > above) [pick, above] = [id, left]
    }
    if (pick === undefined) break
    const p = pools.get(pick)!
    const n = drops.get(pick) ?? 0
    used -= p.memoryBytes[n]!
    drops.set(pick, n + 1)
  }
  return drops
}
