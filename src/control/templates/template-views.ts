// What the catalog reads about templates beside their rows: a build's status view (its log page,
// and a failed step's last warnings), and the built-in templates listed like built ones.
import { createHash } from 'node:crypto'
import type { BuiltinTemplate } from '../../node/builds/builtins.js'
import { buildOrThrow, templateOrThrow } from './lookups.js'
import type { BuildRow, BuildStatus, LogEntry, LogLevel, TemplateRow, TemplateStore } from './template-store.js'

export type TemplateWithBuilds = { template: TemplateRow; builds: BuildRow[]; tags: string[] }

export type BuildStatusView = {
  templateId: string
  buildId: string
  status: BuildStatus
  logEntries: LogEntry[]
  reason?: { message: string; step?: string; logEntries: LogEntry[] }
}

/** A build's status, a page of its log (none while waiting) and, when it failed, why. */
export async function buildStatus(
  store: TemplateStore,
  templateId: string,
  buildId: string,
  q: { logsOffset?: number; limit?: number; level?: LogLevel },
): Promise<BuildStatusView> {
  await templateOrThrow(store, templateId)
  const b = await buildOrThrow(store, templateId, buildId)
  const limit = Math.min(100, Math.max(0, q.limit ?? 100))
  const logEntries =
    b.status === 'waiting'
      ? []
      : await store.logs(buildId, { offset: Math.max(0, q.logsOffset ?? 0), limit, minLevel: q.level })
  let reason: BuildStatusView['reason']
  if (b.status === 'error' && b.reason) {
    // The step's last warn-and-above lines: what led to the failure (a flooded step's first ones would not).
    const stepLogs = b.reason.step
      ? await store.logs(buildId, { offset: 0, limit: 100, minLevel: 'warn', step: b.reason.step, newest: true })
      : []
    reason = { message: b.reason.message, ...(b.reason.step ? { step: b.reason.step } : {}), logEntries: stepLogs }
  }
  return {
    templateId: b.templateId,
    buildId: b.buildId,
    status: b.status,
    logEntries,
    ...(reason ? { reason } : {}),
  }
}

/** The built-ins as listed templates: public, one ready build (a stable id from its image), real spawn counts. */
export async function listedBuiltins(
  store: Pick<TemplateStore, 'builtins'>,
  builtins: readonly BuiltinTemplate[],
  resources: { cpuCount: number; memoryMB: number },
): Promise<TemplateWithBuilds[]> {
  return (await store.builtins(builtins.map((b) => b.name))).map((row) => {
    const b = builtins.find((x) => x.name === row.name)!
    const cpuCount = b.cpuCount || resources.cpuCount
    const memoryMB = b.memoryMB || resources.memoryMB
    const template: TemplateRow = {
      templateId: b.name,
      alias: b.name,
      cpuCount,
      memoryMB,
      createdAt: row.createdAt,
      updatedAt: row.createdAt,
      spawnCount: row.spawnCount,
      lastSpawnedAt: row.lastSpawnedAt,
      public: true,
    }
    const build: BuildRow = {
      buildId: uuidFrom(`builtin:${b.name}:${b.image}`),
      templateId: b.name,
      status: 'ready',
      cpuCount,
      memoryMB,
      createdAt: row.createdAt,
      updatedAt: row.createdAt,
      finishedAt: row.createdAt,
      image: b.image,
      config: b.config,
      reason: null,
      pendingTags: [],
      minFreeDiskMb: null,
      // Built from Dockerfiles at the server's start, never booted by a build's check: not measured.
      diskSizeMB: 0,
    }
    return { template, builds: [build], tags: ['default'] }
  })
}

/** A UUID-shaped id derived from `seed` (the same seed, the same id). */
function uuidFrom(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`
}
