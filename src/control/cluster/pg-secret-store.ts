// The cluster's secret store: the same secrets as one host's (secret-store.ts: names, metadata,
// versions, each value sealed with AES-256-GCM under a key derived from the token seed every replica
// and node shares) in PostgreSQL, so every control replica serves /secrets and every node's egress
// gateway resolves `${e2b.secrets.<name>}` from one place. Values are write-only here too: only
// resolveSecret() returns one, and nothing here logs.
import {
  COLUMNS,
  DEFAULT_MAX_SECRETS,
  InvalidSecretsRequestError,
  SecretConflictError,
  SecretNotFoundError,
  aadOf,
  checkUpdate,
  checkedNewSecret,
  pageAfter,
  pageOf,
  toInfo,
  type NewSecretRequest,
  type PageRequest,
  type SecretInfo,
  type SecretPage,
  type SecretUpdate,
  type SecretsBackend,
} from '../secret-store/secret-store.js'
import { newSecretId, normalizeSecretName, parseSelector } from '../secret-store/names.js'
import { createSealer, type Sealer } from '../secret-store/sealing.js'
import type { Db } from './pg.js'

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505'

export class PgSecretStore implements SecretsBackend {
  private readonly sealer: Sealer

  /** `key`: 32 bytes derived from the cluster's token seed (the same on every replica and node). */
  constructor(
    private readonly db: Db,
    key: Buffer,
    private readonly maxSecrets = DEFAULT_MAX_SECRETS,
  ) {
    this.sealer = createSealer(key)
  }

  /** 400 for a bad name, value or metadata; 409 for a name in use or the store full. */
  async create(req: NewSecretRequest): Promise<SecretInfo> {
    const { name, metadata } = checkedNewSecret(req)
    const secretId = newSecretId()
    const now = new Date().toISOString()
    const sealed = this.sealer.seal(req.value, aadOf(secretId, 1))
    // The limit in the same statement as the insert: two replicas cannot both take the last place
    // by reading the count first (a concurrent insert can still pass it by one at most).
    const done = await this.db
      .query(
        `INSERT INTO secrets (${COLUMNS}, sealed)
         SELECT $1, $2, $3, 1, $4, $4, $5 WHERE (SELECT COUNT(*) FROM secrets) < $6`,
        [secretId, name, JSON.stringify(metadata), now, sealed, this.maxSecrets],
      )
      .catch((e: unknown) => {
        if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw new SecretConflictError()
        throw e
      })
    if (done.rowCount !== 1) throw new SecretConflictError()
    return this.get(secretId)
  }

  /** One page in creation order; `nextToken` is set only while more remain. 400 for a bad limit or token. */
  async list(opts: PageRequest = {}): Promise<SecretPage> {
    const { limit, after } = pageAfter(opts)
    const { rows } = await this.db.query(
      `SELECT ${COLUMNS} FROM secrets WHERE secret_id > $1 ORDER BY secret_id LIMIT $2`,
      [after, limit + 1],
    )
    return pageOf(rows.map(toInfo), limit)
  }

  /** By id (`sec_…`) or name (case-insensitive); 400 for a malformed selector, 404 when there is none. */
  async get(selector: string): Promise<SecretInfo> {
    return toInfo(await this.row(selector))
  }

  /** Stores `value` as the next version (metadata: undefined keeps it, `{}` clears it); 409 when another write won. */
  async update(selector: string, req: SecretUpdate): Promise<SecretInfo> {
    checkUpdate(req)
    const row = await this.row(selector)
    const secretId = row.secret_id as string
    const version = Number(row.version) + 1
    const metadata = req.metadata === undefined ? (row.metadata as string) : JSON.stringify(req.metadata)
    const done = await this.db.query(
      'UPDATE secrets SET version = $1, metadata = $2, updated_at = $3, sealed = $4 WHERE secret_id = $5 AND version = $6',
      [
        version,
        metadata,
        new Date().toISOString(),
        this.sealer.seal(req.value, aadOf(secretId, version)),
        secretId,
        Number(row.version),
      ],
    )
    if (done.rowCount !== 1) throw new SecretConflictError()
    return this.get(secretId)
  }

  /** Removes the secret and so every version of it; 404 when there is none. */
  async remove(selector: string): Promise<void> {
    const row = await this.row(selector)
    const done = await this.db.query('DELETE FROM secrets WHERE secret_id = $1', [row.secret_id])
    if (done.rowCount !== 1) throw new SecretNotFoundError()
  }

  /** The current value of the secret `name` (case-insensitive); undefined when none has that name. Throws when the sealed value fails authentication. */
  async resolveSecret(name: string): Promise<string | undefined> {
    const normalized = normalizeSecretName(name)
    if (normalized === undefined) return undefined
    const { rows } = await this.db.query('SELECT secret_id, version, sealed FROM secrets WHERE name = $1', [normalized])
    const row = rows[0] as { secret_id: string; version: number; sealed: Buffer } | undefined
    if (!row) return undefined
    return this.sealer.open(row.sealed, aadOf(row.secret_id, Number(row.version)))
  }

  private async row(selector: string): Promise<Record<string, unknown>> {
    const sel = parseSelector(selector)
    if (!sel) throw new InvalidSecretsRequestError()
    const { rows } =
      sel.kind === 'id'
        ? await this.db.query(`SELECT ${COLUMNS} FROM secrets WHERE secret_id = $1`, [sel.secretId])
        : await this.db.query(`SELECT ${COLUMNS} FROM secrets WHERE name = $1`, [sel.name])
    if (!rows[0]) throw new SecretNotFoundError()
    return rows[0] as Record<string, unknown>
  }
}
