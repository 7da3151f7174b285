// The template catalog's tables and how their rows read back, shared by SqliteTemplateStore and
// PgTemplateStore: one table list in SQL both databases accept, with the two column kinds that
// differ (a flag, and JSON kept as text or as JSONB) spelled by each dialect.
import type { TemplateRuntimeConfig } from '../../node/builds/template-model.js'
import type { BuildRow, BuildStatus, BuiltinRow, LogEntry, LogLevel, TagRow, TemplateRow } from './template-store.js'

/** What differs between the two databases: the flag and JSON column types, and reading them back. */
export type CatalogDialect = Readonly<{
  /** A boolean column, false unless set. */
  flagColumn: string
  jsonColumn: string
  readFlag(value: unknown): boolean
  /** null for a NULL (or empty) value. */
  readJson<T>(value: unknown): T | null
}>

export const SQLITE_CATALOG: CatalogDialect = {
  flagColumn: 'INTEGER NOT NULL DEFAULT 0',
  jsonColumn: 'TEXT',
  readFlag: (value) => Number(value) === 1,
  readJson: <T>(value: unknown) => (value ? (JSON.parse(value as string) as T) : null),
}

export const PG_CATALOG: CatalogDialect = {
  flagColumn: 'BOOLEAN NOT NULL DEFAULT false',
  jsonColumn: 'JSONB',
  readFlag: (value) => value === true,
  readJson: <T>(value: unknown) => (value as T | null | undefined) ?? null,
}

/**
 * Columns of `builds` that came after the first release (a build's free-disk request and its
 * measured disk): stores made before them get them by migration (templates-db.ts, cluster/pg.ts).
 */
export const BUILD_DISK_COLUMNS = ['min_free_disk_mb INTEGER', 'disk_size_mb INTEGER NOT NULL DEFAULT 0'] as const

/**
 * The catalog's tables, created unless they exist. `templates.public` came after the first
 * release: SQLite stores made before it get the column by migration (templates-db.ts).
 */
export function catalogTables(d: CatalogDialect): string {
  return `
CREATE TABLE IF NOT EXISTS templates (
  template_id TEXT PRIMARY KEY, alias TEXT NOT NULL UNIQUE, cpu_count INTEGER NOT NULL, memory_mb INTEGER NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, spawn_count INTEGER NOT NULL DEFAULT 0, last_spawned_at TEXT,
  public ${d.flagColumn}
);
CREATE TABLE IF NOT EXISTS builtin_templates (
  name TEXT PRIMARY KEY, created_at TEXT NOT NULL, spawn_count INTEGER NOT NULL DEFAULT 0, last_spawned_at TEXT
);
CREATE TABLE IF NOT EXISTS builds (
  build_id TEXT PRIMARY KEY, template_id TEXT NOT NULL REFERENCES templates(template_id) ON DELETE CASCADE,
  status TEXT NOT NULL, cpu_count INTEGER NOT NULL, memory_mb INTEGER NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, finished_at TEXT,
  image TEXT, config ${d.jsonColumn}, reason ${d.jsonColumn}, pending_tags ${d.jsonColumn} NOT NULL DEFAULT '[]',
  ${BUILD_DISK_COLUMNS.join(', ')}
);
CREATE INDEX IF NOT EXISTS builds_by_template ON builds(template_id, created_at);
CREATE TABLE IF NOT EXISTS tags (
  template_id TEXT NOT NULL REFERENCES templates(template_id) ON DELETE CASCADE, tag TEXT NOT NULL,
  build_id TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (template_id, tag)
);
CREATE TABLE IF NOT EXISTS build_logs (
  build_id TEXT NOT NULL REFERENCES builds(build_id) ON DELETE CASCADE, seq INTEGER NOT NULL,
  ts TEXT NOT NULL, level TEXT NOT NULL, message TEXT NOT NULL, step TEXT, PRIMARY KEY (build_id, seq)
);
`
}

type Row = Record<string, unknown>

/** A new waiting build's row, as both stores insert it: `INSERT INTO builds (columns) VALUES (…values)`. */
export function newBuildRow(
  opts: { buildId: string; cpuCount: number; memoryMB: number; minFreeDiskMb?: number | undefined; tags: string[] },
  templateId: string,
  now: string,
) {
  return {
    columns:
      'build_id, template_id, status, cpu_count, memory_mb, created_at, updated_at, pending_tags, min_free_disk_mb',
    values: [
      opts.buildId,
      templateId,
      'waiting',
      opts.cpuCount,
      opts.memoryMB,
      now,
      now,
      JSON.stringify(opts.tags),
      opts.minFreeDiskMb ?? null,
    ],
  }
}

/** Readers of the catalog's rows (`SELECT *`, or the columns each names) in the dialect's types. */
export function catalogRows(d: CatalogDialect) {
  return {
    template: (r: Row): TemplateRow => ({
      templateId: r.template_id as string,
      alias: r.alias as string,
      cpuCount: Number(r.cpu_count),
      memoryMB: Number(r.memory_mb),
      createdAt: r.created_at as string,
      updatedAt: r.updated_at as string,
      spawnCount: Number(r.spawn_count),
      lastSpawnedAt: (r.last_spawned_at as string | null) ?? null,
      public: d.readFlag(r.public),
    }),
    build: (r: Row): BuildRow => ({
      buildId: r.build_id as string,
      templateId: r.template_id as string,
      status: r.status as BuildStatus,
      cpuCount: Number(r.cpu_count),
      memoryMB: Number(r.memory_mb),
      createdAt: r.created_at as string,
      updatedAt: r.updated_at as string,
      finishedAt: (r.finished_at as string | null) ?? null,
      image: (r.image as string | null) ?? null,
      config: d.readJson<TemplateRuntimeConfig>(r.config),
      reason: d.readJson<NonNullable<BuildRow['reason']>>(r.reason),
      pendingTags: d.readJson<string[]>(r.pending_tags) ?? [],
      minFreeDiskMb: r.min_free_disk_mb == null ? null : Number(r.min_free_disk_mb),
      diskSizeMB: Number(r.disk_size_mb ?? 0),
    }),
    /** `tag, build_id, created_at`. */
    tag: (r: Row): TagRow => ({
      tag: r.tag as string,
      buildId: r.build_id as string,
      createdAt: r.created_at as string,
    }),
    builtin: (name: string, r: Row): BuiltinRow => ({
      name,
      createdAt: r.created_at as string,
      spawnCount: Number(r.spawn_count),
      lastSpawnedAt: (r.last_spawned_at as string | null) ?? null,
    }),
    /** `ts, level, message, step`. */
    logEntry: (r: Row): LogEntry => ({
      timestamp: r.ts as string,
      level: r.level as LogLevel,
      message: r.message as string,
      ...(r.step ? { step: r.step as string } : {}),
    }),
  }
}
