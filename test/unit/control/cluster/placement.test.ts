// Placement's order: a ready warm container first, then a node with the image, then the least
// loaded (CPU and memory after placing, against capacity); cordoned nodes never.
import { describe, expect, it } from 'vitest'
import type { NodeRow } from '../../../../src/control/cluster/nodes.js'
import { loadAfter, rankNodes, tierOf, type Load } from '../../../../src/control/cluster/placement.js'

const node = (
  nodeId: string,
  o: Partial<NodeRow> & { pools?: NodeRow['status']['pools']; images?: string[] } = {},
): NodeRow => ({
  nodeId,
  address: `10.0.0.${nodeId.slice(-1)}`,
  apiPort: 3003,
  proxyPort: 3004,
  cpuCount: 4,
  memoryMB: 8192,
  schedulable: true,
  status: { pools: o.pools ?? {}, images: o.images ?? [], sandboxes: 0 },
  heartbeatAt: new Date(),
  startedAt: new Date(),
  ...o,
})
const want = {
  templateRef: 'base',
  templateId: 'base',
  alias: 'base',
  image: 'reg:5000/sandock/base:x',
  cpuCount: 1,
  memoryMB: 1024,
}
const ids = (rows: NodeRow[]) => rows.map((n) => n.nodeId)

describe('placement', () => {
  it.each([
    ['a ready pool container', node('n1', { pools: { base: { size: 2, ready: 1 } } }), 0],
    ['an empty pool but the image', node('n1', { pools: { base: { size: 2, ready: 0 } }, images: [want.image] }), 1],
    ['the image only', node('n1', { images: [want.image] }), 1],
    ['neither', node('n1', { images: ['other:1'] }), 2],
    ['a pool keyed by the template id', node('n1', { pools: { [want.templateId]: { size: 1, ready: 1 } } }), 0],
  ])('puts a node with %s in tier %s', (_what, n, tier) => {
    expect(tierOf(n, want)).toBe(tier)
  })

  it('prefers the pool, then the image, then the least loaded; never a cordoned node', () => {
    const nodes = [
      node('n1'),
      node('n2', { images: [want.image] }),
      node('n3', { pools: { base: { size: 1, ready: 1 } } }),
      node('n4', { pools: { base: { size: 1, ready: 1 } }, schedulable: false }),
      node('n5'),
    ]
    const loads = new Map<string, Load>([
      ['n1', { cpuCount: 3, memoryMB: 1024 }],
      ['n5', { cpuCount: 0, memoryMB: 0 }],
    ])
    expect(ids(rankNodes(nodes, loads, want))).toEqual(['n3', 'n2', 'n5', 'n1'])
  })

  it("weighs CPU and memory against each node's capacity, by the larger share", () => {
    const big = node('big', { cpuCount: 16, memoryMB: 65536 })
    const small = node('small', { cpuCount: 2, memoryMB: 4096 })
    expect(loadAfter(small, { cpuCount: 0, memoryMB: 2048 }, want)).toBeCloseTo(0.75)
    expect(loadAfter(big, { cpuCount: 8, memoryMB: 0 }, want)).toBeCloseTo(9 / 16)
    expect(ids(rankNodes([small, big], new Map(), want))).toEqual(['big', 'small'])
    // Equal loads: by name, so every replica orders the same way.
    expect(ids(rankNodes([node('b'), node('a')], new Map(), want))).toEqual(['a', 'b'])
    // Full nodes still rank (the limit is SANDOCK_MAX_SANDBOXES): the least overloaded first.
    expect(ids(rankNodes([small, big], new Map([['big', { cpuCount: 64, memoryMB: 0 }]]), want))).toEqual([
      'small',
      'big',
    ])
  })
})
