// The warm pool's contract: what a pool container is, and what the pool needs: of the node
// (template resolution, boot and removal of containers), of its sizing (bounds, memory budget,
// idle and refill delays), and a clock.
import type { Logger } from 'pino'
import type { ResolvedTemplate } from '../builds/template-model.js'
import type { PoolBounds } from './pool-policy.js'

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

/** What the pool asks of the node: a template reference resolved, a pool container booted, one removed. */
export type PoolNode = Readonly<{
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
}>

/** What the pools' sizes follow. */
export type PoolSizing = Readonly<{
  /**
   * Bounds per template reference (`base`, an alias, alias:tag, a template id), read at each pass:
   * a pool with max 0 is none. Two references to one template share one pool (the wider bounds).
   */
  bounds: () => Readonly<Record<string, PoolBounds>>
  /** Memory all pool containers may hold together; growth above the floors must fit in it. */
  memoryBudgetBytes: number
  /** How long a pool stays grown after the demand that grew it (then it shrinks to its floor). */
  idleMs: number
  /**
   * After a create takes a ready container and others are still ready, how long refills wait
   * (default 0: none). The creates of a burst then run their first commands without refill boots
   * competing for the CPU. Measured from the first such claim, not extended by later ones. A claim
   * that takes the last ready container starts no wait (creates one after another, each taking
   * what the last refill made, need the next boot now), and a create that finds the pool empty
   * ends one (demand is ahead of the pool).
   */
  refillDelayMs?: number | undefined
}>

/** The pool's clock and periods; defaults unless a test drives them. */
export type PoolClock = Readonly<{
  /** The clock (ms); performance.now() by default. */
  now?: () => number
  /** After a failed resolve or boot, how long to wait before trying that template again (default 5 s). */
  retryMs?: number
  /** How often targets are re-evaluated without a create, so an idle pool shrinks (default 5 s). */
  tickMs?: number
}>

export type WarmPoolDeps = Readonly<{
  node: PoolNode
  sizing: PoolSizing
  log: Logger
  clock?: PoolClock
}>
