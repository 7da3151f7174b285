// <dataDir>/templates.db, the SQLite file behind SqliteTemplateStore and this host's step cache
// (SqliteLayerCache): opening it, its tables (the catalog's, template-tables.ts, and the step
// cache's), the migration of stores made by older releases, and a transaction helper. Why SQLite:
// build logs are appended line by line while the SDK pages through them by offset, tags move
// between builds atomically, and all of it must survive a restart; a transactional embedded store
// does that without a server or a native dependency.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import { BUILD_DISK_COLUMNS, catalogTables, SQLITE_CATALOG } from './template-tables.js'

export type Row = Record<string, SQLInputValue>

const LAYER_CACHE = `
CREATE TABLE IF NOT EXISTS layer_cache (key TEXT PRIMARY KEY, image TEXT NOT NULL, context TEXT NOT NULL, created_at TEXT NOT NULL);
`

/** Opens (creating or migrating as needed) the templates database in `dataDir`. */
export function openTemplatesDb(dataDir: string): DatabaseSync {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const db = new DatabaseSync(join(dataDir, 'templates.db'))
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;')
  db.exec(catalogTables(SQLITE_CATALOG) + LAYER_CACHE)
  // Added after the first release: stores made before it get the column.
  const columns = db
    .prepare('PRAGMA table_info(templates)')
    .all()
    .map((c) => (c as Row).name)
  if (!columns.includes('public')) db.exec('ALTER TABLE templates ADD COLUMN public INTEGER NOT NULL DEFAULT 0')
  const buildColumns = db
    .prepare('PRAGMA table_info(builds)')
    .all()
    .map((c) => (c as Row).name as string)
  for (const column of BUILD_DISK_COLUMNS)
    if (!buildColumns.includes(column.split(' ')[0]!)) db.exec(`ALTER TABLE builds ADD COLUMN ${column}`)
  return db
}

/** Runs `fn` in a write transaction: committed when it returns, rolled back when it throws. */
export function inTransaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE')
  try {
    const out = fn()
    db.exec('COMMIT')
    return out
  } catch (e) {
    db.exec('ROLLBACK')
    throw e
  }
}
