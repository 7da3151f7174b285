// The cluster's PostgreSQL: one pool per process, the schema (created once, under an advisory lock
// so replicas starting together do not race), and a transaction helper. Everything the cluster
// shares lives here: the template catalog (the SQLite store's tables, template-tables.ts), uploaded
// template files, snapshots' metadata, the sandbox → node catalog, create reservations (the
// cluster-wide sandbox limit), the node registry with heartbeats. API keys are not here: they are the configured ones.
import pg from 'pg'
import { catalogTables, PG_CATALOG } from '../templates/template-tables.js'

export type Db = pg.Pool
export type Tx = pg.PoolClient

/** A fixed key for the schema lock; other advisory locks use their own (see LOCKS). */
export const LOCKS = { schema: 7301, reservations: 7302, chores: 7303 } as const

const SCHEMA = `${catalogTables(PG_CATALOG)}
CREATE TABLE IF NOT EXISTS template_files (hash TEXT PRIMARY KEY, data BYTEA NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now());
CREATE TABLE IF NOT EXISTS nodes (
  node_id TEXT PRIMARY KEY, address TEXT NOT NULL, api_port INTEGER NOT NULL, proxy_port INTEGER NOT NULL,
  cpu_count INTEGER NOT NULL, memory_mb INTEGER NOT NULL, schedulable BOOLEAN NOT NULL DEFAULT true,
  status JSONB NOT NULL DEFAULT '{}', started_at TIMESTAMPTZ NOT NULL, heartbeat_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS sandboxes (
  sandbox_id TEXT PRIMARY KEY, node_id TEXT NOT NULL, template_id TEXT NOT NULL,
  cpu_count INTEGER NOT NULL, memory_mb INTEGER NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sandboxes_by_node ON sandboxes(node_id);
CREATE TABLE IF NOT EXISTS reservations (
  reservation_id TEXT PRIMARY KEY, node_id TEXT NOT NULL, cpu_count INTEGER NOT NULL, memory_mb INTEGER NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS snapshots (
  snapshot_id TEXT PRIMARY KEY, names JSONB NOT NULL, sandbox_id TEXT NOT NULL, template_id TEXT NOT NULL,
  node_id TEXT NOT NULL, image TEXT NOT NULL, cpu_count INTEGER NOT NULL, memory_mb INTEGER NOT NULL,
  fork_of TEXT, created_s BIGINT NOT NULL
);
-- API keys are exactly the configured ones (control/cluster/api-keys.ts): the table earlier
-- versions filled (and trusted forever) is dropped.
DROP TABLE IF EXISTS api_keys;
`

/**
 * `url` with `password` in it unless it has its own. pg lets the connection string win over a
 * `password` option (a URL without one clears it), so a password from a secret file goes in the URL.
 */
export function urlWithPassword(url: string, password: string | undefined): string {
  if (!password) return url
  const u = new URL(url)
  if (u.password) return url
  u.password = encodeURIComponent(password)
  return u.toString()
}

/** A pool on `url` (postgres://user:pass@host:port/db); connections are made lazily. */
export function createDb(url: string, opts: { max?: number; password?: string } = {}): Db {
  const pool = new pg.Pool({
    connectionString: urlWithPassword(url, opts.password),
    max: opts.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  })
  // An idle client whose server went away emits here; the next query reconnects.
  pool.on('error', () => undefined)
  return pool
}

/** Creates the tables unless they exist; safe for many processes at once. */
export async function migrate(db: Db): Promise<void> {
  await inTx(db, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.schema])
    await tx.query(SCHEMA)
  })
}

/** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
export async function inTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const tx = await db.connect()
  try {
    await tx.query('BEGIN')
    const out = await fn(tx)
    await tx.query('COMMIT')
    return out
  } catch (e) {
    await tx.query('ROLLBACK').catch(() => undefined)
    throw e
  } finally {
    tx.release()
  }
}
