// One look at every warm pool: resolve the configured references, drop what is stale, over target
// or over the memory budget, and start the boots that are missing. Refills wait while a refill
// hold (after claims from a fuller pool) lasts.
import type { Logger } from 'pino'
import type { ResolvedTemplate } from '../builds/template-model.js'
import type { PoolBoots } from './pool-boots.js'
import { overBudget, type PoolBounds } from './pool-policy.js'
import type { PoolStock, RetryMarks } from './pool-stock.js'
import type { PoolEntry, PoolNode, PoolSizing } from './pool-types.js'

/**
 * After a create takes a ready container while others are still ready, no refill boot starts for
 * `delayMs` (see PoolSizing.refillDelayMs): measured from the first such claim.
 */
export class RefillHold {
  /** Until when no refill boot starts; -Infinity: none pending. */
  private until = -Infinity
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly delayMs: number,
    private readonly now: () => number,
  ) {}

  /** A claim: `served` when it took a ready container, `left` the ready ones after it. */
  claimed(served: boolean, left: number): void {
    const t = this.now()
    if (!served) this.until = -Infinity
    else if (this.delayMs > 0 && this.until <= t && left > 0) this.until = t + this.delayMs
  }

  /** True while the hold lasts; `then` runs once it is over (one timer however often asked). */
  holds(then: () => void): boolean {
    const leftMs = this.until - this.now()
    if (leftMs <= 0) return false
    this.timer ??= setTimeout(() => {
      this.timer = undefined
      then()
    }, leftMs).unref()
    return true
  }

  stop(): void {
    clearTimeout(this.timer)
  }
}

export type PassParts = Readonly<{
  sizing: Pick<PoolSizing, 'bounds' | 'memoryBudgetBytes'>
  resolve: PoolNode['resolve']
  stock: PoolStock
  boots: Pick<PoolBoots, 'start'>
  retries: RetryMarks
  hold: RefillHold
  log: Logger
  now: () => number
  closed: () => boolean
  /** The last resolution of each configured ref (for /health and to find its template id). */
  resolved: Map<string, ResolvedTemplate>
  drop: (entry: PoolEntry, why: string) => void
  /** Asks for another pass (when the refill hold is over). */
  kick: () => void
}>

/** One look at every pool: drop what is stale, over target or over budget; start the boots that are missing. */
export async function pass(p: PassParts): Promise<void> {
  const { stock, retries, now, drop } = p
  const wanted = new Map<string, { template: ResolvedTemplate; bounds: PoolBounds }>()
  let unresolved = false
  for (const [ref, bounds] of Object.entries(p.sizing.bounds())) {
    if (bounds.max <= 0) continue
    if (retries.blocked(`ref ${ref}`)) {
      unresolved = true
      continue
    }
    let template: ResolvedTemplate
    try {
      template = await p.resolve(ref)
    } catch (err) {
      p.log.debug({ err, ref }, 'pool template not available yet')
      retries.failed(`ref ${ref}`)
      unresolved = true
      continue
    }
    if (p.closed()) return
    p.resolved.set(ref, template)
    const w = wanted.get(template.templateId)
    wanted.set(template.templateId, {
      template,
      bounds: w ? { min: Math.max(w.bounds.min, bounds.min), max: Math.max(w.bounds.max, bounds.max) } : bounds,
    })
  }
  const t = now()
  const targets = new Map<string, number>()
  for (const [id, w] of wanted) {
    const list = stock.listOf(id)
    // A rebuilt template has a new image: containers of the old one are never handed out.
    for (const e of list.filter((x) => x.image !== w.template.image)) {
      list.splice(list.indexOf(e), 1)
      drop(e, 'stale image')
    }
    targets.set(id, stock.demandOf(id).target(w.bounds, t))
  }
  // Shrink to target, oldest first. While a configured ref does not resolve, its template id is
  // unknown, so pools of templates no longer configured are only trimmed once all resolve.
  for (const [id, list] of stock.ready) {
    const keep = targets.get(id) ?? (unresolved ? list.length : 0)
    while (list.length > keep) drop(list.shift()!, wanted.has(id) ? 'over the pool target' : 'no pool configured')
  }
  const budget = overBudget(
    new Map(
      [...stock.ready].map(([id, list]) => [
        id,
        { memoryBytes: list.map((e) => e.memoryBytes), min: wanted.get(id)?.bounds.min ?? 0 },
      ]),
    ),
    p.sizing.memoryBudgetBytes,
  )
  for (const [id, n] of budget) for (let i = 0; i < n; i++) drop(stock.listOf(id).shift()!, 'over the memory budget')
  // Refills wait while the creates that just claimed run their first commands; a pass then comes
  // from the timer (or the next kick) once the hold is over.
  if (p.hold.holds(p.kick)) return
  // Start what is missing, one per template per round so templates share the boot slots.
  for (let progress = true; progress && !p.closed(); ) {
    progress = false
    for (const [id, w] of wanted) {
      if (retries.blocked(`template ${id}`)) continue
      const have = stock.listOf(id).length + stock.bootingOf(id)
      if (have >= targets.get(id)!) continue
      // The floor is always kept; growth above it must fit the memory budget.
      if (have >= w.bounds.min && stock.usedBytes() + stock.estimate(id) > p.sizing.memoryBudgetBytes) continue
      p.boots.start(w.template)
      progress = true
    }
  }
}
