// Gives memory back after activity: once envd has no request in flight for a while and its heap
// has grown since the last time, one memory-reducing full GC (compaction, old bytecode flushed,
// empty pages returned). V8's own memory reducer starts only after a major GC, which an idle envd
// (a command, a few /metrics polls) never reaches: this keeps ~4 MiB more per idle sandbox free.
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export type IdleMemoryReducer = {
  /** A request started; the reducer waits until none is in flight. */
  begin(): void
  /** A request ended (answered, failed or abandoned). */
  end(): void
  close(): void
}

export type IdleMemoryDeps = {
  /** Quiet time (no request in flight) before a reduction. */
  quietMs: number
  /** Growth since the last reduction (old generation and external memory) that makes one worth it. */
  growthBytes: number
  /** Called after each reduction. */
  onReduced?: (info: { ms: number; beforeBytes: number; afterBytes: number }) => void
  heapBytes?: () => number
  reduce?: () => void
}

/** What a reduction can give back: the young generation is left out, scavenges empty it anyway. */
function heapBytes(): number {
  let used = getHeapStatistics().external_memory
  for (const space of getHeapSpaceStatistics()) if (space.space_name !== 'new_space') used += space.space_used_size
  return used
}

let gc: ((opts: object) => void) | undefined
/** V8's gc() with the memory-reducing flavour, without --expose-gc on the command line. */
function memoryReducingGc(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as (opts: object) => void
  }
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}

export function createIdleMemoryReducer(deps: IdleMemoryDeps): IdleMemoryReducer {
  const measure = deps.heapBytes ?? heapBytes
  const reduce = deps.reduce ?? memoryReducingGc
  let inFlight = 0
  // The first quiet moment after the start reduces: loading envd left the most garbage.
  let baseline = -Infinity
  let timer: NodeJS.Timeout | undefined

  const check = () => {
    timer = undefined
    if (inFlight > 0) return
    const before = measure()
    if (before - baseline < deps.growthBytes) return
    const started = performance.now()
    reduce()
    baseline = measure()
    deps.onReduced?.({ ms: performance.now() - started, beforeBytes: before, afterBytes: baseline })
  }

  return {
    begin() {
      inFlight++
      clearTimeout(timer)
      timer = undefined
    },
    end() {
      inFlight = Math.max(0, inFlight - 1)
      if (inFlight > 0) return
      clearTimeout(timer)
      timer = setTimeout(check, deps.quietMs)
      timer.unref()
    },
    close() {
      clearTimeout(timer)
      timer = undefined
    },
  }
}
