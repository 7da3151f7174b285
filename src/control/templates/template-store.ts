// Templates, builds, build logs, tags and the step cache, kept in SQLite (node:sqlite, built into
// Node) at <dataDir>/templates.db. Why SQLite: build logs are appended line by line while the SDK
// pages through them by offset, tags move between builds atomically, and all of it must survive a
// restart; a transactional embedded store does that without a server or a native dependency.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import type { LayerCache } from '../../node/builds/build-plan.js'
import { LEVELS, type LogEntry, type LogLevel } from '../../node/builds/build-types.js'
import type { TemplateRuntimeConfig } from '../../node/builds/template-model.js'

export { LEVELS, type LogEntry, type LogLevel }

export type BuildStatus = 'waiting' | 'building' | 'ready' | 'error'

export type TemplateRow = {
  templateId: string
  alias: string
  cpuCount: number
  memoryMB: number
  createdAt: string
  updatedAt: string
  spawnCount: number
  lastSpawnedAt: string | null
  /** Set with PATCH /v2/templates/{id}; one team per server, so it changes only what is reported. */
  public: boolean
}

/** A built-in template's bookkeeping: when this server first offered it, and its spawns. */
export type BuiltinRow = { name: string; createdAt: string; spawnCount: number; lastSpawnedAt: string | null }

export type BuildRow = {
  buildId: string
  templateId: string
  status: BuildStatus
  cpuCount: number
  memoryMB: number
  createdAt: string
  updatedAt: string
  finishedAt: string | null
  image: string | null
  config: TemplateRuntimeConfig | null
  reason: { message: string; step?: string } | null
  /** Tags the build takes when it succeeds (from the v3 request). */
  pendingTags: string[]
}

export type TagRow = { tag: string; buildId: string; createdAt: string }

/**
 * The template catalog's storage: one interface, two implementations. SqliteTemplateStore (below)
 * for `sandock serve` (one host, a file in the data dir); PgTemplateStore (cluster/pg-template-store.ts)
 * for a cluster, where control replicas and node agents share PostgreSQL. Asynchronous because one
 * of them is a network database.
 */
export interface TemplateStore {
  templateById(templateId: string): Promise<TemplateRow | undefined>
  templateByAlias(alias: string): Promise<TemplateRow | undefined>
  /** By id or alias. */
  findTemplate(ref: string): Promise<TemplateRow | undefined>
  listTemplates(): Promise<TemplateRow[]>
  /** Creates the template if the alias is new (else keeps it) and a waiting build, atomically. */
  requestBuild(opts: {
    newTemplateId: string
    alias: string
    buildId: string
    cpuCount: number
    memoryMB: number
    tags: string[]
  }): Promise<{ template: TemplateRow; build: BuildRow }>
  deleteTemplate(templateId: string): Promise<void>
  /** Counts a create from a stored or built-in template; unknown ids are ignored. */
  recordSpawn(templateId: string): Promise<void>
  setPublic(templateId: string, isPublic: boolean): Promise<void>
  /** The built-ins' rows, each created the first time this catalog offers it. */
  builtins(names: readonly string[]): Promise<BuiltinRow[]>
  build(buildId: string): Promise<BuildRow | undefined>
  buildsOf(templateId: string): Promise<BuildRow[]>
  buildsInState(...states: BuildStatus[]): Promise<BuildRow[]>
  setBuilding(buildId: string): Promise<void>
  /** Marks a waiting or building build failed; a failed build never moves a tag. */
  failBuild(buildId: string, reason: { message: string; step?: string }): Promise<void>
  /** Renews the lease of builds still building (their `updated_at`): their runner is alive. */
  touchBuilds(buildIds: readonly string[]): Promise<void>
  /**
   * Fails the builds still building whose lease was last renewed before `before` (their runner
   * died without recording an end); returns their ids.
   */
  failStaleBuilds(before: Date, reason: { message: string }): Promise<string[]>
  /** Marks a building build ready and points its tags (`default` when none were named) at it, atomically. */
  finishBuild(buildId: string, image: string, config: TemplateRuntimeConfig): Promise<void>
  assignTags(templateId: string, tags: string[], buildId: string): Promise<void>
  removeTags(templateId: string, tags: string[]): Promise<void>
  tag(templateId: string, tag: string): Promise<TagRow | undefined>
  tagsOf(templateId: string): Promise<TagRow[]>
  /** Appends lines in order (each build's lines are numbered from 0). */
  appendLogs(buildId: string, entries: LogEntry[]): Promise<void>
  /** `newest`: the last `limit` (after `offset` from the end), still oldest first. */
  logs(
    buildId: string,
    opts: { offset: number; limit: number; minLevel?: LogLevel; step?: string; newest?: boolean },
  ): Promise<LogEntry[]>
  close(): Promise<void>
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS templates (
  template_id TEXT PRIMARY KEY, alias TEXT NOT NULL UNIQUE, cpu_count INTEGER NOT NULL, memory_mb INTEGER NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, spawn_count INTEGER NOT NULL DEFAULT 0, last_spawned_at TEXT
);
CREATE TABLE IF NOT EXISTS builds (
  build_id TEXT PRIMARY KEY, template_id TEXT NOT NULL REFERENCES templates(template_id) ON DELETE CASCADE,
  status TEXT NOT NULL, cpu_count INTEGER NOT NULL, memory_mb INTEGER NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, finished_at TEXT,
  image TEXT, config TEXT, reason TEXT, pending_tags TEXT NOT NULL DEFAULT '[]'
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
CREATE TABLE IF NOT EXISTS builtin_templates (
  name TEXT PRIMARY KEY, created_at TEXT NOT NULL, spawn_count INTEGER NOT NULL DEFAULT 0, last_spawned_at TEXT
);
CREATE TABLE IF NOT EXISTS layer_cache (key TEXT PRIMARY KEY, image TEXT NOT NULL, context TEXT NOT NULL, created_at TEXT NOT NULL);
`

type Row = Record<string, SQLInputValue>

const toTemplate = (r: Row): TemplateRow => ({
  templateId: r.template_id as string,
  alias: r.alias as string,
  cpuCount: Number(r.cpu_count),
  memoryMB: Number(r.memory_mb),
  createdAt: r.created_at as string,
  updatedAt: r.updated_at as string,
  spawnCount: Number(r.spawn_count),
  lastSpawnedAt: (r.last_spawned_at as string | null) ?? null,
  public: Number(r.public) === 1,
})

const toBuild = (r: Row): BuildRow => ({
  buildId: r.build_id as string,
  templateId: r.template_id as string,
  status: r.status as BuildStatus,
  cpuCount: Number(r.cpu_count),
  memoryMB: Number(r.memory_mb),
  createdAt: r.created_at as string,
  updatedAt: r.updated_at as string,
  finishedAt: (r.finished_at as string | null) ?? null,
  image: (r.image as string | null) ?? null,
  config: r.config ? (JSON.parse(r.config as string) as TemplateRuntimeConfig) : null,
  reason: r.reason ? (JSON.parse(r.reason as string) as BuildRow['reason']) : null,
  pendingTags: JSON.parse((r.pending_tags as string) || '[]') as string[],
})

/** The catalog in SQLite, and this host's step cache (LayerCache: node-local, synchronous). */
export class SqliteTemplateStore implements TemplateStore, LayerCache {
  private readonly db: DatabaseSync

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    this.db = new DatabaseSync(join(dataDir, 'templates.db'))
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;')
    this.db.exec(SCHEMA)
    // Added after the first release: stores made before it get the column.
    const columns = this.db
      .prepare('PRAGMA table_info(templates)')
      .all()
      .map((c) => (c as Row).name)
    if (!columns.includes('public')) this.db.exec('ALTER TABLE templates ADD COLUMN public INTEGER NOT NULL DEFAULT 0')
  }

  async close(): Promise<void> {
    this.db.close()
  }

  private tx<T>(fn: () => T): T {
    this.db.exec('BEGIN IMMEDIATE')
    try {
      const out = fn()
      this.db.exec('COMMIT')
      return out
    } catch (e) {
      this.db.exec('ROLLBACK')
      throw e
    }
  }

  // ---- templates

  private rowById(templateId: string): TemplateRow | undefined {
    const r = this.db.prepare('SELECT * FROM templates WHERE template_id = ?').get(templateId)
    return r ? toTemplate(r as Row) : undefined
  }

  private rowByAlias(alias: string): TemplateRow | undefined {
    const r = this.db.prepare('SELECT * FROM templates WHERE alias = ?').get(alias)
    return r ? toTemplate(r as Row) : undefined
  }

  private buildRow(buildId: string): BuildRow | undefined {
    const r = this.db.prepare('SELECT * FROM builds WHERE build_id = ?').get(buildId)
    return r ? toBuild(r as Row) : undefined
  }

  async templateById(templateId: string): Promise<TemplateRow | undefined> {
    return this.rowById(templateId)
  }

  async templateByAlias(alias: string): Promise<TemplateRow | undefined> {
    return this.rowByAlias(alias)
  }

  /** By id or alias. */
  async findTemplate(ref: string): Promise<TemplateRow | undefined> {
    return this.rowById(ref) ?? this.rowByAlias(ref)
  }

  async listTemplates(): Promise<TemplateRow[]> {
    return this.db
      .prepare('SELECT * FROM templates ORDER BY created_at DESC, template_id')
      .all()
      .map((r) => toTemplate(r as Row))
  }

  /** Creates the template if the alias is new (else updates its resources) and a waiting build. */
  async requestBuild(opts: {
    newTemplateId: string
    alias: string
    buildId: string
    cpuCount: number
    memoryMB: number
    tags: string[]
  }): Promise<{ template: TemplateRow; build: BuildRow }> {
    return this.tx(() => {
      const now = new Date().toISOString()
      let template = this.rowByAlias(opts.alias)
      if (!template) {
        this.db
          .prepare(
            'INSERT INTO templates (template_id, alias, cpu_count, memory_mb, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
          )
          .run(opts.newTemplateId, opts.alias, opts.cpuCount, opts.memoryMB, now, now)
        template = this.rowById(opts.newTemplateId)!
      }
      this.db
        .prepare(
          'INSERT INTO builds (build_id, template_id, status, cpu_count, memory_mb, created_at, updated_at, pending_tags) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          opts.buildId,
          template.templateId,
          'waiting',
          opts.cpuCount,
          opts.memoryMB,
          now,
          now,
          JSON.stringify(opts.tags),
        )
      return { template, build: this.buildRow(opts.buildId)! }
    })
  }

  async deleteTemplate(templateId: string): Promise<void> {
    this.db.prepare('DELETE FROM templates WHERE template_id = ?').run(templateId)
  }

  /**
   * Counts a sandbox created from the template (stored or built-in): spawnCount and lastSpawnedAt
   * on the wire. The API records each successful create (cold or from the warm pool); resumes,
   * forks and creates from snapshots are not spawns of a template. Unknown ids are ignored.
   */
  async recordSpawn(templateId: string): Promise<void> {
    const now = new Date().toISOString()
    const stored = this.db
      .prepare('UPDATE templates SET spawn_count = spawn_count + 1, last_spawned_at = ? WHERE template_id = ?')
      .run(now, templateId)
    if (Number(stored.changes) === 0)
      this.db
        .prepare('UPDATE builtin_templates SET spawn_count = spawn_count + 1, last_spawned_at = ? WHERE name = ?')
        .run(now, templateId)
  }

  async setPublic(templateId: string, isPublic: boolean): Promise<void> {
    this.db
      .prepare('UPDATE templates SET public = ?, updated_at = ? WHERE template_id = ?')
      .run(isPublic ? 1 : 0, new Date().toISOString(), templateId)
  }

  /** The built-ins' rows, each created the first time this server offers it. */
  async builtins(names: readonly string[]): Promise<BuiltinRow[]> {
    const now = new Date().toISOString()
    const insert = this.db.prepare('INSERT OR IGNORE INTO builtin_templates (name, created_at) VALUES (?, ?)')
    const get = this.db.prepare('SELECT * FROM builtin_templates WHERE name = ?')
    return names.map((name) => {
      insert.run(name, now)
      const r = get.get(name) as Row
      return {
        name,
        createdAt: r.created_at as string,
        spawnCount: Number(r.spawn_count),
        lastSpawnedAt: (r.last_spawned_at as string | null) ?? null,
      }
    })
  }

  // ---- builds

  async build(buildId: string): Promise<BuildRow | undefined> {
    return this.buildRow(buildId)
  }

  async buildsOf(templateId: string): Promise<BuildRow[]> {
    return this.db
      .prepare('SELECT * FROM builds WHERE template_id = ? ORDER BY created_at DESC, build_id')
      .all(templateId)
      .map((r) => toBuild(r as Row))
  }

  async buildsInState(...states: BuildStatus[]): Promise<BuildRow[]> {
    return this.db
      .prepare(`SELECT * FROM builds WHERE status IN (${states.map(() => '?').join(',')})`)
      .all(...states)
      .map((r) => toBuild(r as Row))
  }

  async setBuilding(buildId: string): Promise<void> {
    const now = new Date().toISOString()
    this.db.prepare("UPDATE builds SET status = 'building', updated_at = ? WHERE build_id = ?").run(now, buildId)
  }

  /** Marks a build failed; a failed build never moves a tag, so a working template stays. */
  async failBuild(buildId: string, reason: { message: string; step?: string }): Promise<void> {
    const now = new Date().toISOString()
    this.db
      .prepare(
        "UPDATE builds SET status = 'error', updated_at = ?, finished_at = ?, reason = ? WHERE build_id = ? AND status IN ('waiting', 'building')",
      )
      .run(now, now, JSON.stringify(reason), buildId)
  }

  async touchBuilds(buildIds: readonly string[]): Promise<void> {
    if (buildIds.length === 0) return
    this.db
      .prepare(
        `UPDATE builds SET updated_at = ? WHERE status = 'building' AND build_id IN (${buildIds.map(() => '?').join(',')})`,
      )
      .run(new Date().toISOString(), ...buildIds)
  }

  async failStaleBuilds(before: Date, reason: { message: string }): Promise<string[]> {
    const now = new Date().toISOString()
    return this.db
      .prepare(
        "UPDATE builds SET status = 'error', updated_at = ?, finished_at = ?, reason = ? WHERE status = 'building' AND updated_at < ? RETURNING build_id",
      )
      .all(now, now, JSON.stringify(reason), before.toISOString())
      .map((r) => (r as { build_id: string }).build_id)
  }

  /** Marks a build ready and points its tags (`default` when the request named none) at it, atomically. */
  async finishBuild(buildId: string, image: string, config: TemplateRuntimeConfig): Promise<void> {
    this.tx(() => {
      const build = this.buildRow(buildId)
      if (!build || build.status !== 'building') return
      const now = new Date().toISOString()
      this.db
        .prepare(
          "UPDATE builds SET status = 'ready', updated_at = ?, finished_at = ?, image = ?, config = ? WHERE build_id = ?",
        )
        .run(now, now, image, JSON.stringify(config), buildId)
      for (const tag of build.pendingTags.length > 0 ? build.pendingTags : ['default'])
        this.setTag(build.templateId, tag, buildId, now)
      this.db
        .prepare('UPDATE templates SET updated_at = ?, cpu_count = ?, memory_mb = ? WHERE template_id = ?')
        .run(now, build.cpuCount, build.memoryMB, build.templateId)
    })
  }

  // ---- tags

  private setTag(templateId: string, tag: string, buildId: string, now: string): void {
    this.db
      .prepare(
        'INSERT INTO tags (template_id, tag, build_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (template_id, tag) DO UPDATE SET build_id = excluded.build_id, created_at = excluded.created_at',
      )
      .run(templateId, tag, buildId, now)
  }

  async assignTags(templateId: string, tags: string[], buildId: string): Promise<void> {
    this.tx(() => {
      const now = new Date().toISOString()
      for (const tag of tags) this.setTag(templateId, tag, buildId, now)
    })
  }

  async removeTags(templateId: string, tags: string[]): Promise<void> {
    this.tx(() => {
      for (const tag of tags) this.db.prepare('DELETE FROM tags WHERE template_id = ? AND tag = ?').run(templateId, tag)
    })
  }

  async tag(templateId: string, tag: string): Promise<TagRow | undefined> {
    const r = this.db
      .prepare('SELECT tag, build_id, created_at FROM tags WHERE template_id = ? AND tag = ?')
      .get(templateId, tag) as Row | undefined
    return r ? { tag: r.tag as string, buildId: r.build_id as string, createdAt: r.created_at as string } : undefined
  }

  async tagsOf(templateId: string): Promise<TagRow[]> {
    return this.db
      .prepare('SELECT tag, build_id, created_at FROM tags WHERE template_id = ? ORDER BY tag')
      .all(templateId)
      .map((r) => ({
        tag: (r as Row).tag as string,
        buildId: (r as Row).build_id as string,
        createdAt: (r as Row).created_at as string,
      }))
  }

  // ---- logs

  async appendLogs(buildId: string, entries: LogEntry[]): Promise<void> {
    if (entries.length === 0) return
    this.tx(() => {
      const last = this.db
        .prepare('SELECT COALESCE(MAX(seq), -1) AS seq FROM build_logs WHERE build_id = ?')
        .get(buildId) as Row
      let seq = Number(last.seq)
      const insert = this.db.prepare(
        'INSERT INTO build_logs (build_id, seq, ts, level, message, step) VALUES (?, ?, ?, ?, ?, ?)',
      )
      for (const e of entries) insert.run(buildId, ++seq, e.timestamp, e.level, e.message, e.step ?? null)
    })
  }

  async logs(
    buildId: string,
    opts: { offset: number; limit: number; minLevel?: LogLevel; step?: string; newest?: boolean },
  ): Promise<LogEntry[]> {
    const levels = LEVELS.slice(LEVELS.indexOf(opts.minLevel ?? 'debug'))
    const rows = this.db
      .prepare(
        `SELECT ts, level, message, step FROM build_logs WHERE build_id = ? AND level IN (${levels.map(() => '?').join(',')})${opts.step ? ' AND step = ?' : ''} ORDER BY seq${opts.newest ? ' DESC' : ''} LIMIT ? OFFSET ?`,
      )
      .all(buildId, ...levels, ...(opts.step ? [opts.step] : []), opts.limit, opts.offset) as Row[]
    if (opts.newest) rows.reverse()
    return rows.map((r) => ({
      timestamp: r.ts as string,
      level: r.level as LogLevel,
      message: r.message as string,
      ...(r.step ? { step: r.step as string } : {}),
    }))
  }

  // ---- step cache

  /** A cached layer and the build context (user, workdir, expanded env) right after it. */
  cachedLayer<C>(key: string): { image: string; context: C } | undefined {
    const r = this.db.prepare('SELECT image, context FROM layer_cache WHERE key = ?').get(key) as Row | undefined
    return r ? { image: r.image as string, context: JSON.parse(r.context as string) as C } : undefined
  }

  cacheLayer(key: string, image: string, context: unknown): void {
    this.db
      .prepare(
        'INSERT INTO layer_cache (key, image, context, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET image = excluded.image, context = excluded.context, created_at = excluded.created_at',
      )
      .run(key, image, JSON.stringify(context), new Date().toISOString())
  }

  forgetLayer(key: string): void {
    this.db.prepare('DELETE FROM layer_cache WHERE key = ?').run(key)
  }
}
