// The edge's locator: the catalog's answer while PostgreSQL answers; while it cannot be reached,
// the nodes it last listed are asked whether they have the sandbox (so a replica that never routed
// it still can), and with none that has it the outage is the answer (the edge's 503).
import { describe, expect, it, onTestFinished } from 'vitest'
import { createEdgeLocator, MAX_ASKS_IN_FLIGHT } from '../../../../src/control/cluster/edge-locator.js'
import type { NodeRow } from '../../../../src/control/cluster/nodes.js'
import { DatabaseUnavailableError, type Db } from '../../../../src/control/cluster/pg.js'
import { SandboxNotFoundError } from '../../../../src/shared/errors.js'
import { createLogger } from '../../../../src/shared/logging.js'
import { rejection } from '../../../support/async.js'

const log = createLogger({ level: 'silent', name: 'unit' })
const node = (nodeId: string): NodeRow => ({
  nodeId,
  address: `10.0.0.${nodeId.slice(1)}`,
  apiPort: 3003,
  proxyPort: 3004,
  cpuCount: 2,
  memoryMB: 4096,
  schedulable: true,
  status: { pools: {}, images: [], sandboxes: 0 },
  startedAt: new Date(),
  heartbeatAt: new Date(),
})

describe('the edge locator', () => {
  it('asks the catalog, and the last live nodes while PostgreSQL is down', async () => {
    let down = false
    const rows: Record<string, string> = { a: 'n1' }
    const db = {
      query: async (_sql: string, [id]: [string]) => {
        if (down) throw new DatabaseUnavailableError(new Error('connect ECONNREFUSED'))
        const nodeId = rows[id]
        return {
          rows: nodeId
            ? [
                {
                  sandbox_id: id,
                  node_id: nodeId,
                  template_id: 't',
                  cpu_count: 1,
                  memory_mb: 512,
                  created_at: new Date(),
                },
              ]
            : [],
        }
      },
    } as unknown as Db
    const has: Record<string, string[]> = { n1: ['a'], n2: ['b'] }
    const asked: string[] = []
    const locator = createEdgeLocator({
      db,
      log,
      nodes: async () => {
        if (down) throw new DatabaseUnavailableError(new Error('connect ECONNREFUSED'))
        return [node('n1'), node('n2')]
      },
      remote: (n) => ({
        get: async (id: string) => {
          asked.push(`${n.nodeId}:${id}`)
          if (!has[n.nodeId]!.includes(id)) throw new SandboxNotFoundError(id)
          return { sandboxId: id } as never
        },
      }),
    })
    onTestFinished(() => locator.stop())

    expect(await locator.locate('a')).toEqual({ nodeId: 'n1', address: '10.0.0.1', proxyPort: 3004 })
    expect(await locator.locate('b')).toBeUndefined() // no row: not the locator's to find
    expect(asked).toEqual([])

    down = true
    expect(await locator.locate('b')).toEqual({ nodeId: 'n2', address: '10.0.0.2', proxyPort: 3004 })
    expect(asked.sort()).toEqual(['n1:b', 'n2:b'])
    expect(await rejection(locator.locate('c'))).toBeInstanceOf(DatabaseUnavailableError)
  })

  it('bounds what unknown ids cost the nodes during an outage: one look-up per id, misses remembered, a cap in flight', async () => {
    const db = {
      query: async () => {
        throw new DatabaseUnavailableError(new Error('connect ECONNREFUSED'))
      },
    } as unknown as Db
    const asked: string[] = []
    const held: (() => void)[] = []
    let hold = false
    const locator = createEdgeLocator({
      db,
      log,
      nodes: async () => [node('n1'), node('n2')],
      remote: (n) => ({
        get: async (id: string) => {
          asked.push(`${n.nodeId}:${id}`)
          if (hold) await new Promise<void>((r) => held.push(r))
          throw new SandboxNotFoundError(id)
        },
      }),
    })
    onTestFinished(() => locator.stop())
    await new Promise((r) => setTimeout(r, 10)) // the first node list

    // 20 requests for one id at once: each node is asked once.
    const same = await Promise.all(Array.from({ length: 20 }, () => rejection(locator.locate('x'))))
    expect(same.every((e) => e instanceof DatabaseUnavailableError)).toBe(true)
    expect(asked.sort()).toEqual(['n1:x', 'n2:x'])
    // Asked again right after: the miss is remembered, no node is asked.
    expect(await rejection(locator.locate('x'))).toBeInstanceOf(DatabaseUnavailableError)
    expect(asked).toHaveLength(2)

    // Many distinct ids while the nodes are slow: at most MAX_ASKS_IN_FLIGHT look-ups reach them,
    // the rest get the outage's answer at once.
    asked.length = 0
    hold = true
    const ids = Array.from({ length: MAX_ASKS_IN_FLIGHT + 10 }, (_, i) => `id${i}`)
    const pending = ids.map((id) => rejection(locator.locate(id)))
    await new Promise((r) => setTimeout(r, 20))
    expect(new Set(asked.map((a) => a.split(':')[1])).size).toBe(MAX_ASKS_IN_FLIGHT)
    expect(asked).toHaveLength(MAX_ASKS_IN_FLIGHT * 2)
    for (const release of held.splice(0)) release()
    const errors = await Promise.all(pending)
    expect(errors.every((e) => e instanceof DatabaseUnavailableError)).toBe(true)
  })
})
