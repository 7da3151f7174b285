// Node enrollment through PostgreSQL (the one place a node agent and the control replicas both
// reach): the agent keeps its own key in its data dir (0600), writes a CSR with a join proof made
// with the node token, and waits; a control replica (which alone holds the CA key) checks it and
// writes back the certificate or the reason it refused. The first key a node id enrolls with is
// that node's from then on: a CSR for the same id with another key is refused until an operator
// forgets the node's key (DELETE FROM node_keys WHERE node_id = '…', docs/cluster.md).
// With the CSR the agent sends the SCRAM verifier of a database password it drew: the replica
// gives the node its own PostgreSQL role with that password (node-db-roles.ts). A node talks to
// these tables only through the enrollment functions (it may not read or change another's).
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import {
  certFits,
  checkNodeCsr,
  createNodeCsr,
  EnrollmentRefusedError,
  generateKeyPair,
  importKeyPair,
  joinProof,
  keyPem,
  type ClusterCa,
  type TlsIdentity,
} from './cluster-ca.js'
import { grantNodeRole, isScramVerifier } from './node-db-roles.js'
import { inTx, isDbUnreachable, type Db } from './pg.js'

const POLL_MS = 500
/** How long a node waits for a replica to answer before saying so in its log (it keeps waiting). */
const WAIT_WARN_MS = 30_000

/** The node's key: read from `dir`, or made there (0600) at its first start. */
async function nodeKey(dir: string) {
  const path = join(dir, 'node.key')
  try {
    return await importKeyPair(await readFile(path, 'utf8'))
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`cannot use the node key ${path}: ${e}`)
  }
  const keys = await generateKeyPair()
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await writeFile(path, await keyPem(keys.privateKey), { mode: 0o600, flag: 'wx' })
  return keys
}

/** What enrollment gives a node: its TLS identity, and its database role when it asked for one. */
export type Enrollment = { identity: TlsIdentity; dbRole: string | undefined }

/**
 * A node agent's TLS identity: its key (from `dir`, made on first start) and a certificate for
 * `nodeId` from a control replica, and its own database role when `dbVerifier` is given (the
 * verifier of the password it will log in with). Waits for a replica to answer; throws when it
 * refuses (its reason).
 */
export async function enrollNode(
  db: Db,
  opts: {
    nodeId: string
    nodeToken: string
    caPem: string
    dir: string
    log: Logger
    dbVerifier?: string
    signal?: AbortSignal
  },
): Promise<Enrollment> {
  const keys = await nodeKey(opts.dir)
  const csr = await createNodeCsr(opts.nodeId, keys)
  const requestId = randomUUID()
  const verifier = opts.dbVerifier ?? ''
  await db.query('SELECT sandock_enroll_submit($1, $2, $3, $4, $5)', [
    requestId,
    opts.nodeId,
    csr,
    joinProof(opts.nodeToken, opts.nodeId, csr, verifier),
    verifier || null,
  ])
  const t0 = Date.now()
  let warnAt = t0 + WAIT_WARN_MS
  try {
    for (;;) {
      const { rows } = await db.query('SELECT cert, refused, db_role FROM sandock_enroll_answer($1)', [requestId])
      const row = rows[0] as { cert: string | null; refused: string | null; db_role: string | null } | undefined
      if (!row) throw new Error('the enrollment request disappeared from the database')
      if (row.refused) throw new Error(`enrollment refused by control: ${row.refused}`)
      if (row.cert) {
        if (!(await certFits(row.cert, opts.caPem, keys.publicKey)))
          throw new Error("the certificate control returned is not the cluster CA's for this node's key")
        if (verifier && !row.db_role)
          throw new Error('control issued a certificate but no database role (an older control?)')
        // Kept beside the key for the operator (openssl x509 -in node.crt); the next start asks again.
        await writeFile(join(opts.dir, 'node.crt'), row.cert, { mode: 0o644 })
        opts.log.info({ ms: Date.now() - t0, dbRole: row.db_role ?? undefined }, 'node certificate issued by control')
        return {
          identity: { cert: row.cert, key: await keyPem(keys.privateKey), ca: opts.caPem },
          dbRole: row.db_role ?? undefined,
        }
      }
      if (Date.now() > warnAt) {
        opts.log.warn('waiting for a control replica to sign this node certificate (is control running with the CA?)')
        warnAt = Date.now() + WAIT_WARN_MS
      }
      opts.signal?.throwIfAborted()
      await new Promise((r) => setTimeout(r, POLL_MS))
    }
  } finally {
    await db.query('SELECT sandock_enroll_withdraw($1)', [requestId]).catch(() => undefined)
  }
}

/** Answers every pending CSR once (each in its own transaction; replicas skip each other's). Resolves how many. */
export async function signPending(db: Db, ca: ClusterCa, nodeToken: string, log: Logger): Promise<number> {
  // Requests whose agent died waiting (killed before its cleanup) go after an hour.
  await db.query(`DELETE FROM node_csrs WHERE created_at < now() - interval '1 hour'`)
  let answered = 0
  for (;;) {
    const done = await inTx(db, async (tx) => {
      const { rows } = await tx.query(
        `SELECT request_id, node_id, csr, proof, db_verifier FROM node_csrs WHERE cert IS NULL AND refused IS NULL
         ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      )
      const req = rows[0] as
        | { request_id: string; node_id: string; csr: string; proof: string; db_verifier: string | null }
        | undefined
      if (!req) return true
      const answer = async (cert: string | null, refused: string | null, dbRole: string | null = null) =>
        tx.query('UPDATE node_csrs SET cert = $2, refused = $3, db_role = $4 WHERE request_id = $1', [
          req.request_id,
          cert,
          refused,
          dbRole,
        ])
      try {
        const dbVerifier = req.db_verifier ?? undefined
        if (dbVerifier !== undefined && !isScramVerifier(dbVerifier))
          throw new EnrollmentRefusedError('the database password verifier is not SCRAM-SHA-256')
        const checked = await checkNodeCsr(
          ca,
          { nodeId: req.node_id, csr: req.csr, proof: req.proof, ...(dbVerifier && { dbVerifier }) },
          nodeToken,
        )
        await tx.query('INSERT INTO node_keys (node_id, key_sha256) VALUES ($1, $2) ON CONFLICT (node_id) DO NOTHING', [
          req.node_id,
          checked.keySha256,
        ])
        const { rows: keys } = await tx.query('SELECT key_sha256 FROM node_keys WHERE node_id = $1 FOR UPDATE', [
          req.node_id,
        ])
        if (keys[0]?.key_sha256 !== checked.keySha256)
          throw new EnrollmentRefusedError(`node ${req.node_id} is already enrolled with another key`)
        // Only for the key this node id enrolled with: the role (and so the database) follows the key.
        const dbRole = dbVerifier ? await grantNodeRole(tx, req.node_id, dbVerifier) : null
        await answer(await checked.issue(), null, dbRole)
        log.info({ nodeId: req.node_id, dbRole }, 'node certificate issued')
      } catch (e) {
        if (!(e instanceof EnrollmentRefusedError)) throw e
        await answer(null, e.message)
        log.warn({ nodeId: req.node_id, reason: e.message }, 'node enrollment refused')
      }
      return false
    })
    if (done) return answered
    answered++
  }
}

/** A replica signs pending CSRs every `everyMs` until stopped. */
export function startEnrollmentSigner(
  db: Db,
  ca: ClusterCa,
  nodeToken: string,
  log: Logger,
  everyMs = POLL_MS,
): () => Promise<void> {
  let running: Promise<unknown> | undefined
  const timer = setInterval(() => {
    running ??= signPending(db, ca, nodeToken, log)
      // An outage of the database is logged by the API's 503s and the reconciler, not twice a second here.
      .catch((err: unknown) =>
        log[isDbUnreachable(err) ? 'debug' : 'warn']({ err }, 'signing node certificates failed'),
      )
      .finally(() => {
        running = undefined
      })
  }, everyMs)
  return async () => {
    clearInterval(timer)
    await running
  }
}
