// A build's stored output is bounded: the first half of maxLines as they come, then one line
// counting what was left out, then the last half; each line cut; batches written in order.
import { describe, expect, it } from 'vitest'
import { createBuildLogWriter, MAX_BUILD_LOG_LINE_CHARS } from '../../../../src/control/templates/build-log.js'
import type { LogEntry } from '../../../../src/control/templates/template-store.js'
import { createLogger } from '../../../../src/shared/logging.js'

function memoryStore() {
  const stored: LogEntry[] = []
  let writes = 0
  return {
    stored,
    writes: () => writes,
    appendLogs: async (_id: string, e: LogEntry[]) => void (writes++, stored.push(...e)),
  }
}
const log = createLogger({ level: 'silent', name: 'unit' })

describe('createBuildLogWriter', () => {
  it('stores 200,000 lines as the first and last halves of maxLines with a count between, in few writes', async () => {
    const store = memoryStore()
    const w = createBuildLogWriter({ store, buildId: 'b1', maxLines: 1000, log })
    for (let i = 0; i < 200_000; i++) w.emit(i % 2 ? 'warn' : 'info', '2', `line ${i}`)
    await w.close()
    expect(store.stored).toHaveLength(1001)
    expect(store.stored.slice(0, 500).map((e) => e.message)).toEqual(Array.from({ length: 500 }, (_, i) => `line ${i}`))
    expect(store.stored[500]).toMatchObject({
      level: 'warn',
      step: '2',
      message: expect.stringContaining('199000 lines of output not kept'),
    })
    expect(store.stored.slice(501).map((e) => e.message)).toEqual(
      Array.from({ length: 500 }, (_, i) => `line ${199_500 + i}`),
    )
    expect(store.writes()).toBeLessThanOrEqual(3)
    // After close nothing more is stored.
    w.emit('info', '2', 'late')
    await w.close()
    expect(store.stored).toHaveLength(1001)
  })

  it('stores everything of a short build, in order, and cuts a long line', async () => {
    const store = memoryStore()
    const w = createBuildLogWriter({ store, buildId: 'b1', maxLines: 1000, log })
    w.emit('info', 'base', 'one')
    await new Promise((r) => setImmediate(r))
    w.emit('info', '1', 'x'.repeat(100_000))
    w.emit('error', '1', 'three')
    await w.close()
    expect(store.stored.map((e) => [e.step, e.level, e.message.length])).toEqual([
      ['base', 'info', 3],
      ['1', 'info', expect.any(Number)],
      ['1', 'error', 5],
    ])
    expect(store.stored[1]!.message.length).toBeLessThan(MAX_BUILD_LOG_LINE_CHARS + 100)
    expect(store.stored[1]!.message.startsWith('x'.repeat(MAX_BUILD_LOG_LINE_CHARS))).toBe(true)
  })
})
