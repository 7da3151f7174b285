// Each node's own PostgreSQL role, on a real PostgreSQL that asks these roles for their passwords:
// a node enrolls through the enrollment role (password from the node token) and then logs in as
// itself; it can do what an agent does (register and heartbeat, record its snapshots, claim
// volumes, read templates and sealed secrets) and nothing that would let it act as another node
// or as control (enroll keys, other nodes' rows, the sandbox catalog, templates, secrets, roles).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createClusterCa, loadClusterCa, type ClusterCa } from '../../../../src/control/cluster/cluster-ca.js'
import { enrollNode, startEnrollmentSigner } from '../../../../src/control/cluster/enrollment.js'
import {
  ENROLL_ROLE,
  enrollPassword,
  newNodePassword,
  nodeRoleName,
  scramVerifier,
  setEnrollPassword,
} from '../../../../src/control/cluster/node-db-roles.js'
import { heartbeat, registerNode } from '../../../../src/control/cluster/nodes.js'
import { createDb, migrate, type Db } from '../../../../src/control/cluster/pg.js'
import { checkSharedVolumesDir } from '../../../../src/control/cluster/shared-volumes-dir.js'
import { createLogger } from '../../../../src/shared/logging.js'
import { rejection } from '../../../support/async.js'
import { postgresAvailable, startPostgres, type TestPostgres } from '../../../support/postgres.js'

const TOKEN = 'node-token-for-role-tests'
const log = createLogger({ level: 'silent', name: 'host' })

let server: TestPostgres | undefined
let owner: Db
let ca: ClusterCa
let stopSigning: () => Promise<void>
beforeAll(async () => {
  if (!postgresAvailable()) return
  // initdb's lines trust every local user: the enrollment and node roles must give their password.
  server = await startPostgres({
    hbaFirst: [
      `host all ${ENROLL_ROLE} 127.0.0.1/32 scram-sha-256`,
      'host all +sandock_nodes 127.0.0.1/32 scram-sha-256',
    ],
  })
  owner = createDb(server.url)
  await migrate(owner)
  // A second migrate (another replica, a restart) changes nothing and fails nothing.
  await migrate(owner)
  await setEnrollPassword(owner, TOKEN)
  const made = await createClusterCa()
  ca = await loadClusterCa(made.certPem, made.keyPem)
  stopSigning = startEnrollmentSigner(owner, ca, TOKEN, log, 50)
  await registerNode(owner, nodeRow('other'))
  await owner.query(
    `INSERT INTO snapshots (snapshot_id, names, sandbox_id, template_id, node_id, image, cpu_count, memory_mb, created_s)
     VALUES ('snap-other', '[]', 'sbx-other', 'base', 'other', 'img', 1, 512, 0)`,
  )
  await owner.query(
    "INSERT INTO sandboxes (sandbox_id, node_id, template_id, cpu_count, memory_mb) VALUES ('sbx-other', 'other', 'base', 1, 512)",
  )
})
afterAll(async () => {
  await stopSigning?.()
  await owner?.end()
  await server?.stop()
})

const nodeRow = (nodeId: string) => ({
  nodeId,
  address: '10.0.0.1',
  apiPort: 3003,
  proxyPort: 3004,
  cpuCount: 2,
  memoryMB: 2048,
  status: { pools: {}, images: [], sandboxes: 0 },
})

/** Enrolls `nodeId` as an agent does (a new password, its verifier with the CSR) and logs in as its role. */
async function enroll(nodeId: string, dir?: string): Promise<{ db: Db; role: string; password: string; dir: string }> {
  const keyDir = dir ?? (await mkdtemp(join(tmpdir(), 'sandock-role-')))
  if (!dir) onTestFinished(() => rm(keyDir, { recursive: true, force: true }))
  const enrollDb = createDb(server!.url, { max: 1, user: ENROLL_ROLE, password: enrollPassword(TOKEN) })
  const password = newNodePassword()
  try {
    const { dbRole } = await enrollNode(enrollDb, {
      nodeId,
      nodeToken: TOKEN,
      caPem: ca.certPem,
      dir: keyDir,
      log,
      dbVerifier: scramVerifier(password),
    })
    const db = createDb(server!.url, { max: 2, user: dbRole!, password })
    onTestFinished(() => db.end())
    return { db, role: dbRole!, password, dir: keyDir }
  } finally {
    await enrollDb.end()
  }
}

const code = async (p: Promise<unknown>) => ((await rejection(p)) as { code?: string }).code

describe.skipIf(!postgresAvailable())("a node's own database role", () => {
  it('is enrolled with the password the node drew, and does what an agent does', async () => {
    const { db, role } = await enroll('n1')
    expect(role).toBe(nodeRoleName('n1'))
    expect((await db.query('SELECT session_user AS u, sandock_node_id() AS id')).rows[0]).toEqual({ u: role, id: 'n1' })
    await registerNode(db, nodeRow('n1'))
    // A restarted agent registers over its row (cordoned stays as control set it).
    await owner.query("UPDATE nodes SET schedulable = false WHERE node_id = 'n1'")
    await registerNode(db, { ...nodeRow('n1'), address: '10.0.0.9' })
    expect((await owner.query("SELECT address, schedulable FROM nodes WHERE node_id = 'n1'")).rows[0]).toEqual({
      address: '10.0.0.9',
      schedulable: false,
    })
    await heartbeat(db, 'n1', { pools: {}, images: ['x'], sandboxes: 1 })
    expect((await owner.query("SELECT status FROM nodes WHERE node_id = 'n1'")).rows[0].status.images).toEqual(['x'])
    await db.query(
      `INSERT INTO snapshots (snapshot_id, names, sandbox_id, template_id, node_id, image, cpu_count, memory_mb, created_s)
       VALUES ('snap-n1', '[]', 'sbx-1', 'base', 'n1', 'img', 1, 512, 0)`,
    )
    await owner.query("INSERT INTO volumes (volume_id, name, created_at) VALUES ('vol-1', 'v', now())")
    await db.query("INSERT INTO volume_nodes (volume_id, node_id) VALUES ('vol-1', 'n1')")
    for (const table of ['templates', 'builds', 'tags', 'template_files', 'secrets', 'volumes', 'snapshots', 'nodes'])
      await db.query(`SELECT * FROM ${table} LIMIT 1`)
    const dir = await mkdtemp(join(tmpdir(), 'sandock-volumes-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    await checkSharedVolumesDir(db, dir)
  })

  it('cannot act as another node or as control', async () => {
    const { db } = await enroll('n2')
    const victim = await enroll('n5')
    await registerNode(db, nodeRow('n2'))
    // Another node's rows: invisible to its UPDATE and DELETE, refused to its INSERT.
    expect((await db.query("UPDATE nodes SET address = '10.6.6.6' WHERE node_id = 'other'")).rowCount).toBe(0)
    expect(
      await code(
        db.query(
          "INSERT INTO nodes (node_id, address, api_port, proxy_port, cpu_count, memory_mb, started_at, heartbeat_at) VALUES ('n3', 'x', 1, 1, 1, 1, now(), now())",
        ),
      ),
    ).toBe('42501')
    expect((await db.query("DELETE FROM snapshots WHERE snapshot_id = 'snap-other'")).rowCount).toBe(0)
    expect(
      await code(
        db.query(`INSERT INTO snapshots (snapshot_id, names, sandbox_id, template_id, node_id, image, cpu_count, memory_mb, created_s)
       VALUES ('snap-x', '[]', 'sbx-x', 'base', 'other', 'evil', 1, 512, 0)`),
      ),
    ).toBe('42501')
    expect(await code(db.query("INSERT INTO volume_nodes (volume_id, node_id) VALUES ('vol-1', 'other')"))).toBe(
      '42501',
    )
    // Its own row, but not what control decides (cordoned or not).
    expect(await code(db.query("UPDATE nodes SET schedulable = true WHERE node_id = 'n2'"))).toBe('42501')
    // Enrollment, the catalog, templates, secrets, settings: not its to change (or, for keys, to read).
    for (const sql of [
      'SELECT * FROM node_keys',
      "DELETE FROM node_keys WHERE node_id = 'other'",
      'SELECT * FROM node_csrs',
      'SELECT * FROM node_roles',
      "UPDATE sandboxes SET node_id = 'n2' WHERE sandbox_id = 'sbx-other'",
      "INSERT INTO sandboxes (sandbox_id, node_id, template_id, cpu_count, memory_mb) VALUES ('s', 'n2', 'base', 1, 1)",
      'SELECT * FROM reservations',
      "UPDATE templates SET alias = 'x'",
      "UPDATE builds SET image = 'evil'",
      "UPDATE secrets SET metadata = '{}'",
      "UPDATE cluster_settings SET value = 'x'",
      "INSERT INTO cluster_settings (key, value) VALUES ('other_setting', 'x')",
      "SELECT sandock_enroll_submit('r', 'other', 'csr', 'proof', NULL)",
      'CREATE TABLE mine (x int)',
      'SET ROLE sandock',
      "COPY (SELECT 1) TO PROGRAM 'true'",
      `ALTER ROLE ${victim.role} PASSWORD 'x'`,
      `GRANT sandock_nodes TO ${victim.role}`,
    ])
      expect([sql, await code(db.query(sql))]).toEqual([sql, '42501'])
    expect((await owner.query("SELECT address FROM nodes WHERE node_id = 'other'")).rows[0].address).toBe('10.0.0.1')
    expect((await owner.query("SELECT node_id FROM sandboxes WHERE sandbox_id = 'sbx-other'")).rows[0].node_id).toBe(
      'other',
    )
    await victim.db.query('SELECT 1')
  })

  it('the enrollment role only enrolls, and only with the password from the node token', async () => {
    const enrollDb = createDb(server!.url, { max: 1, user: ENROLL_ROLE, password: enrollPassword(TOKEN) })
    onTestFinished(() => enrollDb.end())
    for (const sql of [
      'SELECT * FROM node_csrs',
      'SELECT * FROM nodes',
      'SELECT * FROM secrets',
      'SELECT sandock_node_id()',
    ])
      expect([sql, await code(enrollDb.query(sql))]).toEqual([sql, '42501'])
    // Another node's pending answer is only reachable by its random request id.
    expect((await enrollDb.query("SELECT * FROM sandock_enroll_answer('not-a-request')")).rows).toEqual([])
    const wrong = createDb(server!.url, { max: 1, user: ENROLL_ROLE, password: enrollPassword('another-token') })
    onTestFinished(() => wrong.end())
    expect(await code(wrong.query('SELECT 1'))).toBe('28P01')
  })

  it("a node id enrolled with another key gets no role (its owner's password stays), and a restart's new password replaces the old", async () => {
    const first = await enroll('n4')
    // Another machine (its own key dir) asking for n4: refused; n4's role keeps its password.
    const err = await rejection(enroll('n4'))
    expect(String(err)).toMatch(/already enrolled with another key/)
    await first.db.query('SELECT 1')
    const fresh = createDb(server!.url, { max: 1, user: first.role, password: first.password })
    onTestFinished(() => fresh.end())
    await fresh.query('SELECT 1')
    // The same node restarting (same key) draws a new password: the old one no longer logs in.
    const again = await enroll('n4', first.dir)
    await again.db.query('SELECT 1')
    const stale = createDb(server!.url, { max: 1, user: first.role, password: first.password })
    onTestFinished(() => stale.end())
    expect(await code(stale.query('SELECT 1'))).toBe('28P01')
  })
})
