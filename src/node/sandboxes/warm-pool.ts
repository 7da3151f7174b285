// Warm pools: per template, started sandbox containers (envd up, start command ready) that a
// create claims whole. A pooled container serves exactly one sandbox: it leaves the pool when
// claimed and is never put back (a killed sandbox's container is removed, not recycled). How many
// each pool holds follows demand (pool-policy.ts): it grows when creates arrive faster than a
// refill lands, within the template's bounds and the memory budget, and shrinks back to its floor
// when they stop. Refills run side by side, each in a boot slot that live creates get first. A
// create that finds the pool empty while a refill of its template is already booting takes that
// one when it is ready (it is further along than a cold start would be) instead of adding a boot.
import type { Logger } from 'pino'
import type { ResolvedTemplate } from '../builds/template-model.js'
import { createPoolBoots } from './pool-boots.js'
import { createPassLoop } from './pool-loop.js'
import { pass, RefillHold } from './pool-pass.js'
import { PoolStock, RetryMarks } from './pool-stock.js'
import type { PoolBounds } from './pool-policy.js'
import type { PoolEntry, PoolNode, WarmPoolDeps } from './pool-types.js'

export type { PoolEntry, PoolNode, PoolSizing, WarmPoolDeps } from './pool-types.js'

export type WarmPool = ReturnType<typeof createWarmPool>

type PoolSizes = Record<string, { size: number; ready: number; min: number; max: number }>

/** Per configured template reference: the current target, ready count and bounds at `t`. */
function poolSizes(
  stock: PoolStock,
  resolved: ReadonlyMap<string, ResolvedTemplate>,
  bounds: Readonly<Record<string, PoolBounds>>,
  t: number,
): PoolSizes {
  const out: PoolSizes = {}
  for (const [ref, b] of Object.entries(bounds)) {
    const tpl = resolved.get(ref)
    out[ref] = {
      size: tpl && b.max > 0 ? stock.demandOf(tpl.templateId).target(b, t) : b.min,
      ready: tpl ? (stock.ready.get(tpl.templateId)?.filter((e) => e.image === tpl.image).length ?? 0) : 0,
      min: b.min,
      max: b.max,
    }
  }
  return out
}

/** Removes an unclaimed pool container at a clean shutdown; a failure is logged, not thrown. */
function discardAtShutdown(node: PoolNode, log: Logger, e: PoolEntry): Promise<void> {
  return node.discard(e).then(
    () => log.info({ sandboxId: e.sandboxId, templateId: e.templateId }, 'pool container removed at shutdown'),
    (err: unknown) => log.warn({ err, containerId: e.containerId }, 'removing a pool container failed'),
  )
}

export function createWarmPool(deps: WarmPoolDeps) {
  const { node, sizing, clock = {} } = deps
  const log: Logger = deps.log.child({ component: 'warm-pool' })
  const now = clock.now ?? (() => performance.now())
  const stock = new PoolStock(sizing.idleMs)
  const retries = new RetryMarks(now, clock.retryMs ?? 5000)
  const hold = new RefillHold(sizing.refillDelayMs ?? 0, now)
  /** The last resolution of each configured ref (for /health and to find its template id). */
  const resolved = new Map<string, ResolvedTemplate>()
  /** Aborted by close(): boots in flight stop and remove what they started. */
  const closing = new AbortController()
  let closed = false

  const boots = createPoolBoots({
    boot: node.boot,
    stock,
    retries,
    log,
    now,
    closing: closing.signal,
    ended: () => {
      loop.kick()
      loop.notifySettled()
    },
  })
  const drop = (entry: PoolEntry, why: string) => {
    log.info({ sandboxId: entry.sandboxId, templateId: entry.templateId, why }, 'pool container discarded')
    node
      .discard(entry)
      .catch((err: unknown) => log.warn({ err, containerId: entry.containerId }, 'removing a pool container failed'))
  }
  const passParts = {
    sizing,
    resolve: node.resolve,
    stock,
    boots,
    retries,
    hold,
    log,
    now,
    closed: () => closed,
    resolved,
    drop,
    kick: () => loop.kick(),
  }
  const loop = createPassLoop({
    pass: () => pass(passParts),
    booting: () => boots.inFlight.size > 0,
    tickMs: clock.tickMs ?? 5000,
    log,
  })
  const { kick } = loop
  // (boots' `ended` and the pass's `kick` call the loop: boots end, a pass starts boots.)
  /**
   * Takes a ready container for `template`, or undefined (the caller cold-starts), and counts the
   * create as demand. Synchronous from lookup to splice, so concurrent creates never get the same entry.
   */
  function claim(template: ResolvedTemplate): PoolEntry | undefined {
    stock.demandOf(template.templateId).arrived(now())
    const list = stock.ready.get(template.templateId)
    let entry: PoolEntry | undefined
    while (list && list.length > 0 && !entry) {
      const e = list.shift()!
      if (e.image === template.image) entry = e
      else drop(e, 'stale image')
    }
    hold.claimed(entry !== undefined, list?.length ?? 0)
    kick()
    return entry
  }

  return {
    kick,

    claim,

    /**
     * claim(), or else, when a boot of the template already holds a slot and no other create
     * waits for it, that container once it is ready; undefined (the caller cold-starts) otherwise
     * or when that boot fails.
     */
    async claimOrWait(template: ResolvedTemplate): Promise<PoolEntry | undefined> {
      const ready = claim(template)
      const id = template.templateId
      const q = stock.joinersOf(id)
      if (ready || closed || stock.startedOf(id) <= q.length) return ready
      return new Promise<PoolEntry | undefined>((take) => q.push({ image: template.image, take }))
    },

    /**
     * A pool container found at boot (never claimed, envd healthy): ready for claims again. The
     * pool keeps the size it had for an idle period (within its bounds and the budget), as if the
     * demand that grew it had just been seen.
     */
    adopt(entry: PoolEntry): void {
      const list = stock.listOf(entry.templateId)
      list.push(entry)
      stock.measured(entry.templateId, entry.memoryBytes)
      stock.demandOf(entry.templateId).hold(list.length, now())
    },

    /** Per configured template reference: the current target, ready count and bounds (for /health). */
    sizes: () => poolSizes(stock, resolved, sizing.bounds(), now()),

    /** Container ids in the pool right now (tests, diagnostics). */
    containerIds(): string[] {
      return [...stock.ready.values()].flat().map((e) => e.containerId)
    },

    /** Resolves once no pass runs and no pool container is booting (tests). */
    settled: loop.settled,

    /**
     * A clean shutdown, after close(): removes the ready (unclaimed) containers, so nothing is left
     * running for a server that may never come back; the next start fills the pool again. Without
     * it (and after a crash) they keep running and the next start re-adopts them.
     */
    async discardReady(): Promise<void> {
      const ready = [...stock.ready.values()].flat()
      stock.ready.clear()
      await Promise.all(ready.map((e) => discardAtShutdown(node, log, e)))
    },

    /**
     * Stops refilling: boots in flight are aborted (each removes the container it started, not
     * waiting for its envd or ready command) and awaited. Ready containers keep running: the next
     * start re-adopts them, unless discardReady() follows.
     */
    async close(): Promise<void> {
      closed = true
      const stopped = loop.stop()
      closing.abort(new Error('the warm pool is closing'))
      hold.stop()
      for (const q of stock.allJoiners()) for (const j of q.splice(0)) j.take(undefined)
      await stopped
      await Promise.allSettled([...boots.inFlight])
    },
  }
}
