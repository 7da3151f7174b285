// The node registry in PostgreSQL: each agent registers its address and capacity at start and
// heartbeats its status (warm pools, images, load) every few seconds; control reads the live ones
// for placement and routing. A node whose heartbeat is older than `deadAfterMs` is dead: skipped by
// placement, and its sandboxes are reported gone (Swarm restarting the agent brings it back).
import type { PoolStatus } from '../../node/sandbox-node.js'
import { recentOutageSince, type Db } from './pg.js'

/** What an agent reports with each heartbeat. */
export type NodeStatus = {
  /** Warm pool target and ready count per template reference. */
  pools: PoolStatus
  /** `repo:tag` of the images on the node (placement prefers a node that has the image). */
  images: string[]
  /** Live sandboxes on the node. */
  sandboxes: number
}

export type NodeRow = {
  nodeId: string
  address: string
  apiPort: number
  proxyPort: number
  cpuCount: number
  memoryMB: number
  /** false: cordoned (no new sandboxes; existing ones keep running). */
  schedulable: boolean
  status: NodeStatus
  heartbeatAt: Date
  startedAt: Date
}

const toNode = (r: Record<string, unknown>): NodeRow => ({
  nodeId: r.node_id as string,
  address: r.address as string,
  apiPort: Number(r.api_port),
  proxyPort: Number(r.proxy_port),
  cpuCount: Number(r.cpu_count),
  memoryMB: Number(r.memory_mb),
  schedulable: r.schedulable as boolean,
  status: { pools: {}, images: [], sandboxes: 0, ...(r.status as Partial<NodeStatus>) },
  heartbeatAt: r.heartbeat_at as Date,
  startedAt: r.started_at as Date,
})

export async function registerNode(
  db: Db,
  n: Omit<NodeRow, 'heartbeatAt' | 'startedAt' | 'schedulable'>,
): Promise<void> {
  // A restarted agent keeps its row (and whether it was cordoned); its address may have changed.
  await db.query(
    `INSERT INTO nodes (node_id, address, api_port, proxy_port, cpu_count, memory_mb, status, started_at, heartbeat_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, now(), now())
    ON CONFLICT (node_id) DO UPDATE SET address = excluded.address, api_port = excluded.api_port, proxy_port = excluded.proxy_port,
      cpu_count = excluded.cpu_count, memory_mb = excluded.memory_mb, status = excluded.status, started_at = now(), heartbeat_at = now()`,
    [n.nodeId, n.address, n.apiPort, n.proxyPort, n.cpuCount, n.memoryMB, JSON.stringify(n.status)],
  )
}

export async function heartbeat(db: Db, nodeId: string, status: NodeStatus): Promise<void> {
  await db.query('UPDATE nodes SET status = $2, heartbeat_at = now() WHERE node_id = $1', [
    nodeId,
    JSON.stringify(status),
  ])
}

/**
 * Nodes whose heartbeat is younger than `deadAfterMs` (PostgreSQL's clock: one clock for every
 * replica). Within `deadAfterMs` after an outage of the database, nodes could not heartbeat during
 * it: the ones that heartbeated up to its start still count (none is reported dead, none of its
 * sandboxes gone) until they have had the time to heartbeat again.
 */
export async function liveNodes(db: Db, deadAfterMs: number): Promise<NodeRow[]> {
  const since = recentOutageSince(db, deadAfterMs)
  const { rows } = await db.query(
    `SELECT * FROM nodes WHERE heartbeat_at > now() - ($1 || ' milliseconds')::interval
       OR heartbeat_at > $2::timestamptz - ($1 || ' milliseconds')::interval ORDER BY node_id`,
    [String(deadAfterMs), since === undefined ? null : new Date(since).toISOString()],
  )
  return rows.map(toNode)
}

export async function allNodes(db: Db): Promise<NodeRow[]> {
  return (await db.query('SELECT * FROM nodes ORDER BY node_id')).rows.map(toNode)
}

/** Cordons (false) or uncordons a node; resolves false for an unknown node. */
export async function setSchedulable(db: Db, nodeId: string, schedulable: boolean): Promise<boolean> {
  return (
    ((await db.query('UPDATE nodes SET schedulable = $2 WHERE node_id = $1', [nodeId, schedulable])).rowCount ?? 0) > 0
  )
}

/** Removes a node's registration (a node taken out of the cluster for good). */
export async function forgetNode(db: Db, nodeId: string): Promise<void> {
  await db.query('DELETE FROM nodes WHERE node_id = $1', [nodeId])
}
