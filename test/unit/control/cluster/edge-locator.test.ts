// The edge's locator: the catalog's answer while PostgreSQL answers; while it cannot be reached,
// the nodes it last listed are asked whether they have the sandbox (so a replica that never routed
// it still can), and with none that has it the outage is the answer (the edge's 503).
import { describe, expect, it, onTestFinished } from 'vitest'
import { createEdgeLocator } from '../../../../src/control/cluster/edge-locator.js'
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
})
