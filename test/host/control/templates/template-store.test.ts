// The template store's contract, for both implementations: SQLite (`sandock serve`) and
// PostgreSQL (the cluster, against a real postgresql-15 on a loopback port). Templates reused by
// alias, tags moved only on success, build states and paged logs, all of it kept.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createDb, migrate, type Db } from '../../../../src/control/cluster/pg.js'
import { PgTemplateStore } from '../../../../src/control/cluster/pg-template-store.js'
import { SqliteTemplateStore } from '../../../../src/control/templates/sqlite-template-store.js'
import {
  BUILD_DISK_COLUMNS,
  catalogTables,
  PG_CATALOG,
  SQLITE_CATALOG,
} from '../../../../src/control/templates/template-tables.js'
import type { TemplateStore } from '../../../../src/control/templates/template-store.js'
import { createDatabase, postgresAvailable, startPostgres, type TestPostgres } from '../../../support/postgres.js'

const config = {
  user: 'user',
  workdir: '/w',
  envs: { A: '1' },
  startCmd: 'serve',
  readyCmd: 'check',
  shell: '/bin/bash',
}

type Opened = { store: TemplateStore; reopen(): Promise<TemplateStore> }

let server: TestPostgres | undefined
let dbs = 0
const pools: Db[] = []
beforeAll(async () => {
  if (postgresAvailable()) server = await startPostgres()
}, 60_000)
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()))
  await server?.stop()
})

const kinds: Array<[string, () => Promise<Opened>]> = [
  [
    'sqlite',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'sandock-store-'))
      onTestFinished(() => rm(dir, { recursive: true, force: true }))
      return { store: new SqliteTemplateStore(dir), reopen: async () => new SqliteTemplateStore(dir) }
    },
  ],
  [
    'postgres',
    async () => {
      const url = await createDatabase(server!.url, `store_${process.pid}_${dbs++}`)
      const open = async () => {
        const db = createDb(url)
        pools.push(db)
        await migrate(db)
        return new PgTemplateStore(db)
      }
      return { store: await open(), reopen: open }
    },
  ],
]

describe.each(kinds)('template store (%s)', (kind, open) => {
  const available = () => kind === 'sqlite' || server !== undefined

  it('reuses the template of an alias, moves tags only on success, and pages logs', async ({ skip }) => {
    if (!available()) skip('postgresql-15 is not installed')
    const { store, reopen } = await open()
    const one = await store.requestBuild({
      newTemplateId: 't1',
      alias: 'app',
      buildId: 'b1',
      cpuCount: 1,
      memoryMB: 512,
      minFreeDiskMb: 4096,
      tags: ['default'],
    })
    expect(one.build).toMatchObject({ minFreeDiskMb: 4096, diskSizeMB: 0 })
    const two = await store.requestBuild({
      newTemplateId: 't2',
      alias: 'app',
      buildId: 'b2',
      cpuCount: 1,
      memoryMB: 512,
      tags: ['default', 'v2'],
    })
    expect(two.template.templateId).toBe(one.template.templateId)
    expect(two.build).toMatchObject({ buildId: 'b2', status: 'waiting', pendingTags: ['default', 'v2'] })
    await store.setBuilding('b1')
    await store.finishBuild('b1', 'img1', config, 40_960)
    expect((await store.tag('t1', 'default'))?.buildId).toBe('b1')
    expect(await store.build('b1')).toMatchObject({ status: 'ready', image: 'img1', config, diskSizeMB: 40_960 })
    expect(two.build).toMatchObject({ minFreeDiskMb: null, diskSizeMB: 0 })
    await store.setBuilding('b2')
    await store.failBuild('b2', { message: 'boom', step: '1' })
    expect((await store.tag('t1', 'default'))?.buildId).toBe('b1')
    expect(await store.tag('t1', 'v2')).toBeUndefined()
    expect(await store.build('b2')).toMatchObject({ status: 'error', reason: { message: 'boom', step: '1' } })
    // A finished build is never failed afterwards.
    await store.failBuild('b1', { message: 'late' })
    expect((await store.build('b1'))?.status).toBe('ready')
    expect((await store.buildsInState('error')).map((b) => b.buildId)).toEqual(['b2'])
    expect((await store.buildsOf('t1')).map((b) => b.buildId).sort()).toEqual(['b1', 'b2'])

    await store.appendLogs(
      'b1',
      [0, 1, 2].map((i) => ({ timestamp: 't', level: 'info' as const, message: `line ${i}`, step: String(i % 2) })),
    )
    await store.appendLogs(
      'b1',
      [3, 4].map((i) => ({
        timestamp: 't',
        level: i === 3 ? ('error' as const) : ('info' as const),
        message: `line ${i}`,
        step: String(i % 2),
      })),
    )
    expect((await store.logs('b1', { offset: 3, limit: 10 })).map((l) => l.message)).toEqual(['line 3', 'line 4'])
    expect(await store.logs('b1', { offset: 9, limit: 10 })).toEqual([])
    expect((await store.logs('b1', { offset: 0, limit: 10, minLevel: 'warn' })).map((l) => l.message)).toEqual([
      'line 3',
    ])
    expect((await store.logs('b1', { offset: 0, limit: 10, step: '1' })).map((l) => l.message)).toEqual([
      'line 1',
      'line 3',
    ])
    await store.close()
    // Everything is kept.
    const again = await reopen()
    expect((await again.findTemplate('app'))?.templateId).toBe('t1')
    expect((await again.findTemplate('t1'))?.alias).toBe('app')
    expect(await again.logs('b1', { offset: 0, limit: 100 })).toHaveLength(5)
    await again.close()
  })

  it('renews the leases of building builds and fails only the building ones whose lease expired', async ({ skip }) => {
    if (!available()) skip('postgresql-15 is not installed')
    const { store } = await open()
    for (const id of ['done', 'old', 'kept', 'idle']) {
      await store.requestBuild({
        newTemplateId: `t-${id}`,
        alias: id,
        buildId: id,
        cpuCount: 1,
        memoryMB: 256,
        tags: [],
      })
    }
    await store.setBuilding('done')
    await store.finishBuild('done', 'img', config)
    await store.setBuilding('old')
    await store.setBuilding('kept')
    // The cut-off lies after both leases were taken (a later millisecond), before 'kept' renews.
    const taken = Date.now()
    while (Date.now() <= taken) await new Promise((r) => setImmediate(r))
    const cutoff = new Date()
    while (Date.now() <= cutoff.getTime()) await new Promise((r) => setImmediate(r))
    await store.touchBuilds(['kept', 'done', 'idle', 'unknown'])
    expect(await store.failStaleBuilds(new Date(taken - 60_000), { message: 'x' })).toEqual([])
    expect(await store.failStaleBuilds(cutoff, { message: 'its runner died' })).toEqual(['old'])
    expect(await store.build('old')).toMatchObject({ status: 'error', reason: { message: 'its runner died' } })
    expect((await store.build('old'))?.finishedAt).not.toBeNull()
    expect((await store.build('kept'))?.status).toBe('building')
    // A finished or waiting build has no lease: renewing leaves it, expiry never fails it.
    expect(await store.build('done')).toMatchObject({ status: 'ready', image: 'img' })
    expect((await store.build('idle'))?.status).toBe('waiting')
    expect(await store.failStaleBuilds(new Date(Date.now() + 60_000), { message: 'all' })).toEqual(['kept'])
    expect((await store.build('idle'))?.status).toBe('waiting')
    expect((await store.build('done'))?.status).toBe('ready')
    await store.touchBuilds([])
    await store.close()
  })

  it('moves and removes tags, lists templates newest first, and deletes a template with its builds', async ({
    skip,
  }) => {
    if (!available()) skip('postgresql-15 is not installed')
    const { store } = await open()
    await store.requestBuild({ newTemplateId: 'ta', alias: 'a', buildId: 'ba', cpuCount: 1, memoryMB: 256, tags: [] })
    await new Promise((r) => setTimeout(r, 5))
    await store.requestBuild({
      newTemplateId: 'tb',
      alias: 'b',
      buildId: 'bb',
      cpuCount: 2,
      memoryMB: 512,
      tags: ['x'],
    })
    await store.setBuilding('bb')
    await store.finishBuild('bb', 'imgb', config)
    expect((await store.listTemplates()).map((t) => t.templateId)).toEqual(['tb', 'ta'])
    expect((await store.tagsOf('tb')).map((t) => t.tag)).toEqual(['x'])
    await store.assignTags('tb', ['y', 'Z'], 'bb')
    expect((await store.tagsOf('tb')).map((t) => t.tag)).toEqual(['Z', 'x', 'y'])
    await store.removeTags('tb', ['x', 'Z'])
    expect((await store.tagsOf('tb')).map((t) => t.tag)).toEqual(['y'])
    await store.deleteTemplate('tb')
    expect(await store.findTemplate('b')).toBeUndefined()
    expect(await store.build('bb')).toBeUndefined()
    expect(await store.tagsOf('tb')).toEqual([])
    await store.close()
  })

  it('counts spawns of stored and built-in templates, keeps the public flag, and dates each built-in once', async ({
    skip,
  }) => {
    if (!available()) skip('postgresql-15 is not installed')
    const { store, reopen } = await open()
    await store.requestBuild({ newTemplateId: 'tp', alias: 'p', buildId: 'bp', cpuCount: 1, memoryMB: 256, tags: [] })
    expect((await store.templateById('tp'))?.public).toBe(false)
    await store.setPublic('tp', true)
    expect((await store.templateById('tp'))?.public).toBe(true)
    await store.recordSpawn('tp')
    await store.recordSpawn('tp')
    expect(await store.templateById('tp')).toMatchObject({ spawnCount: 2, lastSpawnedAt: expect.any(String) })
    const first = await store.builtins(['base', 'desktop'])
    expect(first).toEqual([
      { name: 'base', createdAt: expect.any(String), spawnCount: 0, lastSpawnedAt: null },
      { name: 'desktop', createdAt: expect.any(String), spawnCount: 0, lastSpawnedAt: null },
    ])
    await store.recordSpawn('desktop')
    // An unknown id counts nowhere.
    await store.recordSpawn('nope')
    await new Promise((r) => setTimeout(r, 5))
    const again = await (await reopen()).builtins(['desktop', 'base'])
    expect(again.map((b) => [b.name, b.createdAt, b.spawnCount])).toEqual([
      ['desktop', first[1]!.createdAt, 1],
      ['base', first[0]!.createdAt, 0],
    ])
    expect(again[0]!.lastSpawnedAt).toEqual(expect.any(String))
    await store.close()
  })
})

/** The catalog as releases before a build's disk columns made it. */
const withoutDiskColumns = (ddl: string) => {
  const out = ddl.replace(`,\n  ${BUILD_DISK_COLUMNS.join(', ')}\n`, '\n')
  expect(out).not.toContain('disk_size_mb')
  return out
}
const OLD_BUILD = `INSERT INTO templates (template_id, alias, cpu_count, memory_mb, created_at, updated_at) VALUES ('to', 'old', 1, 512, 'x', 'x');
INSERT INTO builds (build_id, template_id, status, cpu_count, memory_mb, created_at, updated_at) VALUES ('bo', 'to', 'building', 1, 512, 'x', 'x');`

describe('a store made before the disk columns', () => {
  it('sqlite: opening it adds them; its builds read as unmeasured and can record a disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandock-store-old-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    const raw = new DatabaseSync(join(dir, 'templates.db'))
    raw.exec(withoutDiskColumns(catalogTables(SQLITE_CATALOG)) + OLD_BUILD)
    raw.close()
    const store = new SqliteTemplateStore(dir)
    onTestFinished(() => store.close())
    expect(await store.build('bo')).toMatchObject({ status: 'building', minFreeDiskMb: null, diskSizeMB: 0 })
    await store.finishBuild('bo', 'img', config, 512)
    expect(await store.build('bo')).toMatchObject({ status: 'ready', diskSizeMB: 512 })
  })

  it('postgres: migrate adds them', async ({ skip }) => {
    if (!server) skip('postgresql-15 is not installed')
    const db = createDb(await createDatabase(server!.url, `store_old_${process.pid}`))
    pools.push(db)
    await db.query(withoutDiskColumns(catalogTables(PG_CATALOG)))
    await db.query(OLD_BUILD)
    await migrate(db)
    await migrate(db) // twice: every replica runs it at its start
    const store = new PgTemplateStore(db)
    expect(await store.build('bo')).toMatchObject({ status: 'building', minFreeDiskMb: null, diskSizeMB: 0 })
    await store.finishBuild('bo', 'img', config, 512)
    expect(await store.build('bo')).toMatchObject({ status: 'ready', diskSizeMB: 512 })
  })
})
