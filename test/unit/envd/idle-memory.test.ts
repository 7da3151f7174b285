// The idle memory reducer's policy (src/envd/idle-memory.ts): when it reduces and when it must not.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createIdleMemoryReducer } from '../../../src/envd/idle-memory.js'

const MiB = 1 << 20

function reducer(heap: { bytes: number }, growthBytes = MiB) {
  const reduce = vi.fn(() => {
    heap.bytes = 10 * MiB
  })
  const onReduced = vi.fn()
  const r = createIdleMemoryReducer({ quietMs: 1000, growthBytes, heapBytes: () => heap.bytes, reduce, onReduced })
  return { r, reduce, onReduced }
}

describe('createIdleMemoryReducer', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reduces once after the first quiet period, and reports sizes before and after', () => {
    vi.useFakeTimers()
    const heap = { bytes: 30 * MiB }
    const { r, reduce, onReduced } = reducer(heap)
    r.begin()
    r.end()
    vi.advanceTimersByTime(999)
    expect(reduce).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(reduce).toHaveBeenCalledTimes(1)
    expect(onReduced).toHaveBeenCalledWith(expect.objectContaining({ beforeBytes: 30 * MiB, afterBytes: 10 * MiB }))
  })

  it('never reduces while a request is in flight, however long it lasts', () => {
    vi.useFakeTimers()
    const { r, reduce } = reducer({ bytes: 30 * MiB })
    r.begin()
    r.begin()
    r.end() // one of two ended: still busy
    vi.advanceTimersByTime(60_000)
    expect(reduce).not.toHaveBeenCalled()
    r.end()
    vi.advanceTimersByTime(1000)
    expect(reduce).toHaveBeenCalledTimes(1)
  })

  it('restarts the quiet period when a request begins before it is over', () => {
    vi.useFakeTimers()
    const { r, reduce } = reducer({ bytes: 30 * MiB })
    r.begin()
    r.end()
    vi.advanceTimersByTime(900)
    r.begin()
    r.end()
    vi.advanceTimersByTime(900)
    expect(reduce).not.toHaveBeenCalled()
    vi.advanceTimersByTime(100)
    expect(reduce).toHaveBeenCalledTimes(1)
  })

  it('skips a reduction until the heap grew by the threshold since the last one', () => {
    vi.useFakeTimers()
    const heap = { bytes: 30 * MiB }
    const { r, reduce } = reducer(heap)
    const request = () => {
      r.begin()
      r.end()
      vi.advanceTimersByTime(1000)
    }
    request()
    expect(reduce).toHaveBeenCalledTimes(1) // heap now 10 MiB
    heap.bytes = 10 * MiB + MiB / 2
    request()
    expect(reduce).toHaveBeenCalledTimes(1)
    heap.bytes = 11 * MiB
    request()
    expect(reduce).toHaveBeenCalledTimes(2)
  })

  it('does nothing after close, and an unbalanced end never goes below idle', () => {
    vi.useFakeTimers()
    const { r, reduce } = reducer({ bytes: 30 * MiB })
    r.end()
    r.end()
    r.begin() // one request in flight again (the extra ends did not count)
    vi.advanceTimersByTime(5000)
    expect(reduce).not.toHaveBeenCalled()
    r.end()
    r.close()
    vi.advanceTimersByTime(5000)
    expect(reduce).not.toHaveBeenCalled()
  })

  it('reduces the real heap with V8 (default measure and reduce)', async () => {
    const reduced = new Promise<{ beforeBytes: number; afterBytes: number }>((resolve) => {
      const r = createIdleMemoryReducer({ quietMs: 10, growthBytes: 0, onReduced: resolve })
      r.begin()
      r.end()
    })
    // Garbage for it to find.
    let junk: unknown[] | undefined = Array.from({ length: 20_000 }, (_, i) => ({ i, s: 'x'.repeat(64) }))
    junk = undefined
    void junk
    const { beforeBytes, afterBytes } = await reduced
    expect(beforeBytes).toBeGreaterThan(0)
    expect(afterBytes).toBeLessThan(beforeBytes)
  })
})
