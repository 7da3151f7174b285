// The pure part of a drain: its command line (durations, options, bad input), the node looked up by
// id, the node's sandboxes sorted by the catalog (a move's leftover copies apart), and where each goes.
import { describe, expect, it } from 'vitest'
import {
  addLoad,
  DEFAULT_DRAIN_TIMEOUT_MS,
  findNode,
  parseDrainArgs,
  parseDuration,
  pickTarget,
  sortSandboxes,
} from '../../../../src/control/cluster/drain-plan.js'
import type { NodeRow } from '../../../../src/control/cluster/nodes.js'
import type { Load } from '../../../../src/control/cluster/placement.js'
import type { SandboxInfo } from '../../../../src/node/sandboxes/types.js'

const node = (nodeId: string, o: Partial<NodeRow> = {}): NodeRow => ({
  nodeId,
  address: `10.0.0.${nodeId.slice(-1)}`,
  apiPort: 3003,
  proxyPort: 3004,
  cpuCount: 4,
  memoryMB: 8192,
  schedulable: true,
  status: { pools: {}, images: [], sandboxes: 0 },
  heartbeatAt: new Date(),
  startedAt: new Date(),
  ...o,
})
const sbx = (sandboxId: string, state: 'running' | 'paused') =>
  ({ sandboxId, state, templateId: 'base', alias: 'base', cpuCount: 1, memoryMB: 1024 }) as SandboxInfo

describe('the drain command line', () => {
  it.each([
    ['90', 90_000],
    ['90s', 90_000],
    ['10m', 600_000],
    ['1h', 3_600_000],
    ['0', 0],
  ])('reads %s as %i ms', (text, ms) => expect(parseDuration(text)).toBe(ms))

  it.each(['soon', '-1m', '1.5m', '10d', ''])('refuses %j as a duration', (text) =>
    expect(parseDuration(text)).toBeUndefined(),
  )

  it('reads the node, --timeout (both spellings) and --pause-running, with a 10 minute default', () => {
    expect(parseDrainArgs(['node2'])).toEqual({
      nodeId: 'node2',
      timeoutMs: DEFAULT_DRAIN_TIMEOUT_MS,
      pauseRunning: false,
    })
    expect(DEFAULT_DRAIN_TIMEOUT_MS).toBe(600_000)
    expect(parseDrainArgs(['--timeout', '2m', 'node2', '--pause-running'])).toEqual({
      nodeId: 'node2',
      timeoutMs: 120_000,
      pauseRunning: true,
    })
    expect(parseDrainArgs(['node2', '--timeout=30s']).timeoutMs).toBe(30_000)
  })

  it.each([
    [[], 'which node? name its id (sandock node list)'],
    [['a', 'b'], 'one node at a time ("b" is extra)'],
    [['a', '--force'], 'unknown option "--force"'],
    [['a', '--timeout'], '--timeout: "" is not a duration (e.g. 90s, 10m)'],
    [['a', '--timeout', 'soon'], '--timeout: "soon" is not a duration (e.g. 90s, 10m)'],
  ])('refuses %j: %s', (args, message) => {
    expect(() => parseDrainArgs(args)).toThrow(expect.objectContaining({ kind: 'invalid_argument', message }))
  })
})

describe('planning a drain', () => {
  it('finds a node by id, or names the registered ones', () => {
    expect(findNode([node('n1'), node('n2')], 'n2').nodeId).toBe('n2')
    expect(() => findNode([node('n1'), node('n2')], 'n9')).toThrow(
      expect.objectContaining({ kind: 'not_found', message: 'unknown node "n9" (registered nodes: n1, n2)' }),
    )
    expect(() => findNode([], 'n9')).toThrow('unknown node "n9" (registered nodes: none)')
  })

  it("sorts the node's sandboxes: paused, running, and copies whose row names another node", () => {
    const home = new Map([
      ['p1', 'n1'],
      ['r1', 'n1'],
      ['left', 'n2'],
    ])
    const sorted = sortSandboxes(
      'n1',
      [sbx('p1', 'paused'), sbx('r1', 'running'), sbx('left', 'paused'), sbx('norow', 'paused')],
      home,
    )
    expect(sorted.paused.map((s) => s.sandboxId)).toEqual(['p1', 'norow'])
    expect(sorted.running.map((s) => s.sandboxId)).toEqual(['r1'])
    expect(sorted.leftovers).toEqual([{ sandboxId: 'left', nodeId: 'n2' }])
  })

  it('picks the least loaded schedulable node other than the drained one, and none when there is none', () => {
    const live = [node('n1'), node('n2'), node('n3'), node('n4', { schedulable: false })]
    const loads = new Map<string, Load>([
      ['n1', { cpuCount: 0, memoryMB: 0 }],
      ['n2', { cpuCount: 3, memoryMB: 1024 }],
    ])
    expect(pickTarget(live, loads, 'n1', sbx('s', 'paused'))?.nodeId).toBe('n3')
    addLoad(loads, 'n3', { cpuCount: 3, memoryMB: 4096 })
    expect(loads.get('n3')).toEqual({ cpuCount: 3, memoryMB: 4096 })
    expect(pickTarget(live, loads, 'n1', sbx('s', 'paused'))?.nodeId).toBe('n2')
    expect(
      pickTarget([node('n1'), node('n2', { schedulable: false })], loads, 'n1', sbx('s', 'paused')),
    ).toBeUndefined()
  })
})
