// The sandbox → node catalog and create reservations in PostgreSQL. A create reserves a slot under
// one lock (so SANDOCK_MAX_SANDBOXES holds across control replicas, as E2B's reservations do in
// Redis), on the node placement chose; the catalog row replaces the reservation once the node
// answered. Rows are control's record of where a sandbox is; the nodes' containers stay the
// source of truth, and reconcile.ts corrects the rows against them.
import { randomUUID } from 'node:crypto'
import { RateLimitedError } from '../../shared/errors.js'
import { inTx, LOCKS, type Db } from './pg.js'
import type { Load } from './placement.js'

/** CPU and memory of every node's sandboxes and reservations. */
const LOADS_SQL = `SELECT node_id, SUM(cpu_count) AS cpu, SUM(memory_mb) AS mem FROM (
  SELECT node_id, cpu_count, memory_mb FROM sandboxes UNION ALL SELECT node_id, cpu_count, memory_mb FROM reservations) x GROUP BY node_id`
const toLoads = (rows: Record<string, unknown>[]) =>
  new Map<string, Load>(rows.map((r) => [r.node_id as string, { cpuCount: Number(r.cpu), memoryMB: Number(r.mem) }]))

/** Every node's load (sandboxes and reservations), outside the reservation lock: a drain's placement. */
export async function loadsByNode(db: Db): Promise<Map<string, Load>> {
  return toLoads((await db.query(LOADS_SQL)).rows)
}

/** A reservation not turned into a row by then (its replica died mid-create) stops counting. */
const RESERVATION_TTL_S = 600

export type CatalogRow = {
  sandboxId: string
  nodeId: string
  templateId: string
  cpuCount: number
  memoryMB: number
  createdAt: Date
}

const toRow = (r: Record<string, unknown>): CatalogRow => ({
  sandboxId: r.sandbox_id as string,
  nodeId: r.node_id as string,
  templateId: r.template_id as string,
  cpuCount: Number(r.cpu_count),
  memoryMB: Number(r.memory_mb),
  createdAt: r.created_at as Date,
})

export type Reservation = { reservationId: string; nodeId: string }

/**
 * Reserves one sandbox slot: under the reservation lock, counts the catalog and live reservations
 * against `max` (429 beyond it), asks `choose` for a node given every node's load (sandboxes plus
 * reservations), and records the reservation on it. `choose` returns undefined when no node fits.
 */
export async function reserve(
  db: Db,
  opts: { max: number; cpuCount: number; memoryMB: number; choose: (loads: Map<string, Load>) => string | undefined },
): Promise<Reservation | undefined> {
  return inTx(db, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.reservations])
    await tx.query('DELETE FROM reservations WHERE expires_at < now()')
    const {
      rows: [count],
    } = await tx.query('SELECT (SELECT count(*) FROM sandboxes) + (SELECT count(*) FROM reservations) AS n')
    if (Number(count.n) >= opts.max) {
      throw new RateLimitedError(
        `you have reached the maximum number of concurrent E2B sandboxes (${opts.max}). If you need more, please visit 'https://e2b.dev/docs/billing'`,
      )
    }
    const loads = toLoads((await tx.query(LOADS_SQL)).rows)
    const nodeId = opts.choose(loads)
    if (nodeId === undefined) return undefined
    const reservationId = randomUUID()
    await tx.query(
      `INSERT INTO reservations (reservation_id, node_id, cpu_count, memory_mb, expires_at) VALUES ($1, $2, $3, $4, now() + interval '${RESERVATION_TTL_S} seconds')`,
      [reservationId, nodeId, opts.cpuCount, opts.memoryMB],
    )
    return { reservationId, nodeId }
  })
}

/** A retry elsewhere: the reservation follows the create to its next node. */
export async function moveReservation(db: Db, r: Reservation, nodeId: string): Promise<void> {
  await db.query('UPDATE reservations SET node_id = $2 WHERE reservation_id = $1', [r.reservationId, nodeId])
  r.nodeId = nodeId
}

export async function release(db: Db, r: Reservation): Promise<void> {
  await db.query('DELETE FROM reservations WHERE reservation_id = $1', [r.reservationId])
}

/** Records where a sandbox is (replacing the create's reservation, when given) in one transaction. */
export async function record(db: Db, row: Omit<CatalogRow, 'createdAt'>, reservation?: Reservation): Promise<void> {
  await inTx(db, async (tx) => {
    await tx.query(
      `INSERT INTO sandboxes (sandbox_id, node_id, template_id, cpu_count, memory_mb) VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT (sandbox_id) DO UPDATE SET node_id = excluded.node_id`,
      [row.sandboxId, row.nodeId, row.templateId, row.cpuCount, row.memoryMB],
    )
    if (reservation) await tx.query('DELETE FROM reservations WHERE reservation_id = $1', [reservation.reservationId])
  })
}

/**
 * A sandbox's row moves from `from` to `to` (a drain moved it): 'moved'; 'elsewhere' when its row
 * names a third node; 'missing' when it has none (killed during the move, or never recorded).
 */
export async function switchNode(
  db: Db,
  sandboxId: string,
  from: string,
  to: string,
): Promise<'moved' | 'elsewhere' | 'missing'> {
  const res = await db.query('UPDATE sandboxes SET node_id = $3 WHERE sandbox_id = $1 AND node_id IN ($2, $3)', [
    sandboxId,
    from,
    to,
  ])
  if ((res.rowCount ?? 0) > 0) return 'moved'
  return (await rowOf(db, sandboxId)) ? 'elsewhere' : 'missing'
}

/** Records a sandbox a node has without a row (reconcile.ts); a row written meanwhile wins. */
export async function recordMissing(db: Db, row: Omit<CatalogRow, 'createdAt'>): Promise<void> {
  await db.query(
    `INSERT INTO sandboxes (sandbox_id, node_id, template_id, cpu_count, memory_mb) VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (sandbox_id) DO NOTHING`,
    [row.sandboxId, row.nodeId, row.templateId, row.cpuCount, row.memoryMB],
  )
}

export async function rowOf(db: Db, sandboxId: string): Promise<CatalogRow | undefined> {
  const { rows } = await db.query('SELECT * FROM sandboxes WHERE sandbox_id = $1', [sandboxId])
  return rows[0] ? toRow(rows[0]) : undefined
}

export async function rowsOf(db: Db, sandboxIds: readonly string[]): Promise<CatalogRow[]> {
  return (await db.query('SELECT * FROM sandboxes WHERE sandbox_id = ANY($1)', [sandboxIds])).rows.map(toRow)
}

export async function rowsOnNode(db: Db, nodeId: string): Promise<CatalogRow[]> {
  return (await db.query('SELECT * FROM sandboxes WHERE node_id = $1', [nodeId])).rows.map(toRow)
}

export async function forget(db: Db, sandboxIds: readonly string[]): Promise<number> {
  if (sandboxIds.length === 0) return 0
  return (await db.query('DELETE FROM sandboxes WHERE sandbox_id = ANY($1)', [sandboxIds])).rowCount ?? 0
}

/** Forgets every row of nodes not in `liveNodeIds` (their sandboxes are gone with them); returns them. */
export async function forgetOnDeadNodes(db: Db, liveNodeIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query('DELETE FROM sandboxes WHERE NOT (node_id = ANY($1)) RETURNING sandbox_id', [
    liveNodeIds,
  ])
  return rows.map((r: Record<string, unknown>) => r.sandbox_id as string)
}

export async function templateInUse(db: Db, templateId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM sandboxes WHERE template_id = $1 LIMIT 1', [templateId])).rows.length > 0
}
