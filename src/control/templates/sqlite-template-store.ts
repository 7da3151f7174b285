// The template catalog in SQLite (TemplateStore for `sandock serve`, one host): templates, builds,
// tags and build logs in <dataDir>/templates.db (templates-db.ts), with this host's step cache
// beside them (sqlite-layer-cache.ts).
import type { DatabaseSync } from 'node:sqlite'
import type { TemplateRuntimeConfig } from '../../node/builds/template-model.js'
import { SqliteLayerCache } from './sqlite-layer-cache.js'
import {
  LEVELS,
  type BuildRow,
  type BuildStatus,
  type BuiltinRow,
  type LogEntry,
  type LogLevel,
  type TagRow,
  type TemplateRow,
  type TemplateStore,
} from './template-store.js'
import { catalogRows, newBuildRow, SQLITE_CATALOG } from './template-tables.js'
import { inTransaction, openTemplatesDb, type Row } from './templates-db.js'

const rows = catalogRows(SQLITE_CATALOG)

/** The catalog in SQLite; `layers` is this host's step cache, kept in the same file. */
export class SqliteTemplateStore implements TemplateStore {
  private readonly db: DatabaseSync
  /** This host's step cache, in the same file. */
  readonly layers: SqliteLayerCache

  constructor(dataDir: string) {
    this.db = openTemplatesDb(dataDir)
    this.layers = new SqliteLayerCache(this.db)
  }

  async close(): Promise<void> {
    this.db.close()
  }

  private tx<T>(fn: () => T): T {
    return inTransaction(this.db, fn)
  }

  // ---- templates

  private rowById(templateId: string): TemplateRow | undefined {
    const r = this.db.prepare('SELECT * FROM templates WHERE template_id = ?').get(templateId)
    return r ? rows.template(r as Row) : undefined
  }

  private rowByAlias(alias: string): TemplateRow | undefined {
    const r = this.db.prepare('SELECT * FROM templates WHERE alias = ?').get(alias)
    return r ? rows.template(r as Row) : undefined
  }

  private buildRow(buildId: string): BuildRow | undefined {
    const r = this.db.prepare('SELECT * FROM builds WHERE build_id = ?').get(buildId)
    return r ? rows.build(r as Row) : undefined
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
      .map((r) => rows.template(r as Row))
  }

  /** Creates the template if the alias is new (else updates its resources) and a waiting build. */
  async requestBuild(opts: {
    newTemplateId: string
    alias: string
    buildId: string
    cpuCount: number
    memoryMB: number
    minFreeDiskMb?: number | undefined
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
      const build = newBuildRow(opts, template.templateId, now)
      this.db
        .prepare(`INSERT INTO builds (${build.columns}) VALUES (${build.values.map(() => '?').join(', ')})`)
        .run(...build.values)
      return { template, build: this.buildRow(opts.buildId)! }
    })
  }

  async deleteTemplate(templateId: string): Promise<void> {
    this.db.prepare('DELETE FROM templates WHERE template_id = ?').run(templateId)
  }

  /**
   * Counts a sandbox created from the template (stored or built-in): spawnCount and lastSpawnedAt
   * on the wire. The node that made the sandbox records each successful create (cold or from
   * the warm pool); resumes, forks and creates from snapshots are not spawns of a template.
   * Unknown ids are ignored.
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
      return rows.builtin(name, get.get(name) as Row)
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
      .map((r) => rows.build(r as Row))
  }

  async buildsInState(...states: BuildStatus[]): Promise<BuildRow[]> {
    return this.db
      .prepare(`SELECT * FROM builds WHERE status IN (${states.map(() => '?').join(',')})`)
      .all(...states)
      .map((r) => rows.build(r as Row))
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
  async finishBuild(buildId: string, image: string, config: TemplateRuntimeConfig, diskSizeMB = 0): Promise<void> {
    this.tx(() => {
      const build = this.buildRow(buildId)
      if (!build || build.status !== 'building') return
      const now = new Date().toISOString()
      this.db
        .prepare(
          "UPDATE builds SET status = 'ready', updated_at = ?, finished_at = ?, image = ?, config = ?, disk_size_mb = ? WHERE build_id = ?",
        )
        .run(now, now, image, JSON.stringify(config), diskSizeMB, buildId)
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
    return r ? rows.tag(r) : undefined
  }

  async tagsOf(templateId: string): Promise<TagRow[]> {
    return this.db
      .prepare('SELECT tag, build_id, created_at FROM tags WHERE template_id = ? ORDER BY tag')
      .all(templateId)
      .map((r) => rows.tag(r as Row))
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
    const found = this.db
      .prepare(
        `SELECT ts, level, message, step FROM build_logs WHERE build_id = ? AND level IN (${levels.map(() => '?').join(',')})${opts.step ? ' AND step = ?' : ''} ORDER BY seq${opts.newest ? ' DESC' : ''} LIMIT ? OFFSET ?`,
      )
      .all(buildId, ...levels, ...(opts.step ? [opts.step] : []), opts.limit, opts.offset) as Row[]
    if (opts.newest) found.reverse()
    return found.map(rows.logEntry)
  }
}
