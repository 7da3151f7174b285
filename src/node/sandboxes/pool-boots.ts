// The warm pool's boots: one container for a template started in the background, counted while
// it boots; once ready it goes to a create waiting for it, else to the ready list. A failed boot
// marks its template for a retry later. The pool is told when each boot ends (to look again).
import type { Logger } from 'pino'
import type { ResolvedTemplate } from '../builds/template-model.js'
import type { PoolStock, RetryMarks } from './pool-stock.js'
import type { PoolEntry, PoolNode } from './pool-types.js'

export type PoolBoots = ReturnType<typeof createPoolBoots>

export function createPoolBoots(o: {
  boot: PoolNode['boot']
  stock: PoolStock
  retries: RetryMarks
  log: Logger
  now: () => number
  /** Aborted when the pool closes: boots in flight stop and remove what they started. */
  closing: AbortSignal
  /** Called as each boot ends, whatever its outcome. */
  ended: () => void
}) {
  const { stock, log, now, closing } = o
  const inFlight = new Set<Promise<void>>()

  /** A ready container: to the first create waiting for its image, else to the ready list. */
  function landed(id: string, entry: PoolEntry, t0: number): void {
    stock.demandOf(id).booted(now() - t0)
    stock.measured(id, entry.memoryBytes)
    // Ready just as the pool closed: listed, so a clean shutdown's discardReady() removes it;
    // otherwise (a crash-like close) it stays running and the next start re-adopts it.
    if (closing.aborted) {
      stock.listOf(id).push(entry)
      return
    }
    const q = stock.joinersOf(id)
    const joiner = q.findIndex((j) => j.image === entry.image)
    if (joiner >= 0) {
      q.splice(joiner, 1)[0]!.take(entry)
      log.debug(
        { sandboxId: entry.sandboxId, templateId: id, ms: Math.round(now() - t0) },
        'pool container ready for a waiting create',
      )
      return
    }
    stock.listOf(id).push(entry)
    log.debug(
      {
        sandboxId: entry.sandboxId,
        templateId: id,
        ms: Math.round(now() - t0),
        memoryMB: Math.round(entry.memoryBytes / 1048576),
      },
      'pool container ready',
    )
  }

  return {
    /** Boots in flight (close() awaits them). */
    inFlight,

    /** Boots one container for `template` in the background; the next pass sees it when it is ready. */
    start(template: ResolvedTemplate): void {
      const id = template.templateId
      stock.bootMoved(id, 1)
      const t0 = now()
      let inSlot = false
      const onStarted = () => {
        if (inSlot) return
        inSlot = true
        stock.startedMoved(id, 1)
      }
      const boot: Promise<void> = o
        .boot(template, onStarted, closing)
        .then(
          (entry) => landed(id, entry, t0),
          (err: unknown) => {
            if (closing.aborted) {
              log.debug({ err, templateId: id }, 'pool boot stopped: the pool closed')
              return
            }
            log.warn({ err, templateId: id }, 'starting a pool container failed')
            o.retries.failed(`template ${id}`)
          },
        )
        .finally(() => {
          stock.bootMoved(id, -1)
          if (inSlot) stock.startedMoved(id, -1)
          // More creates wait than boots are left to serve them (a boot failed, or went to the list
          // for a newer image): the extra ones cold-start.
          const q = stock.joinersOf(id)
          while (q.length > stock.startedOf(id)) q.pop()!.take(undefined)
          inFlight.delete(boot)
          o.ended()
        })
      inFlight.add(boot)
    },
  }
}
