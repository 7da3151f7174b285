// PostgreSQL going away under a control replica, on a real PostgreSQL stopped and started again
// (or frozen, as a partition looks: nothing refused, nothing answered): queries and transactions
// fail as the API's 503 with the contract's body (a statement's own error stays a 500), the pool
// reconnects when it returns, and no node is judged dead for heartbeats the
// outage kept it from writing, until it has had the time to write one.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { heartbeat, liveNodes, registerNode } from '../../../../src/control/cluster/nodes.js'
import {
  createDb,
  DatabaseUnavailableError,
  inTx,
  migrate,
  watchReachability,
  type Db,
} from '../../../../src/control/cluster/pg.js'
import { errorAnswer } from '../../../../src/shared/http-errors.js'
import { rejection } from '../../../support/async.js'
import { createDatabase, postgresAvailable, startPostgres, type TestPostgres } from '../../../support/postgres.js'

let server: TestPostgres | undefined
let n = 0
beforeAll(async () => {
  if (postgresAvailable()) server = await startPostgres()
}, 60_000)
afterAll(() => server?.stop())

async function freshDb(): Promise<{ db: Db; url: string }> {
  const url = await createDatabase(server!.url, `outage_${process.pid}_${n++}`)
  const db = createDb(url)
  onTestFinished(() => db.end())
  await migrate(db)
  return { db, url }
}

/** Until a query answers again (the pool reconnects on its own). */
const reachable = (db: Db) =>
  expect.poll(() => db.query('SELECT 1 AS ok').then((r) => r.rows, String)).toEqual([{ ok: 1 }])

const ids = async (db: Db, deadAfterMs: number) => (await liveNodes(db, deadAfterMs)).map((x) => x.nodeId)

describe('PostgreSQL down under a control replica', () => {
  const needsPg = (skip: (note: string) => void) => {
    if (!server) skip('postgresql-15 is not installed')
  }

  it('answers 503 with the contract body for queries and transactions, then recovers', async ({ skip }) => {
    needsPg(skip)
    const { db } = await freshDb()
    onTestFinished(() => server!.up().catch(() => undefined))
    await server!.down()
    const e = await rejection(db.query('SELECT 1'))
    expect(e).toBeInstanceOf(DatabaseUnavailableError)
    expect(errorAnswer(e)).toEqual({
      status: 503,
      headers: {},
      body: {
        code: 503,
        message: "the cluster's database (PostgreSQL) cannot be reached right now; try again shortly",
      },
    })
    expect(await rejection(inTx(db, (tx) => tx.query('SELECT 1')))).toBeInstanceOf(DatabaseUnavailableError)
    expect(db.reachability!.lastUnreachableAt).toBeGreaterThan(0)

    await server!.up()
    await reachable(db)
    // A statement's own failure is not an outage: it stays what it was (a 500 that says nothing).
    const bad = await rejection(db.query('SELECT * FROM no_such_table'))
    expect(bad).not.toBeInstanceOf(DatabaseUnavailableError)
    expect(errorAnswer(bad).status).toBe(500)
  })

  it('answers 503 when the database stops answering without refusing (a partition), instead of waiting on TCP, and recovers', async ({
    skip,
  }) => {
    needsPg(skip)
    const url = await createDatabase(server!.url, `partition_${process.pid}_${n++}`)
    const db = createDb(url, { queryTimeoutMs: 1500 })
    onTestFinished(() => db.end())
    await migrate(db)
    await db.query('SELECT 1') // an open, idle connection in the pool
    onTestFinished(() => server!.thaw())
    await server!.freeze()
    // On the open connection: the query is sent and never answered (without a bound, this waits
    // for TCP to give up, minutes past this test's timeout).
    expect(await rejection(db.query('SELECT 1'))).toBeInstanceOf(DatabaseUnavailableError)
    // A new connection (the timed-out one was discarded) and a transaction: the same answer.
    expect(await rejection(inTx(db, (tx) => tx.query('SELECT 1')))).toBeInstanceOf(DatabaseUnavailableError)
    expect(db.reachability!.lastUnreachableAt).toBeGreaterThan(0)
    await server!.thaw()
    await reachable(db)
    expect(await inTx(db, async (tx) => (await tx.query('SELECT 2 AS n')).rows)).toEqual([{ n: 2 }])
  }, 30_000)

  it('does not judge a node dead for the heartbeats an outage kept it from writing, until it had the time', async ({
    skip,
  }) => {
    needsPg(skip)
    const DEAD = 3000
    const { db, url } = await freshDb()
    const node = (nodeId: string) => ({
      nodeId,
      address: nodeId,
      apiPort: 1,
      proxyPort: 2,
      cpuCount: 2,
      memoryMB: 4096,
      status: { pools: {}, images: [], sandboxes: 0 },
    })
    await registerNode(db, node('n1'))
    // n0 was dead long before the outage: the outage does not bring it back.
    await registerNode(db, node('n0'))
    await db.query("UPDATE nodes SET heartbeat_at = now() - interval '1 hour' WHERE node_id = 'n0'")
    expect(await ids(db, DEAD)).toEqual(['n1'])
    onTestFinished(watchReachability(db, 100))

    onTestFinished(() => server!.up().catch(() => undefined))
    await server!.down()
    await new Promise((r) => setTimeout(r, DEAD + 500))
    await server!.up()
    await reachable(db)
    // n1's last heartbeat is older than DEAD now, written before the outage: it still counts.
    expect(await ids(db, DEAD)).toEqual(['n1'])
    // A replica that saw no outage (started after it) judges by the heartbeats alone.
    const other = createDb(url)
    onTestFinished(() => other.end())
    expect(await ids(other, DEAD)).toEqual([])
    // Once the nodes had the time to heartbeat, silence means dead again; a heartbeat brings it back.
    await expect.poll(() => ids(db, DEAD), { timeout: DEAD * 3 }).toEqual([])
    await heartbeat(db, 'n1', { pools: {}, images: [], sandboxes: 0 })
    expect(await ids(db, DEAD)).toEqual(['n1'])
  })
})
