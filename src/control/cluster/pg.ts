// The cluster's PostgreSQL: one pool per process, the schema (created once, under an advisory lock
// so replicas starting together do not race), and a transaction helper. Everything the cluster
// shares lives here: the template catalog (the SQLite store's tables, template-tables.ts), uploaded
// template files, snapshots' metadata, the sandbox → node catalog, create reservations (the
// cluster-wide sandbox limit), the node registry with heartbeats, users' secrets and volumes' metadata. API keys are not here: they are the configured ones.
import pg from 'pg'
import { AppError } from '../../shared/errors.js'
import { BUILD_DISK_COLUMNS, catalogTables, PG_CATALOG } from '../templates/template-tables.js'
import { nodeAccessSql } from './node-db-roles.js'

/**
 * What this process has seen of the database's reachability (ms since the epoch; 0: never):
 * the last answer, the last failure to reach it, and when the current or last outage began (the
 * last answer before its first failure).
 */
export type Reachability = { lastOkAt: number; lastUnreachableAt: number; outageSince: number }

/** The pool, with what this process has seen of the database's reachability. */
export type Db = pg.Pool & { reachability?: Reachability }
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
-- Users' secrets (pg-secret-store.ts): values sealed under a key from the token seed; times as ISO text, as one host's store.
CREATE TABLE IF NOT EXISTS secrets (
  secret_id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, metadata TEXT NOT NULL, version INTEGER NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, sealed BYTEA NOT NULL
);
-- Users' volumes (pg-volume-store.ts): their data is <SANDOCK_VOLUMES_DIR>/<volume_id> on the
-- directory every node and replica shares. A deleted volume keeps its row (deleted_at) until no
-- node holds a Docker volume for it any more (volume_nodes); a name is unique among live ones.
CREATE TABLE IF NOT EXISTS volumes (
  volume_id TEXT PRIMARY KEY, name TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL, deleted_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX IF NOT EXISTS volumes_live_name ON volumes(name) WHERE deleted_at IS NULL;
CREATE TABLE IF NOT EXISTS volume_nodes (
  volume_id TEXT NOT NULL REFERENCES volumes(volume_id), node_id TEXT NOT NULL, PRIMARY KEY (volume_id, node_id)
);
-- Values the whole cluster agrees on, set once (e.g. the shared volumes directory's marker).
CREATE TABLE IF NOT EXISTS cluster_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- Node enrollment (enrollment.ts): CSRs nodes write and control answers; each node id's enrolled key.
CREATE TABLE IF NOT EXISTS node_csrs (
  request_id TEXT PRIMARY KEY, node_id TEXT NOT NULL, csr TEXT NOT NULL, proof TEXT NOT NULL,
  cert TEXT, refused TEXT, created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS node_keys (node_id TEXT PRIMARY KEY, key_sha256 TEXT NOT NULL, enrolled_at TIMESTAMPTZ NOT NULL DEFAULT now());
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

/** `url` logging in as `user` (and without the URL's password, which is another user's). */
export function urlAs(url: string, user: string): string {
  const u = new URL(url)
  u.username = encodeURIComponent(user)
  u.password = ''
  return u.toString()
}

/** PostgreSQL's SQLSTATEs (and sockets' codes) that mean "the database is not there now", not "this query is wrong". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
])
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/

/**
 * How long a statement may wait for the database's answer. A partition drops packets without
 * refusing anything: without a bound a query on an open connection would wait for TCP to give up
 * (many minutes), and every request with it (the SDK gives up at 30 s). Far longer than any of our
 * statements but the template files' (BLOB_QUERY_TIMEOUT_MS); a connection that timed out is
 * discarded, never reused.
 */
export const QUERY_TIMEOUT_MS = 10_000
/** The bound for a statement that moves a template file (up to the upload limit) in or out. */
export const BLOB_QUERY_TIMEOUT_MS = 600_000

/** A statement with BLOB_QUERY_TIMEOUT_MS as its bound (pg honours a query's own query_timeout; its types omit it). */
export const blobQuery = (text: string, values: unknown[]): pg.QueryConfig =>
  ({ text, values, query_timeout: BLOB_QUERY_TIMEOUT_MS }) as pg.QueryConfig

/** Whether `err` says the database could not be reached (rather than that a statement failed). */
export function isDbUnreachable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true
  if (!(err instanceof Error)) return false
  const code = (err as { code?: unknown }).code
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true
  return UNREACHABLE_MESSAGES.test(err.message)
}

/** What the API answers while PostgreSQL cannot be reached: 503, and the cause in the log only. */
export class DatabaseUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('unavailable', "the cluster's database (PostgreSQL) cannot be reached right now; try again shortly", {
      cause,
    })
  }
}

const asUnavailable = (err: unknown) => (isDbUnreachable(err) ? new DatabaseUnavailableError(err) : err)

function sawUnreachable(db: Db): void {
  const r = db.reachability
  if (!r) return
  if (r.lastUnreachableAt <= r.lastOkAt) r.outageSince = r.lastOkAt
  r.lastUnreachableAt = Date.now()
}

/**
 * When the outage this process saw ended less than `windowMs` ago, when it began (ms since the
 * epoch); otherwise undefined. Nodes could not heartbeat during it: their silence then proves
 * nothing (nodes.ts).
 */
export function recentOutageSince(db: Db, windowMs: number): number | undefined {
  const r = db.reachability
  return r && r.lastUnreachableAt > 0 && Date.now() - r.lastUnreachableAt < windowMs ? r.outageSince : undefined
}

/**
 * Asks the database every `everyMs` (SELECT 1), so an outage is seen even while nothing else
 * queries (recentOutageSince). Stops with the returned function.
 */
export function watchReachability(db: Db, everyMs = 1000): () => void {
  const timer = setInterval(() => void db.query('SELECT 1').catch(() => undefined), everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * A pool on `url` (postgres://user:pass@host:port/db); connections are made lazily. A query or
 * connect that fails because the database cannot be reached rejects with DatabaseUnavailableError
 * (503), and `reachability` keeps what this process has seen of it.
 */
export function createDb(
  url: string,
  opts: { max?: number; password?: string; queryTimeoutMs?: number; user?: string } = {},
): Db {
  const pool = new pg.Pool({
    connectionString: urlWithPassword(opts.user ? urlAs(url, opts.user) : url, opts.password),
    max: opts.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    query_timeout: opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
    keepAlive: true,
  }) as Db
  // An idle client whose server went away emits here; the next query reconnects.
  pool.on('error', () => undefined)
  pool.reachability = { lastOkAt: Date.now(), lastUnreachableAt: 0, outageSince: 0 }
  const mapped = (err: unknown) => {
    const e = asUnavailable(err)
    if (e instanceof DatabaseUnavailableError) sawUnreachable(pool)
    return e
  }
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown> | undefined
  pool.query = ((...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return query(...args)
    return query(...args)?.then(
      (out) => ((pool.reachability!.lastOkAt = Date.now()), out),
      (err: unknown) => {
        throw mapped(err)
      },
    )
  }) as typeof pool.query
  // pg's own pool.query calls connect(callback): only the promise form is ours to map.
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<Tx> | undefined
  pool.connect = ((...args: unknown[]) => {
    if (typeof args[0] === 'function') return connect(...args)
    return connect()!.then(undefined, (err: unknown) => {
      throw mapped(err)
    })
  }) as typeof pool.connect
  return pool
}

/** Creates the tables unless they exist; safe for many processes at once. */
export async function migrate(db: Db): Promise<void> {
  await inTx(db, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.schema])
    await tx.query(SCHEMA)
    // Columns that came after the first release, for databases made before them.
    for (const column of BUILD_DISK_COLUMNS) await tx.query(`ALTER TABLE builds ADD COLUMN IF NOT EXISTS ${column}`)
    // Nodes' own roles, what they may read and write, and enrollment (node-db-roles.ts).
    await tx.query(nodeAccessSql()).catch((e: unknown) => {
      if ((e as { code?: string }).code !== '42501') throw e
      throw new Error(
        `the database user cannot create the nodes' roles (${(e as Error).message}): control needs a user with CREATEROLE (the stack's postgres makes one)`,
        { cause: e },
      )
    })
  })
}

/** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
export async function inTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const tx = await db.connect()
  let lost: Error | undefined
  // A checked-out client has no pool listener: the database going away between two statements
  // would be an unhandled 'error' event (the process gone). Kept as the reason it is discarded.
  const onError = (e: Error) => {
    sawUnreachable(db)
    lost ??= e
  }
  tx.on('error', onError)
  try {
    await tx.query('BEGIN')
    const out = await fn(tx)
    await tx.query('COMMIT')
    return out
  } catch (e) {
    // A connection lost mid-transaction is the database going away, not the statement's fault:
    // it is discarded (the server rolls back what it had) rather than asked to roll back.
    if (isDbUnreachable(e)) {
      sawUnreachable(db)
      lost = e as Error
    } else await tx.query('ROLLBACK').catch(() => undefined)
    throw asUnavailable(e)
  } finally {
    tx.off('error', onError)
    tx.release(lost)
  }
}
