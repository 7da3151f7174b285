// The pure part of draining a node (drain.ts): the command line, which node is drained and where
// each paused sandbox goes, and which of the node's sandboxes are copies a move left behind.
import { AppError } from '../../shared/errors.js'
import type { SandboxInfo } from '../../node/sandboxes/types.js'
import type { NodeRow } from './nodes.js'
import { rankNodes, type Load } from './placement.js'

export type DrainOptions = Readonly<{ nodeId: string; timeoutMs: number; pauseRunning: boolean }>

export const DEFAULT_DRAIN_TIMEOUT_MS = 10 * 60_000

/** `90s`, `10m`, `1h` or plain seconds → ms; undefined when it is none of them. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d+)(s|m|h)?$/.exec(text.trim())
  if (!m) return undefined
  return Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 's' | 'm' | 'h']
}

/** `<nodeId> [--timeout D] [--pause-running]`; invalid_argument with the reason otherwise. */
export function parseDrainArgs(args: readonly string[]): DrainOptions {
  let nodeId: string | undefined
  let timeoutMs = DEFAULT_DRAIN_TIMEOUT_MS
  let pauseRunning = false
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === '--pause-running') pauseRunning = true
    else if (a === '--timeout' || a.startsWith('--timeout=')) {
      const v = a.includes('=') ? a.slice('--timeout='.length) : args[++i]
      const ms = v === undefined ? undefined : parseDuration(v)
      if (ms === undefined)
        throw new AppError('invalid_argument', `--timeout: "${v ?? ''}" is not a duration (e.g. 90s, 10m)`)
      timeoutMs = ms
    } else if (a.startsWith('-')) throw new AppError('invalid_argument', `unknown option "${a}"`)
    else if (nodeId === undefined) nodeId = a
    else throw new AppError('invalid_argument', `one node at a time ("${a}" is extra)`)
  }
  if (!nodeId) throw new AppError('invalid_argument', 'which node? name its id (sandock node list)')
  return { nodeId, timeoutMs, pauseRunning }
}

/** The node's row; not_found naming the known nodes otherwise. */
export function findNode(all: readonly NodeRow[], nodeId: string): NodeRow {
  const n = all.find((x) => x.nodeId === nodeId)
  if (!n) {
    const known = all.map((x) => x.nodeId).join(', ') || 'none'
    throw new AppError('not_found', `unknown node "${nodeId}" (registered nodes: ${known})`)
  }
  return n
}

export type NodeSandboxes = {
  /** Paused sandboxes of the node: they move. */
  paused: SandboxInfo[]
  running: SandboxInfo[]
  /** Copies the node still has of sandboxes whose row names another node (a move's last step failed). */
  leftovers: Array<{ sandboxId: string; nodeId: string }>
}

/** Sorts what the node lists by the catalog (`home`: sandbox id → the node its row names). */
export function sortSandboxes(
  nodeId: string,
  listed: readonly SandboxInfo[],
  home: ReadonlyMap<string, string>,
): NodeSandboxes {
  const out: NodeSandboxes = { paused: [], running: [], leftovers: [] }
  for (const s of listed) {
    const at = home.get(s.sandboxId) ?? nodeId
    if (at !== nodeId) out.leftovers.push({ sandboxId: s.sandboxId, nodeId: at })
    else out[s.state === 'paused' ? 'paused' : 'running'].push(s)
  }
  return out
}

/** The best schedulable live node for the sandbox other than `fromId` (placement's ranking), or undefined. */
export function pickTarget(
  live: readonly NodeRow[],
  loads: ReadonlyMap<string, Load>,
  fromId: string,
  s: Pick<SandboxInfo, 'templateId' | 'alias' | 'cpuCount' | 'memoryMB'>,
): NodeRow | undefined {
  const want = {
    templateRef: s.templateId,
    templateId: s.templateId,
    alias: s.alias,
    image: '',
    cpuCount: s.cpuCount,
    memoryMB: s.memoryMB,
  }
  return rankNodes(
    live.filter((n) => n.nodeId !== fromId),
    loads,
    want,
  )[0]
}

/** A node's load once a sandbox moved onto it (a drain places several in a row). */
export function addLoad(loads: Map<string, Load>, nodeId: string, s: Pick<SandboxInfo, 'cpuCount' | 'memoryMB'>) {
  const l = loads.get(nodeId) ?? { cpuCount: 0, memoryMB: 0 }
  loads.set(nodeId, { cpuCount: l.cpuCount + s.cpuCount, memoryMB: l.memoryMB + s.memoryMB })
}
