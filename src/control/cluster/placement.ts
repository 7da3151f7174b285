// Placement: which nodes may take a new sandbox, best first (design/scale-out.md §3.2, as E2B and
// Daytona place onto their own per-node agents). First a node with a ready warm-pool container of
// the template (a claim is a few ms), then one that already has the image (no pull), then the least
// loaded: CPU and memory requested by its sandboxes and by creates in flight, against its capacity.
// Pure: the caller gives it the live nodes and their loads, read under the reservation lock.
import type { NodeRow } from './nodes.js'

export type Load = { cpuCount: number; memoryMB: number }

export type PlacementRequest = Readonly<{
  /** The reference the create named (pools are keyed by the reference they were configured with). */
  templateRef: string
  templateId: string
  alias: string | undefined
  image: string
  cpuCount: number
  memoryMB: number
}>

/** 0: a warm container is ready; 1: the image is there; 2: neither. */
export function tierOf(node: NodeRow, want: PlacementRequest): number {
  const pools = node.status.pools
  const keys = [want.templateRef, want.templateId, ...(want.alias ? [want.alias] : [])]
  if (keys.some((k) => (pools[k]?.ready ?? 0) > 0)) return 0
  if (node.status.images.includes(want.image)) return 1
  return 2
}

/** The larger of the CPU and memory shares the node would have with this sandbox on it. */
export function loadAfter(
  node: NodeRow,
  load: Load | undefined,
  want: Pick<PlacementRequest, 'cpuCount' | 'memoryMB'>,
): number {
  const cpu = ((load?.cpuCount ?? 0) + want.cpuCount) / Math.max(1, node.cpuCount)
  const mem = ((load?.memoryMB ?? 0) + want.memoryMB) / Math.max(1, node.memoryMB)
  return Math.max(cpu, mem)
}

/**
 * Schedulable nodes, best first: by tier, then by load after placing, then by name (stable). A
 * node is never excluded for being full: creates beyond capacity still land on the least loaded
 * (CPU and memory are shared, as on one host); the cluster-wide limit is SANDOCK_MAX_SANDBOXES.
 */
export function rankNodes(
  nodes: readonly NodeRow[],
  loads: ReadonlyMap<string, Load>,
  want: PlacementRequest,
): NodeRow[] {
  return nodes
    .filter((n) => n.schedulable)
    .map((n) => ({ n, tier: tierOf(n, want), load: loadAfter(n, loads.get(n.nodeId), want) }))
    .sort((a, b) => a.tier - b.tier || a.load - b.load || (a.n.nodeId < b.n.nodeId ? -1 : 1))
    .map((x) => x.n)
}
