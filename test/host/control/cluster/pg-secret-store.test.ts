// The cluster's secret store on a real PostgreSQL: the one host store's behaviour (versions, names
// case-insensitive, the fixed error texts, paging, the limit, conflicts), shared by two replicas'
// pools, values sealed (nothing in clear in the table) and opened only with the seed's key.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { PgSecretStore } from '../../../../src/control/cluster/pg-secret-store.js'
import { createDb, migrate, type Db } from '../../../../src/control/cluster/pg.js'
import { rejection } from '../../../support/async.js'
import { createDatabase, postgresAvailable, startPostgres, type TestPostgres } from '../../../support/postgres.js'

let server: TestPostgres | undefined
let n = 0
beforeAll(async () => {
  if (postgresAvailable()) server = await startPostgres()
}, 60_000)
afterAll(() => server?.stop())

/** A fresh database and `pools` pools on it (a replica each). */
async function freshDbs(pools = 1): Promise<Db[]> {
  const url = await createDatabase(server!.url, `secrets_${process.pid}_${n++}`)
  const dbs = Array.from({ length: pools }, () => createDb(url))
  onTestFinished(() => Promise.all(dbs.map((d) => d.end())).then(() => undefined))
  await migrate(dbs[0]!)
  return dbs
}

const failure = async (p: Promise<unknown>) => {
  const e = await rejection<Error & { kind: string }>(p)
  return `${e.kind}: ${e.message}`
}

describe("the cluster's secret store (PostgreSQL)", () => {
  const needsPg = (skip: (note: string) => void) => {
    if (!server) skip('postgresql-15 is not installed')
  }

  it('keeps versions and names as one host does, with the fixed error texts', async ({ skip }) => {
    needsPg(skip)
    const [db] = await freshDbs()
    const s = new PgSecretStore(db!, randomBytes(32))
    const created = await s.create({ name: 'OpenAI-Key', value: 'sk-1', metadata: { env: 'test' } })
    expect(created).toMatchObject({ name: 'openai-key', currentVersion: 1, metadata: { env: 'test' } })
    expect(created.secretId).toMatch(/^sec_[0-9a-z]{26}$/)
    const kept = await s.update(created.secretId, { value: 'sk-2' })
    expect(kept).toMatchObject({ currentVersion: 2, metadata: { env: 'test' } })
    expect(kept.createdAt).toEqual(created.createdAt)
    expect(await s.update('OPENAI-KEY', { value: 'sk-3', metadata: {} })).toMatchObject({
      currentVersion: 3,
      metadata: {},
    })
    expect(await s.resolveSecret('OpenAI-key')).toBe('sk-3')
    expect(await s.resolveSecret('missing')).toBeUndefined()
    expect((await s.get('openai-key')).secretId).toBe(created.secretId)
    expect(await failure(s.get('missing'))).toBe('not_found: Secret not found')
    expect(await failure(s.get('bad name'))).toBe('invalid_argument: Invalid secrets request')
    expect(await failure(s.create({ name: 'openai-KEY', value: 'x' }))).toBe(
      'conflict: Secret cannot be modified in its current state',
    )
    expect(await failure(s.create({ name: 'ok', value: 'x', metadata: { ['k'.repeat(200)]: 'v' } }))).toBe(
      'invalid_argument: Invalid secrets request',
    )
    await s.remove(created.secretId)
    expect(await failure(s.get(created.secretId))).toBe('not_found: Secret not found')
    expect(await failure(s.remove(created.secretId))).toBe('not_found: Secret not found')
    expect(await s.resolveSecret('openai-key')).toBeUndefined()
  })

  it('pages in creation order, refuses a bad limit or token, and stops at its limit', async ({ skip }) => {
    needsPg(skip)
    const [db] = await freshDbs()
    const s = new PgSecretStore(db!, randomBytes(32), 5)
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await s.create({ name: `s${i}`, value: `v${i}` })).secretId)
    const seen: string[] = []
    let token: string | undefined
    do {
      const page = await s.list({ limit: 2, nextToken: token })
      seen.push(...page.items.map((x) => x.secretId))
      token = page.nextToken
    } while (token)
    expect(seen).toEqual(ids)
    expect(await failure(s.list({ limit: 0 }))).toBe('invalid_argument: Invalid secrets request')
    expect(await failure(s.list({ nextToken: 'nope' }))).toBe('invalid_argument: Invalid secrets request')
    // Full: a sixth is a conflict and nothing is written.
    expect(await failure(s.create({ name: 'sixth', value: 'v' }))).toBe(
      'conflict: Secret cannot be modified in its current state',
    )
    expect((await s.list()).items).toHaveLength(5)
  })

  it('is one store for every replica; values are sealed in the table and open only with the seed key', async ({
    skip,
  }) => {
    needsPg(skip)
    const [a, b] = await freshDbs(2)
    const key = randomBytes(32)
    const viaA = new PgSecretStore(a!, key)
    const viaB = new PgSecretStore(b!, key)
    const value = `sk-${randomBytes(12).toString('hex')}`
    const { secretId } = await viaA.create({ name: 'shared', value })
    expect((await viaB.get('shared')).secretId).toBe(secretId)
    expect(await viaB.resolveSecret('shared')).toBe(value)
    await viaB.update('shared', { value: `${value}-2` })
    expect(await viaA.resolveSecret('SHARED')).toBe(`${value}-2`)
    // Nothing in clear in the table.
    const { rows } = await a!.query('SELECT * FROM secrets')
    expect(JSON.stringify(rows)).not.toContain(value)
    expect(Buffer.concat(rows.map((r: { sealed: Buffer }) => r.sealed)).includes(value)).toBe(false)
    // Another seed's key reads the names but not the value (authentication fails: closed).
    const other = new PgSecretStore(a!, randomBytes(32))
    expect((await other.get('shared')).name).toBe('shared')
    await expect(other.resolveSecret('shared')).rejects.toThrow()
    // A concurrent update from each replica: one wins, the other is a conflict, never a lost write.
    const both = await Promise.allSettled([
      viaA.update('shared', { value: 'from-a' }),
      viaB.update('shared', { value: 'from-b' }),
    ])
    const ok = both.filter((r) => r.status === 'fulfilled')
    expect(ok.length).toBeGreaterThanOrEqual(1)
    const version = (await viaA.get('shared')).currentVersion
    expect(version).toBe(2 + ok.length)
  })
})
