// A node agent's credentials (docs/cluster.md, "What a node may do"): its database pool and TLS
// identity (it enrolls through PostgreSQL, enrollment.ts, as the enrollment role with the SCRAM
// verifier of a password it draws now, then logs in as its own role, node-db-roles.ts), and the
// keys its sandboxes' tokens and the secret store's key come from.
import { join } from 'node:path'
import type { Logger } from 'pino'
import type { TlsIdentity } from '../control/cluster/cluster-ca.js'
import type { ClusterConfig } from '../control/cluster/config.js'
import { enrollNode, type Enrollment } from '../control/cluster/enrollment.js'
import { ENROLL_ROLE, enrollPassword, newNodePassword, scramVerifier } from '../control/cluster/node-db-roles.js'
import { createDb, isDbUnreachable, migrate, type Db } from '../control/cluster/pg.js'
import { readSecretFile } from '../control/cluster/secret-file.js'
import { SECRET_STORE_KEY_PURPOSE } from '../control/secret-store/secret-store.js'
import { loadTokenSeed, tokensFromSeed } from '../control/server-keys.js'
import type { SandboxTokens } from '../node/sandboxes/settings.js'

/**
 * Sandboxes' tokens from this node's own seed (0600 in its data dir: no other node can derive them
 * and use them at an edge); the cluster's shared seed for the secret store's key and for the tokens
 * of sandboxes older than each node's own seed.
 */
export async function nodeKeys(cluster: ClusterConfig, dataDir: string) {
  const shared = tokensFromSeed(await readSecretFile(cluster.tokenSeedFile, 'token seed'))
  const own = tokensFromSeed(await loadTokenSeed(dataDir))
  const tokens: SandboxTokens = {
    envd: own.envdToken,
    traffic: own.trafficToken,
    earlier: { envd: shared.envdToken, traffic: shared.trafficToken },
  }
  return { tokens, secretStoreKey: shared.deriveKey(SECRET_STORE_KEY_PURPOSE) }
}

/** Errors that mean "control has not set up enrollment yet" (its first start): the node waits. */
const NOT_READY_YET = new Set(['28P01', '28000', '42883', '3D000'])
const ENROLL_RETRY_MS = 1000

/** Waits until the enrollment role logs in and its functions exist (control created them). */
async function whenEnrollmentOpen(db: Db, log: Logger): Promise<void> {
  let warnAt = Date.now() + 30_000
  for (;;) {
    try {
      await db.query("SELECT 'sandock_enroll_submit(text,text,text,text,text)'::regprocedure")
      return
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).code
      const cause = (err as { cause?: { code?: string } }).cause?.code
      if (!NOT_READY_YET.has(code ?? '') && !NOT_READY_YET.has(cause ?? '') && !isDbUnreachable(err)) throw err
      if (Date.now() > warnAt) {
        log.warn({ err }, 'waiting for control to open enrollment in the database (is a control replica running?)')
        warnAt = Date.now() + 30_000
      }
      await new Promise((r) => setTimeout(r, ENROLL_RETRY_MS))
    }
  }
}

/**
 * This agent's database pool and TLS identity. It enrolls (enrollment.ts) as the enrollment role
 * (its password derived from the node token) with the verifier of a password drawn now, and then
 * logs in as its own role (node-db-roles.ts). Only with SANDOCK_DATABASE_PASSWORD_FILE (an older
 * stack, or no cluster CA) does it use that shared credential instead.
 */
export async function nodeDatabase(cluster: ClusterConfig, nodeToken: string, dataDir: string, log: Logger) {
  const dir = join(dataDir, 'cluster-tls')
  const caPem = cluster.clusterCaFile ? await readSecretFile(cluster.clusterCaFile, 'cluster CA certificate') : ''
  const enrollLog = log.child({ component: 'enrollment' })
  const tlsOf = (identity: TlsIdentity | undefined) => {
    if (cluster.clusterTls) return identity
    log.warn('SANDOCK_CLUSTER_TLS=off: the agent API serves plain HTTP (the node token alone admits a caller)')
    return undefined
  }
  if (cluster.databasePasswordFile) {
    log.warn(
      "SANDOCK_DATABASE_PASSWORD_FILE given to a node: it uses control's database credentials (a node's root could change the whole cluster's state); without it a node enrolls a role of its own",
    )
    const db = createDb(cluster.databaseUrl, {
      max: 5,
      password: await readSecretFile(cluster.databasePasswordFile, 'database password'),
    })
    await migrate(db)
    if (!cluster.clusterTls) return { db, tls: tlsOf(undefined) }
    const { identity } = await enrollNode(db, { nodeId: cluster.nodeId, nodeToken, caPem, dir, log: enrollLog })
    return { db, tls: tlsOf(identity) }
  }
  const enrollDb = createDb(cluster.databaseUrl, { max: 1, user: ENROLL_ROLE, password: enrollPassword(nodeToken) })
  const password = newNodePassword()
  let enrollment: Enrollment
  try {
    await whenEnrollmentOpen(enrollDb, enrollLog)
    enrollment = await enrollNode(enrollDb, {
      nodeId: cluster.nodeId,
      nodeToken,
      caPem,
      dir,
      log: enrollLog,
      dbVerifier: scramVerifier(password),
    })
  } finally {
    await enrollDb.end()
  }
  if (!enrollment.dbRole) throw new Error('enrollment gave this node no database role')
  const db = createDb(cluster.databaseUrl, { max: 5, user: enrollment.dbRole, password })
  return { db, tls: tlsOf(enrollment.identity) }
}
