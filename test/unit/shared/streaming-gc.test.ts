// useStreamingGc() halves the full collections while large bodies stream. Measured in a fresh
// Node process: the flag is process-wide and unit files share their worker's process, whose heap
// (grown by whatever ran before) made in-process counts depend on the files' order.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const MODULE = fileURLToPath(new URL('../../../src/shared/streaming-gc.ts', import.meta.url))

/** Counts full (mark-compact) collections while `mib` MiB of short-lived 1 MiB Buffers pass through, as a streamed body's chunks do; before and after useStreamingGc(). */
const SCRIPT = `
import { constants, PerformanceObserver } from 'node:perf_hooks'
const { useStreamingGc } = await import(process.argv[1])
async function majorGcsWhileStreaming(mib) {
  let major = 0
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major++
  })
  obs.observe({ entryTypes: ['gc'] })
  let sink = 0
  for (let i = 0; i < mib; i++) {
    const chunk = Buffer.allocUnsafe(1 << 20)
    chunk[i % chunk.length] = i
    sink += chunk[0]
    // Yield now and then, as a socket would: incremental marking finishes in tasks.
    if (i % 8 === 0) await new Promise((r) => setImmediate(r))
  }
  await new Promise((r) => setTimeout(r, 50))
  obs.disconnect()
  return sink >= 0 ? major : -1
}
const before = await majorGcsWhileStreaming(512)
useStreamingGc()
const after = await majorGcsWhileStreaming(512)
console.log(JSON.stringify({ before, after }))
`

it('runs fewer full collections while large bodies stream once the streaming heuristic is on', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', SCRIPT, MODULE],
    { timeout: 60_000 },
  )
  const { before, after } = JSON.parse(stdout) as { before: number; after: number }
  expect(before).toBeGreaterThan(0)
  expect(after).toBeLessThan(before)
})
