// What the warm pools hold, per template: the ready containers, the boots under way (and those
// past their wait for a boot slot, which a create may wait for), the creates waiting for one of
// those, the demand that sets each pool's size and the measured memory of its containers; and
// the retry marks of templates (or references) that failed to resolve or boot.
import { Demand } from './pool-policy.js'
import type { PoolEntry } from './pool-types.js'

/** What a pool container is assumed to hold before one of its template was measured. */
const MEMORY_ESTIMATE_BYTES = 64 << 20
/** The boot time assumed before the first pool container of a template is ready. */
const INITIAL_BOOT_MS = 1000

/** A create waiting for a started boot of its template's image; `take(undefined)`: it cold-starts. */
export type Joiner = { image: string; take: (e: PoolEntry | undefined) => void }

const getOr = <V>(map: Map<string, V>, key: string, make: () => V): V => {
  let v = map.get(key)
  if (v === undefined) map.set(key, (v = make()))
  return v
}

export class PoolStock {
  /** templateId → ready entries, oldest first. Claims splice from here synchronously: no two creates share one. */
  readonly ready = new Map<string, PoolEntry[]>()
  /** templateId → boots under way. */
  private readonly booting = new Map<string, number>()
  /** templateId → boots past their wait for a slot: the ones a create may wait for. */
  private readonly started = new Map<string, number>()
  /** templateId → creates waiting for one of its started boots (never more than there are started boots). */
  private readonly joiners = new Map<string, Joiner[]>()
  private readonly demand = new Map<string, Demand>()
  /** templateId → the measured memory of its last pool container. */
  private readonly memoryOf = new Map<string, number>()

  constructor(private readonly idleMs: number) {}

  listOf = (templateId: string): PoolEntry[] => getOr(this.ready, templateId, () => [])
  demandOf = (templateId: string): Demand =>
    getOr(this.demand, templateId, () => new Demand({ idleMs: this.idleMs, initialBootMs: INITIAL_BOOT_MS }))
  joinersOf = (templateId: string): Joiner[] => getOr(this.joiners, templateId, () => [])
  allJoiners = () => this.joiners.values()

  bootingOf = (templateId: string) => this.booting.get(templateId) ?? 0
  startedOf = (templateId: string) => this.started.get(templateId) ?? 0
  /** Counts a boot in (+1) or out (-1). */
  bootMoved(templateId: string, by: 1 | -1): void {
    this.booting.set(templateId, (this.booting.get(templateId) ?? (by < 0 ? 1 : 0)) + by)
  }
  /** Counts a boot that holds its slot in (+1) or out (-1). */
  startedMoved(templateId: string, by: 1 | -1): void {
    this.started.set(templateId, (this.started.get(templateId) ?? (by < 0 ? 1 : 0)) + by)
  }

  measured(templateId: string, memoryBytes: number): void {
    this.memoryOf.set(templateId, memoryBytes)
  }
  estimate = (templateId: string) => this.memoryOf.get(templateId) ?? MEMORY_ESTIMATE_BYTES

  /** Memory of the ready containers, plus the estimate of each one booting. */
  usedBytes(): number {
    let n = 0
    for (const list of this.ready.values()) for (const e of list) n += e.memoryBytes
    for (const [id, k] of this.booting) n += k * this.estimate(id)
    return n
  }
}

/** `ref …` / `template …` → until when it is not tried again. */
export class RetryMarks {
  private readonly until = new Map<string, number>()
  constructor(
    private readonly now: () => number,
    private readonly retryMs: number,
  ) {}
  failed(key: string): void {
    this.until.set(key, this.now() + this.retryMs)
  }
  blocked = (key: string) => (this.until.get(key) ?? -Infinity) > this.now()
}
