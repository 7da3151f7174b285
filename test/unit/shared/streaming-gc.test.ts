import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { expect, it, onTestFinished } from 'vitest'
import { useStreamingGc } from '../../../src/shared/streaming-gc.js'

/** Full (mark-compact) collections while `mib` MiB of short-lived 1 MiB Buffers pass through, as a streamed body's chunks do. */
async function majorGcsWhileStreaming(mib: number): Promise<number> {
  let major = 0
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        major++
  })
  obs.observe({ entryTypes: ['gc'] })
  let sink = 0
  for (let i = 0; i < mib; i++) {
    const chunk = Buffer.allocUnsafe(1 << 20)
    chunk[i % chunk.length] = i
    sink += chunk[0]!
    // Yield now and then, as a socket would: incremental marking finishes in tasks.
    if (i % 8 === 0) await new Promise((r) => setImmediate(r))
  }
  await new Promise((r) => setTimeout(r, 50))
  obs.disconnect()
  expect(sink).toBeGreaterThanOrEqual(0)
  return major
}

it('runs fewer full collections while large bodies stream once the streaming heuristic is on', async () => {
  // The flag is process-wide and unit files share their worker's process: start from V8's
  // default whatever ran before, and leave the default behind.
  setFlagsFromString('--no-external-memory-accounted-in-global-limit')
  onTestFinished(() => setFlagsFromString('--no-external-memory-accounted-in-global-limit'))
  const before = await majorGcsWhileStreaming(512)
  useStreamingGc()
  const after = await majorGcsWhileStreaming(512)
  expect(before).toBeGreaterThan(0)
  expect(after).toBeLessThan(before)
})
