// templates.db: a store made before `templates.public` existed gets the column when opened, and
// its rows read back with the flag off.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { expect, it, onTestFinished } from 'vitest'
import { SqliteTemplateStore } from '../../../../src/control/templates/sqlite-template-store.js'

it('adds the public column to a store made by an older release, keeping its rows', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'templates-db-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  const old = new DatabaseSync(join(dir, 'templates.db'))
  old.exec(`CREATE TABLE templates (
    template_id TEXT PRIMARY KEY, alias TEXT NOT NULL UNIQUE, cpu_count INTEGER NOT NULL, memory_mb INTEGER NOT NULL,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, spawn_count INTEGER NOT NULL DEFAULT 0, last_spawned_at TEXT)`)
  old.exec(
    "INSERT INTO templates VALUES ('t1', 'old', 2, 512, '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z', 3, NULL)",
  )
  old.close()

  const store = new SqliteTemplateStore(dir)
  onTestFinished(() => store.close())
  expect(await store.templateByAlias('old')).toMatchObject({ templateId: 't1', spawnCount: 3, public: false })
  await store.setPublic('t1', true)
  expect((await store.templateById('t1'))?.public).toBe(true)
  store.layers.cacheLayer('k', 'img', { user: 'user' })
  expect(store.layers.cachedLayer('k')).toEqual({ image: 'img', context: { user: 'user' } })
})
