// Warm pools: per template, N started sandbox containers (envd up, start command ready) that a
// create claims whole. A pooled container serves exactly one sandbox: it leaves the pool when
// claimed and is never put back (a killed sandbox's container is removed, not recycled).
import type { Logger } from 'pino'
import type { ResolvedTemplate } from '../templates/types.js'

/** One started container waiting for a create; its sandbox id was assigned when it was started. */
export type PoolEntry = Readonly<{
  sandboxId: string
  containerId: string
  ip: string
  templateId: string
  /** The image it runs: a template rebuilt since (new image) makes it stale. */
  image: string
  diskSizeMB: number
}>

export type WarmPoolDeps = Readonly<{
  /**
   * Target size per template reference (`base`, an alias, alias:tag, a template id), read at each
   * refill pass: a policy (e.g. following the create rate) may change it, then kick().
   */
  sizes: () => Readonly<Record<string, number>>
  resolve: (ref: string) => Promise<ResolvedTemplate>
  /** Starts one pool container for `template` (envd ready, start command ready). */
  boot: (template: ResolvedTemplate) => Promise<PoolEntry>
  /** Removes a pool container that will never be claimed (stale, over target, shutting down). */
  discard: (entry: PoolEntry) => Promise<void>
  /** True while live creates are in flight: the refill waits for them (never starves them). */
  busy: () => boolean
  log: Logger
  /** After a failed refill, how long to wait before trying that template again. */
  retryMs?: number
}>

export type WarmPool = ReturnType<typeof createWarmPool>

export function createWarmPool(deps: WarmPoolDeps) {
  const log = deps.log.child({ component: 'warm-pool' })
  const retryMs = deps.retryMs ?? 5000
  /** templateId → ready entries. Claims splice from here synchronously: no two creates share one. */
  const entries = new Map<string, PoolEntry[]>()
  /** The last resolution of each configured ref (for /health and to find its template id). */
  const resolved = new Map<string, ResolvedTemplate>()
  const failedUntil = new Map<string, number>()
  let running: Promise<void> | undefined
  let again = false
  let closed = false
  let retryTimer: NodeJS.Timeout | undefined

  const listOf = (templateId: string) => {
    let list = entries.get(templateId)
    if (!list) entries.set(templateId, (list = []))
    return list
  }
  const drop = (entry: PoolEntry, why: string) => {
    log.info({ sandboxId: entry.sandboxId, templateId: entry.templateId, why }, 'pool container discarded')
    deps.discard(entry).catch((err: unknown) => log.warn({ err, containerId: entry.containerId }, 'removing a pool container failed'))
  }

  /** Waits while live creates run, so a refill never competes with them for Docker and CPU. */
  async function quiet(): Promise<void> {
    while (deps.busy() && !closed) await new Promise((r) => setTimeout(r, 20))
  }

  async function fillOnce(): Promise<boolean> {
    let grew = false
    const wanted = new Map<string, number>()
    const seen = new Set<string>()
    const sizes = deps.sizes()
    for (const [ref, size] of Object.entries(sizes)) {
      if (closed) return false
      if (size <= 0) continue
      if ((failedUntil.get(ref) ?? 0) > Date.now()) continue
      let template: ResolvedTemplate
      try {
        template = await deps.resolve(ref)
      } catch (err) {
        log.debug({ err, ref }, 'pool template not available yet')
        failedUntil.set(ref, Date.now() + retryMs)
        continue
      }
      resolved.set(ref, template)
      seen.add(ref)
      wanted.set(template.templateId, Math.max(wanted.get(template.templateId) ?? 0, size))
      const list = listOf(template.templateId)
      // A rebuilt template has a new image: containers of the old one are never handed out.
      for (const e of list.filter((x) => x.image !== template.image)) {
        list.splice(list.indexOf(e), 1)
        drop(e, 'stale image')
      }
      if (list.length >= size) continue
      await quiet()
      if (closed) return false
      try {
        const t0 = performance.now()
        const entry = await deps.boot(template)
        if (closed) {
          // Left running: the next start re-adopts it (it carries the pool label).
          return false
        }
        listOf(entry.templateId).push(entry)
        log.debug({ sandboxId: entry.sandboxId, templateId: entry.templateId, ms: Math.round(performance.now() - t0) }, 'pool container ready')
        grew = true
      } catch (err) {
        log.warn({ err, ref }, 'starting a pool container failed')
        failedUntil.set(ref, Date.now() + retryMs)
      }
    }
    // Over target (a smaller size after a restart) or no longer configured: trim. While a
    // configured ref does not resolve, its template id is unknown, so nothing is trimmed.
    const unresolved = Object.entries(sizes).some(([ref, size]) => size > 0 && !seen.has(ref))
    for (const [templateId, list] of entries) {
      const keep = wanted.get(templateId)
      if (keep === undefined && unresolved) continue
      while (list.length > (keep ?? 0)) drop(list.shift()!, 'over the pool size')
    }
    return grew
  }

  async function loop(): Promise<void> {
    do {
      again = false
      while (!closed && (await fillOnce())) {
        // keep filling one container at a time until every pool is full
      }
    } while (again && !closed)
    const soonest = Math.min(...[...failedUntil.values()].filter((t) => t > Date.now()))
    if (!closed && Number.isFinite(soonest)) {
      clearTimeout(retryTimer)
      retryTimer = setTimeout(() => kick(), soonest - Date.now() + 10)
      retryTimer.unref()
    }
  }

  /** Starts a background refill (one container at a time), or asks the running one for another pass. */
  function kick(): void {
    if (closed) return
    if (running) {
      again = true
      return
    }
    running = loop()
      .catch((err: unknown) => log.error({ err }, 'pool refill failed'))
      .finally(() => {
        running = undefined
      })
  }

  return {
    kick,

    /**
     * Takes a ready container for `template`, or undefined (the caller cold-starts). Synchronous
     * from lookup to splice, so concurrent creates never get the same entry.
     */
    claim(template: ResolvedTemplate): PoolEntry | undefined {
      const list = entries.get(template.templateId)
      let entry: PoolEntry | undefined
      while (list && list.length > 0 && !entry) {
        const e = list.shift()!
        if (e.image === template.image) entry = e
        else drop(e, 'stale image')
      }
      kick()
      return entry
    },

    /** A pool container found at boot (never claimed, envd healthy): ready for claims again. */
    adopt(entry: PoolEntry): void {
      listOf(entry.templateId).push(entry)
    },

    /** Target and ready count per configured template reference (for /health). */
    sizes(): Record<string, { size: number; ready: number }> {
      const out: Record<string, { size: number; ready: number }> = {}
      for (const [ref, size] of Object.entries(deps.sizes())) {
        const t = resolved.get(ref)
        out[ref] = { size, ready: t ? (entries.get(t.templateId)?.filter((e) => e.image === t.image).length ?? 0) : 0 }
      }
      return out
    },

    /** Container ids in the pool right now (tests, diagnostics). */
    containerIds(): string[] {
      return [...entries.values()].flat().map((e) => e.containerId)
    },

    /**
     * A clean shutdown, after close(): removes the ready (unclaimed) containers, so nothing is left
     * running for a server that may never come back; the next start fills the pool again. Without
     * it (and after a crash) they keep running and the next start re-adopts them.
     */
    async discardReady(): Promise<void> {
      const ready = [...entries.values()].flat()
      entries.clear()
      await Promise.all(ready.map((e) => deps.discard(e).then(
        () => log.info({ sandboxId: e.sandboxId, templateId: e.templateId }, 'pool container removed at shutdown'),
        (err: unknown) => log.warn({ err, containerId: e.containerId }, 'removing a pool container failed'))))
    },

    /** Stops refilling. Ready containers keep running: the next start re-adopts them. */
    async close(): Promise<void> {
      closed = true
      clearTimeout(retryTimer)
      await running
    },
  }
}
