// The template catalog in PostgreSQL (TemplateStore, as SqliteTemplateStore keeps it on one host):
// the same tables and the same answers, shared by every control replica and node agent.
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
} from '../templates/template-store.js'
import type { TemplateRuntimeConfig } from '../../node/builds/template-model.js'
import { catalogRows, newBuildRow, PG_CATALOG } from '../templates/template-tables.js'
import { inTx, type Db, type Tx } from './pg.js'

type Row = Record<string, unknown>
type Queryable = Db | Tx

const rows = catalogRows(PG_CATALOG)
const toTemplate = rows.template
const toBuild = rows.build
const toTag = rows.tag

export class PgTemplateStore implements TemplateStore {
  /** `db` is shared with the rest of the cluster's state and closed by its owner. */
  constructor(private readonly db: Db) {}

  async close(): Promise<void> {}

  private async one<T>(q: Queryable, sql: string, args: unknown[], map: (r: Row) => T): Promise<T | undefined> {
    const { rows } = await q.query(sql, args)
    return rows[0] ? map(rows[0] as Row) : undefined
  }

  private async all<T>(q: Queryable, sql: string, args: unknown[], map: (r: Row) => T): Promise<T[]> {
    return (await q.query(sql, args)).rows.map((r) => map(r as Row))
  }

  templateById(templateId: string): Promise<TemplateRow | undefined> {
    return this.one(this.db, 'SELECT * FROM templates WHERE template_id = $1', [templateId], toTemplate)
  }

  templateByAlias(alias: string): Promise<TemplateRow | undefined> {
    return this.one(this.db, 'SELECT * FROM templates WHERE alias = $1', [alias], toTemplate)
  }

  async findTemplate(ref: string): Promise<TemplateRow | undefined> {
    // An id first, as the SQLite store does: an alias equal to another template's id loses.
    return this.one(
      this.db,
      'SELECT * FROM templates WHERE template_id = $1 OR alias = $1 ORDER BY (template_id = $1) DESC LIMIT 1',
      [ref],
      toTemplate,
    )
  }

  listTemplates(): Promise<TemplateRow[]> {
    return this.all(this.db, 'SELECT * FROM templates ORDER BY created_at DESC, template_id', [], toTemplate)
  }

  requestBuild(opts: {
    newTemplateId: string
    alias: string
    buildId: string
    cpuCount: number
    memoryMB: number
    minFreeDiskMb?: number | undefined
    tags: string[]
  }): Promise<{ template: TemplateRow; build: BuildRow }> {
    return inTx(this.db, async (tx) => {
      const now = new Date().toISOString()
      // Two replicas asked for the same new alias at once: one insert wins, both use its row.
      await tx.query(
        'INSERT INTO templates (template_id, alias, cpu_count, memory_mb, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (alias) DO NOTHING',
        [opts.newTemplateId, opts.alias, opts.cpuCount, opts.memoryMB, now],
      )
      const template = (await this.one(tx, 'SELECT * FROM templates WHERE alias = $1', [opts.alias], toTemplate))!
      const row = newBuildRow(opts, template.templateId, now)
      await tx.query(
        `INSERT INTO builds (${row.columns}) VALUES (${row.values.map((_, i) => `$${i + 1}`).join(', ')})`,
        row.values,
      )
      const build = (await this.one(tx, 'SELECT * FROM builds WHERE build_id = $1', [opts.buildId], toBuild))!
      return { template, build }
    })
  }

  async deleteTemplate(templateId: string): Promise<void> {
    await this.db.query('DELETE FROM templates WHERE template_id = $1', [templateId])
  }

  async recordSpawn(templateId: string): Promise<void> {
    const now = new Date().toISOString()
    const stored = await this.db.query(
      'UPDATE templates SET spawn_count = spawn_count + 1, last_spawned_at = $1 WHERE template_id = $2',
      [now, templateId],
    )
    if (stored.rowCount === 0)
      await this.db.query(
        'UPDATE builtin_templates SET spawn_count = spawn_count + 1, last_spawned_at = $1 WHERE name = $2',
        [now, templateId],
      )
  }

  async setPublic(templateId: string, isPublic: boolean): Promise<void> {
    await this.db.query('UPDATE templates SET public = $1, updated_at = $2 WHERE template_id = $3', [
      isPublic,
      new Date().toISOString(),
      templateId,
    ])
  }

  async builtins(names: readonly string[]): Promise<BuiltinRow[]> {
    const now = new Date().toISOString()
    await this.db.query(
      'INSERT INTO builtin_templates (name, created_at) SELECT unnest($1::text[]), $2 ON CONFLICT (name) DO NOTHING',
      [names, now],
    )
    const found = (await this.db.query('SELECT * FROM builtin_templates WHERE name = ANY($1::text[])', [names])).rows
    return names.map((name) => {
      return rows.builtin(name, found.find((x: Row) => x.name === name) as Row)
    })
  }

  build(buildId: string): Promise<BuildRow | undefined> {
    return this.one(this.db, 'SELECT * FROM builds WHERE build_id = $1', [buildId], toBuild)
  }

  buildsOf(templateId: string): Promise<BuildRow[]> {
    return this.all(
      this.db,
      'SELECT * FROM builds WHERE template_id = $1 ORDER BY created_at DESC, build_id',
      [templateId],
      toBuild,
    )
  }

  buildsInState(...states: BuildStatus[]): Promise<BuildRow[]> {
    return this.all(this.db, 'SELECT * FROM builds WHERE status = ANY($1)', [states], toBuild)
  }

  async setBuilding(buildId: string): Promise<void> {
    await this.db.query("UPDATE builds SET status = 'building', updated_at = $1 WHERE build_id = $2", [
      new Date().toISOString(),
      buildId,
    ])
  }

  async failBuild(buildId: string, reason: { message: string; step?: string }): Promise<void> {
    const now = new Date().toISOString()
    await this.db.query(
      "UPDATE builds SET status = 'error', updated_at = $1, finished_at = $1, reason = $2 WHERE build_id = $3 AND status IN ('waiting', 'building')",
      [now, JSON.stringify(reason), buildId],
    )
  }

  async touchBuilds(buildIds: readonly string[]): Promise<void> {
    if (buildIds.length === 0) return
    await this.db.query("UPDATE builds SET updated_at = $1 WHERE status = 'building' AND build_id = ANY($2)", [
      new Date().toISOString(),
      [...buildIds],
    ])
  }

  async failStaleBuilds(before: Date, reason: { message: string }): Promise<string[]> {
    const now = new Date().toISOString()
    const { rows } = await this.db.query(
      "UPDATE builds SET status = 'error', updated_at = $1, finished_at = $1, reason = $2 WHERE status = 'building' AND updated_at < $3 RETURNING build_id",
      [now, JSON.stringify(reason), before.toISOString()],
    )
    return rows.map((r: { build_id: string }) => r.build_id)
  }

  async finishBuild(buildId: string, image: string, config: TemplateRuntimeConfig, diskSizeMB = 0): Promise<void> {
    await inTx(this.db, async (tx) => {
      const build = await this.one(tx, 'SELECT * FROM builds WHERE build_id = $1 FOR UPDATE', [buildId], toBuild)
      if (!build || build.status !== 'building') return
      const now = new Date().toISOString()
      await tx.query(
        "UPDATE builds SET status = 'ready', updated_at = $1, finished_at = $1, image = $2, config = $3, disk_size_mb = $4 WHERE build_id = $5",
        [now, image, JSON.stringify(config), diskSizeMB, buildId],
      )
      for (const tag of build.pendingTags.length > 0 ? build.pendingTags : ['default'])
        await setTag(tx, build.templateId, tag, buildId, now)
      await tx.query('UPDATE templates SET updated_at = $1, cpu_count = $2, memory_mb = $3 WHERE template_id = $4', [
        now,
        build.cpuCount,
        build.memoryMB,
        build.templateId,
      ])
    })
  }

  async assignTags(templateId: string, tags: string[], buildId: string): Promise<void> {
    await inTx(this.db, async (tx) => {
      const now = new Date().toISOString()
      for (const tag of tags) await setTag(tx, templateId, tag, buildId, now)
    })
  }

  async removeTags(templateId: string, tags: string[]): Promise<void> {
    await this.db.query('DELETE FROM tags WHERE template_id = $1 AND tag = ANY($2)', [templateId, tags])
  }

  tag(templateId: string, tag: string): Promise<TagRow | undefined> {
    return this.one(
      this.db,
      'SELECT tag, build_id, created_at FROM tags WHERE template_id = $1 AND tag = $2',
      [templateId, tag],
      toTag,
    )
  }

  tagsOf(templateId: string): Promise<TagRow[]> {
    return this.all(
      this.db,
      'SELECT tag, build_id, created_at FROM tags WHERE template_id = $1 ORDER BY tag COLLATE "C"',
      [templateId],
      toTag,
    )
  }

  async appendLogs(buildId: string, entries: LogEntry[]): Promise<void> {
    if (entries.length === 0) return
    // One statement: the next numbers follow the last one, whoever wrote it.
    await this.db.query(
      `INSERT INTO build_logs (build_id, seq, ts, level, message, step)
      SELECT $1, (SELECT COALESCE(MAX(seq), -1) FROM build_logs WHERE build_id = $1) + e.n, e.ts, e.level, e.message, e.step
      FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS e(ts, level, message, step, n)`,
      [
        buildId,
        entries.map((e) => e.timestamp),
        entries.map((e) => e.level),
        entries.map((e) => e.message),
        entries.map((e) => e.step ?? null),
      ],
    )
  }

  async logs(
    buildId: string,
    opts: { offset: number; limit: number; minLevel?: LogLevel; step?: string; newest?: boolean },
  ): Promise<LogEntry[]> {
    const levels = LEVELS.slice(LEVELS.indexOf(opts.minLevel ?? 'debug'))
    const found = (
      await this.db.query(
        `SELECT ts, level, message, step FROM build_logs WHERE build_id = $1 AND level = ANY($2)${opts.step ? ' AND step = $5' : ''} ORDER BY seq${opts.newest ? ' DESC' : ''} LIMIT $3 OFFSET $4`,
        [buildId, levels, opts.limit, opts.offset, ...(opts.step ? [opts.step] : [])],
      )
    ).rows as Row[]
    if (opts.newest) found.reverse()
    return found.map(rows.logEntry)
  }
}

async function setTag(tx: Tx, templateId: string, tag: string, buildId: string, now: string): Promise<void> {
  await tx.query(
    'INSERT INTO tags (template_id, tag, build_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (template_id, tag) DO UPDATE SET build_id = excluded.build_id, created_at = excluded.created_at',
    [templateId, tag, buildId, now],
  )
}
