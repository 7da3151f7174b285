// The template catalog's storage contract (TemplateStore) and its rows: templates, builds, tags
// and build logs. The tables both stores create, and how their rows read back: template-tables.ts.
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
  /** The free disk the request asked for after the build's steps (MiB), null when it named none. */
  minFreeDiskMb: number | null
  /** The built filesystem's size as a sandbox of it sees it (MiB), measured when it booted; 0 before. */
  diskSizeMB: number
}

export type TagRow = { tag: string; buildId: string; createdAt: string }

/**
 * The template catalog's storage: one interface, two implementations. SqliteTemplateStore
 * (sqlite-template-store.ts) for `sandock serve` (one host, a file in the data dir);
 * PgTemplateStore (cluster/pg-template-store.ts) for a cluster, where control replicas and node
 * agents share PostgreSQL. Asynchronous because one of them is a network database.
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
    minFreeDiskMb?: number | undefined
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
  /**
   * Marks a building build ready and points its tags (`default` when none were named) at it,
   * atomically; `diskSizeMB` is the built filesystem's size (0: not measured).
   */
  finishBuild(buildId: string, image: string, config: TemplateRuntimeConfig, diskSizeMB?: number): Promise<void>
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
