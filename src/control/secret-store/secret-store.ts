// The secret store: names, metadata and versions in SQLite (node:sqlite) at <dataDir>/secrets.db,
// each value sealed with AES-256-GCM (sealing.ts) under a key derived from the server's seed, so
// nothing in the data dir holds a value in clear and a restart keeps every secret. Values are
// write-only: no method but resolveSecret() returns one, and nothing here logs.
import { closeSync, mkdirSync, openSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import { AppError } from '../../shared/errors.js'
import { metadataWithinLimits, newSecretId, normalizeSecretName, parseSelector, valueWithinLimits } from './names.js'
import { createSealer, type Sealer } from './sealing.js'

/** A secret as the API shows it: never its value. */
export type SecretInfo = Readonly<{
  secretId: string
  name: string
  currentVersion: number
  metadata: Readonly<Record<string, string>>
  createdAt: Date
  updatedAt: Date
}>

// compat: the secrets routes answer with fixed texts only; a caller learns the class of a failure
// and nothing of the request (INFRA api/internal/middleware/secrets.go).
export const SECRETS_MESSAGES = {
  invalid: 'Invalid secrets request',
  unauthenticated: 'You are not authenticated',
  notFound: 'Secret not found',
  conflict: 'Secret cannot be modified in its current state',
  backend: 'Secrets backend error',
} as const

export class InvalidSecretsRequestError extends AppError {
  constructor() {
    super('invalid_argument', SECRETS_MESSAGES.invalid)
  }
}
export class SecretNotFoundError extends AppError {
  constructor() {
    super('not_found', SECRETS_MESSAGES.notFound)
  }
}
export class SecretConflictError extends AppError {
  constructor() {
    super('conflict', SECRETS_MESSAGES.conflict)
  }
}

/** What the sealing key is derived for from the server's (or the cluster's) token seed. */
export const SECRET_STORE_KEY_PURPOSE = 'secret-store/v1'

/** How many secrets one server keeps; a create beyond it is a 409, as upstream's secret limit. */
export const DEFAULT_MAX_SECRETS = 1000
export const MAX_PAGE = 100

const SCHEMA = `
CREATE TABLE IF NOT EXISTS secrets (
  secret_id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, metadata TEXT NOT NULL, version INTEGER NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, sealed BLOB NOT NULL
);
`
type Row = Record<string, SQLInputValue>
/** The columns a SecretInfo is read from (this store's table and the cluster's have the same). */
export const COLUMNS = 'secret_id, name, metadata, version, created_at, updated_at'

/** One page of secrets; `nextToken` is set only while more remain. */
export type SecretPage = { items: SecretInfo[]; nextToken: string | undefined }
export type NewSecretRequest = { name: string; value: string; metadata?: Readonly<Record<string, string>> | undefined }
export type SecretUpdate = { value: string; metadata?: Readonly<Record<string, string>> | undefined }
export type PageRequest = { limit?: number | undefined; nextToken?: string | undefined }

/**
 * What the secrets routes use: this host's store (SQLite, below) or a cluster's (PostgreSQL,
 * control/cluster/pg-secret-store.ts). The same errors for the same mistakes in both.
 */
export type SecretsBackend = {
  create(req: NewSecretRequest): SecretInfo | Promise<SecretInfo>
  list(opts?: PageRequest): SecretPage | Promise<SecretPage>
  get(selector: string): SecretInfo | Promise<SecretInfo>
  update(selector: string, req: SecretUpdate): SecretInfo | Promise<SecretInfo>
  remove(selector: string): void | Promise<void>
  resolveSecret(name: string): Promise<string | undefined>
}

/** A new secret's normalized name and metadata; 400 for a bad name, value or metadata. */
export function checkedNewSecret(req: NewSecretRequest): { name: string; metadata: Readonly<Record<string, string>> } {
  const name = normalizeSecretName(req.name)
  const metadata = req.metadata ?? {}
  if (name === undefined || !valueWithinLimits(req.value) || !metadataWithinLimits(metadata))
    throw new InvalidSecretsRequestError()
  return { name, metadata }
}

/** 400 for an update's bad value or metadata. */
export function checkUpdate(req: SecretUpdate): void {
  if (!valueWithinLimits(req.value) || (req.metadata !== undefined && !metadataWithinLimits(req.metadata)))
    throw new InvalidSecretsRequestError()
}

/** A page request's limit and the id to list after; 400 for a bad limit or token. */
export function pageAfter(opts: PageRequest): { limit: number; after: string } {
  const limit = opts.limit ?? MAX_PAGE
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw new InvalidSecretsRequestError()
  let after = ''
  if (opts.nextToken !== undefined) {
    after = Buffer.from(opts.nextToken, 'base64url').toString('utf8')
    if (parseSelector(after)?.kind !== 'id' || Buffer.from(after).toString('base64url') !== opts.nextToken)
      throw new InvalidSecretsRequestError()
  }
  return { limit, after }
}

/** The page from up to `limit + 1` rows in id order (ids are UUIDv7 TypeIDs: their order is their creation order). */
export function pageOf(items: SecretInfo[], limit: number): SecretPage {
  const page = items.slice(0, limit)
  const more = items.length > limit
  return { items: page, nextToken: more ? Buffer.from(page.at(-1)!.secretId).toString('base64url') : undefined }
}

/** A row of either store as the API shows it. */
export const toInfo = (r: Record<string, unknown>): SecretInfo => ({
  secretId: r.secret_id as string,
  name: r.name as string,
  currentVersion: Number(r.version),
  metadata: JSON.parse(r.metadata as string) as Record<string, string>,
  createdAt: new Date(r.created_at as string),
  updatedAt: new Date(r.updated_at as string),
})
/** What a sealed value is bound to: its secret and version. */
export const aadOf = (secretId: string, version: number) => `${secretId}#${version}`

export class SecretStore implements SecretsBackend {
  private readonly db: DatabaseSync
  private readonly sealer: Sealer
  private readonly maxSecrets: number

  /** `key`: 32 bytes derived from the server's seed (the same seed gives the same key after a restart). */
  constructor(opts: { dataDir: string; key: Buffer; maxSecrets?: number }) {
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 })
    const file = join(opts.dataDir, 'secrets.db')
    // Created 0600 before SQLite opens it (SQLite would use the umask's mode).
    closeSync(openSync(file, 'a', 0o600))
    this.db = new DatabaseSync(file)
    this.db.exec('PRAGMA busy_timeout = 5000;')
    this.db.exec(SCHEMA)
    this.sealer = createSealer(opts.key)
    this.maxSecrets = opts.maxSecrets ?? DEFAULT_MAX_SECRETS
  }

  close(): void {
    if (this.db.isOpen) this.db.close()
  }

  /** 400 for a bad name, value or metadata; 409 for a name in use or the store full. */
  create(req: NewSecretRequest): SecretInfo {
    const { name, metadata } = checkedNewSecret(req)
    const count = Number((this.db.prepare('SELECT COUNT(*) AS n FROM secrets').get() as Row).n)
    if (count >= this.maxSecrets) throw new SecretConflictError()
    const secretId = newSecretId()
    const now = new Date().toISOString()
    try {
      this.db
        .prepare(`INSERT INTO secrets (${COLUMNS}, sealed) VALUES (?, ?, ?, 1, ?, ?, ?)`)
        .run(secretId, name, JSON.stringify(metadata), now, now, this.sealer.seal(req.value, aadOf(secretId, 1)))
    } catch (e) {
      if ((e as { errcode?: number }).errcode === 2067 /* SQLITE_CONSTRAINT_UNIQUE */) throw new SecretConflictError()
      throw e
    }
    return this.get(secretId)
  }

  /** One page in creation order; `nextToken` is set only while more remain. 400 for a bad limit or token. */
  list(opts: PageRequest = {}): SecretPage {
    const { limit, after } = pageAfter(opts)
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM secrets WHERE secret_id > ? ORDER BY secret_id LIMIT ?`)
      .all(after, limit + 1) as Row[]
    return pageOf(rows.map(toInfo), limit)
  }

  /** By id (`sec_…`) or name (case-insensitive); 400 for a malformed selector, 404 when there is none. */
  get(selector: string): SecretInfo {
    return toInfo(this.row(selector))
  }

  /**
   * Stores `value` as the next version. Metadata: undefined keeps it, `{}` clears it, an object
   * replaces it. The previous version's value is discarded (nothing can read it any more).
   */
  update(selector: string, req: SecretUpdate): SecretInfo {
    checkUpdate(req)
    const row = this.row(selector)
    const secretId = row.secret_id as string
    const version = Number(row.version) + 1
    const metadata = req.metadata === undefined ? (row.metadata as string) : JSON.stringify(req.metadata)
    const done = this.db
      .prepare(
        'UPDATE secrets SET version = ?, metadata = ?, updated_at = ?, sealed = ? WHERE secret_id = ? AND version = ?',
      )
      .run(
        version,
        metadata,
        new Date().toISOString(),
        this.sealer.seal(req.value, aadOf(secretId, version)),
        secretId,
        Number(row.version),
      )
    if (Number(done.changes) !== 1) throw new SecretConflictError()
    return this.get(secretId)
  }

  /** Removes the secret and so every version of it; 404 when there is none. */
  remove(selector: string): void {
    const row = this.row(selector)
    this.db.prepare('DELETE FROM secrets WHERE secret_id = ?').run(row.secret_id as string)
  }

  /**
   * The current value of the secret `name` (case-insensitive), for the egress gateway's
   * `${e2b.secrets.<name>}` placeholders; undefined when no secret has that name. Throws
   * (SealedValueError) when the stored value fails authentication: the caller fails closed.
   */
  async resolveSecret(name: string): Promise<string | undefined> {
    const normalized = normalizeSecretName(name)
    if (normalized === undefined) return undefined
    const row = this.db.prepare('SELECT secret_id, version, sealed FROM secrets WHERE name = ?').get(normalized) as
      | Row
      | undefined
    if (!row) return undefined
    return this.sealer.open(row.sealed as Uint8Array, aadOf(row.secret_id as string, Number(row.version)))
  }

  private row(selector: string): Row {
    const sel = parseSelector(selector)
    if (!sel) throw new InvalidSecretsRequestError()
    const row =
      sel.kind === 'id'
        ? this.db.prepare(`SELECT ${COLUMNS} FROM secrets WHERE secret_id = ?`).get(sel.secretId)
        : this.db.prepare(`SELECT ${COLUMNS} FROM secrets WHERE name = ?`).get(sel.name)
    if (!row) throw new SecretNotFoundError()
    return row as Row
  }
}
