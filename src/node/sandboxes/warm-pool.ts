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
import { Demand, overBudget, type PoolBounds } from './pool-policy.js'

/** One started container waiting for a create; its sandbox id was assigned when it was started. */
export type PoolEntry = Readonly<{
  sandboxId: string
  containerId: string
  ip: string
  templateId: string
  /** The image it runs: a template rebuilt since (new image) makes it stale. */
  image: string
  diskSizeMB: number
  /** Its memory once ready (the container's cgroup usage without page cache, as envd reports it). */
  memoryBytes: number
}>

export type WarmPoolDeps = Readonly<{
  /**
   * Bounds per template reference (`base`, an alias, alias:tag, a template id), read at each pass:
   * a pool with max 0 is none. Two references to one template share one pool (the wider bounds).
   */
  bounds: () => Readonly<Record<string, PoolBounds>>
  resolve: (ref: string) => Promise<ResolvedTemplate>
  /**
   * Starts one pool container for `template` (envd ready, start command ready, memory measured);
   * calls `started` once it holds a boot slot (creates may then wait for it rather than cold-start).
   * `closing` aborts when the pool closes: a boot then starts no container, or removes the one it
   * started and rejects, without waiting for envd or the template's ready command.
   */
  boot: (template: ResolvedTemplate, started: () => void, closing: AbortSignal) => Promise<PoolEntry>
  /** Removes a pool container that will never be claimed (stale, over target, shutting down). */
  discard: (entry: PoolEntry) => Promise<void>
  log: Logger
  /** Memory all pool containers may hold together; growth above the floors must fit in it. */
  memoryBudgetBytes: number
  /** How long a pool stays grown after the demand that grew it (then it shrinks to its floor). */
  idleMs: number
  /** After a failed resolve or boot, how long to wait before trying that template again. */
  retryMs?: number
  /** How often targets are re-evaluated without a create (so an idle pool shrinks). */
  tickMs?: number
  /**
   * After a create takes a ready container and others are still ready, how long refills wait
   * (default 0: none). The creates of a burst then run their first commands without refill boots
   * competing for the CPU. Measured from the first such claim, not extended by later ones. A claim
   * that takes the last ready container starts no wait (creates one after another, each taking
   * what the last refill made, need the next boot now), and a create that finds the pool empty
   * ends one (demand is ahead of the pool).
   */
  refillDelayMs?: number
  /** The clock (ms); performance.now() unless a test drives it. */
  now?: () => number
}>

/** What a pool container is assumed to hold before one of its template was measured. */
const MEMORY_ESTIMATE_BYTES = 64 << 20
/** The boot time assumed before the first pool container of a template is ready. */
const INITIAL_BOOT_MS = 1000

export type WarmPool = ReturnType<typeof createWarmPool>

export function createWarmPool(deps: WarmPoolDeps) {
  const log = deps.log.child({ component: 'warm-pool' })
  const now = deps.now ?? (() => performance.now())
  const retryMs = deps.retryMs ?? 5000
  /** templateId → ready entries, oldest first. Claims splice from here synchronously: no two creates share one. */
  const entries = new Map<string, PoolEntry[]>()
  const booting = new Map<string, number>()
  /** templateId → boots past their wait for a slot: the ones a create may wait for. */
  const started = new Map<string, number>()
  /** templateId → creates waiting for one of its started boots (never more than there are started boots). */
  const joiners = new Map<string, { image: string; take: (e: PoolEntry | undefined) => void }[]>()
  const boots = new Set<Promise<void>>()
  const demand = new Map<string, Demand>()
  /** templateId → the measured memory of its last pool container. */
  const memoryOf = new Map<string, number>()
  /** The last resolution of each configured ref (for /health and to find its template id). */
  const resolved = new Map<string, ResolvedTemplate>()
  /** `ref …` / `template …` → until when it is not tried again. */
  const failedUntil = new Map<string, number>()
  let running: Promise<void> | undefined
  let again = false
  let closed = false
  /** Aborted by close(): boots in flight stop and remove what they started. */
  const closing = new AbortController()
  let ticker: NodeJS.Timeout | undefined
  let settledWaiters: (() => void)[] = []
  const refillDelayMs = deps.refillDelayMs ?? 0
  /** Until when no refill boot starts (after a claim the pool served); -Infinity: none pending. */
  let holdUntil = -Infinity
  let holdTimer: NodeJS.Timeout | undefined

  const listOf = (templateId: string) => {
    let list = entries.get(templateId)
    if (!list) entries.set(templateId, (list = []))
    return list
  }
  const demandOf = (templateId: string) => {
    let d = demand.get(templateId)
    if (!d) demand.set(templateId, (d = new Demand({ idleMs: deps.idleMs, initialBootMs: INITIAL_BOOT_MS })))
    return d
  }
  const joinersOf = (templateId: string) => {
    let q = joiners.get(templateId)
    if (!q) joiners.set(templateId, (q = []))
    return q
  }
  const estimate = (templateId: string) => memoryOf.get(templateId) ?? MEMORY_ESTIMATE_BYTES
  const blocked = (key: string) => (failedUntil.get(key) ?? -Infinity) > now()
  const drop = (entry: PoolEntry, why: string) => {
    log.info({ sandboxId: entry.sandboxId, templateId: entry.templateId, why }, 'pool container discarded')
    deps
      .discard(entry)
      .catch((err: unknown) => log.warn({ err, containerId: entry.containerId }, 'removing a pool container failed'))
  }
  const usedBytes = () => {
    let n = 0
    for (const list of entries.values()) for (const e of list) n += e.memoryBytes
    for (const [id, k] of booting) n += k * estimate(id)
    return n
  }
  const notifySettled = () => {
    if (running || boots.size > 0) return
    const waiters = settledWaiters
    settledWaiters = []
    for (const w of waiters) w()
  }

  /** Boots one container for `template` in the background; the next pass sees it when it is ready. */
  function startBoot(template: ResolvedTemplate): void {
    const id = template.templateId
    booting.set(id, (booting.get(id) ?? 0) + 1)
    const t0 = now()
    let inSlot = false
    const onStarted = () => {
      if (inSlot) return
      inSlot = true
      started.set(id, (started.get(id) ?? 0) + 1)
    }
    const boot: Promise<void> = deps
      .boot(template, onStarted, closing.signal)
      .then(
        (entry) => {
          demandOf(id).booted(now() - t0)
          memoryOf.set(id, entry.memoryBytes)
          // Ready just as the pool closed: listed, so a clean shutdown's discardReady() removes it;
          // otherwise (a crash-like close) it stays running and the next start re-adopts it.
          if (closed) {
            listOf(id).push(entry)
            return
          }
          const q = joinersOf(id)
          const joiner = q.findIndex((j) => j.image === entry.image)
          if (joiner >= 0) {
            q.splice(joiner, 1)[0]!.take(entry)
            log.debug(
              { sandboxId: entry.sandboxId, templateId: id, ms: Math.round(now() - t0) },
              'pool container ready for a waiting create',
            )
            return
          }
          listOf(id).push(entry)
          log.debug(
            {
              sandboxId: entry.sandboxId,
              templateId: id,
              ms: Math.round(now() - t0),
              memoryMB: Math.round(entry.memoryBytes / 1048576),
            },
            'pool container ready',
          )
        },
        (err: unknown) => {
          if (closed) {
            log.debug({ err, templateId: id }, 'pool boot stopped: the pool closed')
            return
          }
          log.warn({ err, templateId: id }, 'starting a pool container failed')
          failedUntil.set(`template ${id}`, now() + retryMs)
        },
      )
      .finally(() => {
        booting.set(id, (booting.get(id) ?? 1) - 1)
        if (inSlot) started.set(id, (started.get(id) ?? 1) - 1)
        // More creates wait than boots are left to serve them (a boot failed, or went to the list
        // for a newer image): the extra ones cold-start.
        const q = joinersOf(id)
        while (q.length > (started.get(id) ?? 0)) q.pop()!.take(undefined)
        boots.delete(boot)
        kick()
        notifySettled()
      })
    boots.add(boot)
  }

  /** One look at every pool: drop what is stale, over target or over budget; start the boots that are missing. */
  async function pass(): Promise<void> {
    const wanted = new Map<string, { template: ResolvedTemplate; bounds: PoolBounds }>()
    let unresolved = false
    for (const [ref, bounds] of Object.entries(deps.bounds())) {
      if (bounds.max <= 0) continue
      if (blocked(`ref ${ref}`)) {
        unresolved = true
        continue
      }
      let template: ResolvedTemplate
      try {
        template = await deps.resolve(ref)
      } catch (err) {
        log.debug({ err, ref }, 'pool template not available yet')
        failedUntil.set(`ref ${ref}`, now() + retryMs)
        unresolved = true
        continue
      }
      if (closed) return
      resolved.set(ref, template)
      const w = wanted.get(template.templateId)
      wanted.set(template.templateId, {
        template,
        bounds: w ? { min: Math.max(w.bounds.min, bounds.min), max: Math.max(w.bounds.max, bounds.max) } : bounds,
      })
    }
    const t = now()
    const targets = new Map<string, number>()
    for (const [id, w] of wanted) {
      const list = listOf(id)
      // A rebuilt template has a new image: containers of the old one are never handed out.
      for (const e of list.filter((x) => x.image !== w.template.image)) {
        list.splice(list.indexOf(e), 1)
        drop(e, 'stale image')
      }
      targets.set(id, demandOf(id).target(w.bounds, t))
    }
    // Shrink to target, oldest first. While a configured ref does not resolve, its template id is
    // unknown, so pools of templates no longer configured are only trimmed once all resolve.
    for (const [id, list] of entries) {
      const keep = targets.get(id) ?? (unresolved ? list.length : 0)
      while (list.length > keep) drop(list.shift()!, wanted.has(id) ? 'over the pool target' : 'no pool configured')
    }
    const budget = overBudget(
      new Map(
        [...entries].map(([id, list]) => [
          id,
          { memoryBytes: list.map((e) => e.memoryBytes), min: wanted.get(id)?.bounds.min ?? 0 },
        ]),
      ),
      deps.memoryBudgetBytes,
    )
    for (const [id, n] of budget) for (let i = 0; i < n; i++) drop(listOf(id).shift()!, 'over the memory budget')
    // Refills wait while the creates that just claimed run their first commands; a pass then comes
    // from the timer (or the next kick) once the hold is over.
    const holdLeftMs = holdUntil - now()
    if (holdLeftMs > 0) {
      holdTimer ??= setTimeout(() => {
        holdTimer = undefined
        kick()
      }, holdLeftMs).unref()
      return
    }
    // Start what is missing, one per template per round so templates share the boot slots.
    for (let progress = true; progress && !closed; ) {
      progress = false
      for (const [id, w] of wanted) {
        if (blocked(`template ${id}`)) continue
        const have = listOf(id).length + (booting.get(id) ?? 0)
        if (have >= targets.get(id)!) continue
        // The floor is always kept; growth above it must fit the memory budget.
        if (have >= w.bounds.min && usedBytes() + estimate(id) > deps.memoryBudgetBytes) continue
        startBoot(w.template)
        progress = true
      }
    }
  }

  /** Runs a pass now, or asks the running one for another. */
  function kick(): void {
    if (closed) return
    ticker ??= setInterval(kick, deps.tickMs ?? 5000).unref()
    if (running) {
      again = true
      return
    }
    running = (async () => {
      try {
        do {
          again = false
          await pass()
        } while (again && !closed)
      } catch (err) {
        log.error({ err }, 'pool refill failed')
      } finally {
        // In the same turn as the last check of `again`: a kick from now on starts a new run.
        running = undefined
        notifySettled()
      }
    })()
  }

  /**
   * Takes a ready container for `template`, or undefined (the caller cold-starts), and counts the
   * create as demand. Synchronous from lookup to splice, so concurrent creates never get the same entry.
   */
  function claim(template: ResolvedTemplate): PoolEntry | undefined {
    demandOf(template.templateId).arrived(now())
    const list = entries.get(template.templateId)
    let entry: PoolEntry | undefined
    while (list && list.length > 0 && !entry) {
      const e = list.shift()!
      if (e.image === template.image) entry = e
      else drop(e, 'stale image')
    }
    const t = now()
    if (!entry) holdUntil = -Infinity
    else if (refillDelayMs > 0 && holdUntil <= t && list!.length > 0) holdUntil = t + refillDelayMs
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
      const q = joinersOf(id)
      if (ready || closed || (started.get(id) ?? 0) <= q.length) return ready
      return new Promise<PoolEntry | undefined>((take) => q.push({ image: template.image, take }))
    },

    /**
     * A pool container found at boot (never claimed, envd healthy): ready for claims again. The
     * pool keeps the size it had for an idle period (within its bounds and the budget), as if the
     * demand that grew it had just been seen.
     */
    adopt(entry: PoolEntry): void {
      const list = listOf(entry.templateId)
      list.push(entry)
      memoryOf.set(entry.templateId, entry.memoryBytes)
      demandOf(entry.templateId).hold(list.length, now())
    },

    /** Per configured template reference: the current target, ready count and bounds (for /health). */
    sizes(): Record<string, { size: number; ready: number; min: number; max: number }> {
      const out: Record<string, { size: number; ready: number; min: number; max: number }> = {}
      const t = now()
      for (const [ref, bounds] of Object.entries(deps.bounds())) {
        const tpl = resolved.get(ref)
        out[ref] = {
          size: tpl && bounds.max > 0 ? demandOf(tpl.templateId).target(bounds, t) : bounds.min,
          ready: tpl ? (entries.get(tpl.templateId)?.filter((e) => e.image === tpl.image).length ?? 0) : 0,
          min: bounds.min,
          max: bounds.max,
        }
      }
      return out
    },

    /** Container ids in the pool right now (tests, diagnostics). */
    containerIds(): string[] {
      return [...entries.values()].flat().map((e) => e.containerId)
    },

    /** Resolves once no pass runs and no pool container is booting (tests). */
    settled(): Promise<void> {
      return new Promise((resolve) => {
        settledWaiters.push(resolve)
        notifySettled()
      })
    },

    /**
     * A clean shutdown, after close(): removes the ready (unclaimed) containers, so nothing is left
     * running for a server that may never come back; the next start fills the pool again. Without
     * it (and after a crash) they keep running and the next start re-adopts them.
     */
    async discardReady(): Promise<void> {
      const ready = [...entries.values()].flat()
      entries.clear()
      await Promise.all(
        ready.map((e) =>
          deps.discard(e).then(
            () => log.info({ sandboxId: e.sandboxId, templateId: e.templateId }, 'pool container removed at shutdown'),
            (err: unknown) => log.warn({ err, containerId: e.containerId }, 'removing a pool container failed'),
          ),
        ),
      )
    },

    /**
     * Stops refilling: boots in flight are aborted (each removes the container it started, not
     * waiting for its envd or ready command) and awaited. Ready containers keep running: the next
     * start re-adopts them, unless discardReady() follows.
     */
    async close(): Promise<void> {
      closed = true
      closing.abort(new Error('the warm pool is closing'))
      clearInterval(ticker)
      clearTimeout(holdTimer)
      for (const q of joiners.values()) for (const j of q.splice(0)) j.take(undefined)
      await running
      await Promise.allSettled([...boots])
    },
  }
}
