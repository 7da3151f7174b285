// Wire shapes of the template routes (TypeBox), and the mapping of the catalog's rows to them.
// E2B spellings (templateID, buildID) live here and in the routes.
import { Type } from 'typebox'
import { ENVD_VERSION } from '../../../shared/envd.js'
import type { BuildStatusView } from '../../templates/catalog.js'
import type { BuildRow, TemplateRow } from '../../templates/template-store.js'

export const TemplateParams = Type.Object({ templateID: Type.String({ minLength: 1, maxLength: 256 }) })
export const BuildParams = Type.Object({
  templateID: Type.String({ minLength: 1, maxLength: 256 }),
  buildID: Type.String({ minLength: 1, maxLength: 64 }),
})
export const Level = Type.Optional(
  Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')]),
)
export const LogEntry = Type.Object({
  timestamp: Type.String(),
  level: Type.String(),
  message: Type.String(),
  step: Type.Optional(Type.String()),
})
export const Tags = Type.Array(Type.String({ maxLength: 128 }), { maxItems: 50 })

const Step = Type.Object({
  type: Type.String({ minLength: 1, maxLength: 32 }),
  args: Type.Optional(Type.Array(Type.String({ maxLength: 1024 * 1024 }), { maxItems: 1000 })),
  filesHash: Type.Optional(Type.String({ maxLength: 128 })),
  force: Type.Optional(Type.Boolean()),
})

export const StartBuild = Type.Object({
  fromImage: Type.Optional(Type.String({ maxLength: 512 })),
  fromTemplate: Type.Optional(Type.String({ maxLength: 256 })),
  fromImageRegistry: Type.Optional(
    Type.Object({
      type: Type.Optional(Type.String()),
      username: Type.Optional(Type.String()),
      password: Type.Optional(Type.String()),
      serverAddress: Type.Optional(Type.String()),
    }),
  ),
  force: Type.Optional(Type.Boolean()),
  steps: Type.Optional(Type.Array(Step, { maxItems: 1000 })),
  startCmd: Type.Optional(Type.String({ maxLength: 65536 })),
  readyCmd: Type.Optional(Type.String({ maxLength: 65536 })),
})

export const BuildStatus = Type.Object({
  templateID: Type.String(),
  buildID: Type.String(),
  status: Type.String(),
  logs: Type.Array(Type.String()),
  logEntries: Type.Array(LogEntry),
  reason: Type.Optional(
    Type.Object({ message: Type.String(), step: Type.Optional(Type.String()), logEntries: Type.Array(LogEntry) }),
  ),
})

export const ListedTemplate = Type.Object({
  templateID: Type.String(),
  buildID: Type.String(),
  cpuCount: Type.Integer(),
  memoryMB: Type.Integer(),
  diskSizeMB: Type.Integer(),
  public: Type.Boolean(),
  aliases: Type.Array(Type.String()),
  names: Type.Array(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  createdBy: Type.Null(),
  lastSpawnedAt: Type.Union([Type.String(), Type.Null()]),
  spawnCount: Type.Integer(),
  buildCount: Type.Integer(),
  envdVersion: Type.String(),
  buildStatus: Type.String(),
})

const TemplateBuild = Type.Object({
  buildID: Type.String(),
  status: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  finishedAt: Type.Optional(Type.String()),
  cpuCount: Type.Integer(),
  memoryMB: Type.Integer(),
  diskSizeMB: Type.Optional(Type.Integer()),
  envdVersion: Type.String(),
})

export const TemplateDetail = Type.Object({
  templateID: Type.String(),
  public: Type.Boolean(),
  aliases: Type.Array(Type.String()),
  names: Type.Array(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  lastSpawnedAt: Type.Union([Type.String(), Type.Null()]),
  spawnCount: Type.Integer(),
  builds: Type.Array(TemplateBuild),
})

export function buildStatusBody(s: BuildStatusView) {
  return {
    templateID: s.templateId,
    buildID: s.buildId,
    status: s.status,
    logs: [] as string[],
    logEntries: s.logEntries,
    ...(s.reason ? { reason: s.reason } : {}),
  }
}

export function listedTemplateBody(t: TemplateRow, builds: BuildRow[]) {
  const ready = builds.find((b) => b.status === 'ready')
  return {
    templateID: t.templateId,
    buildID: ready?.buildId ?? '',
    cpuCount: t.cpuCount,
    memoryMB: t.memoryMB,
    diskSizeMB: ready?.diskSizeMB ?? 0,
    public: t.public,
    aliases: [t.alias],
    names: [t.alias],
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    createdBy: null,
    lastSpawnedAt: t.lastSpawnedAt,
    spawnCount: t.spawnCount,
    buildCount: builds.length,
    envdVersion: ENVD_VERSION,
    buildStatus: builds[0]?.status ?? 'waiting',
  }
}

export function templateDetailBody(t: TemplateRow, builds: BuildRow[]) {
  return {
    templateID: t.templateId,
    public: t.public,
    aliases: [t.alias],
    names: [t.alias],
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    lastSpawnedAt: t.lastSpawnedAt,
    spawnCount: t.spawnCount,
    builds: builds.map((b) => ({
      buildID: b.buildId,
      status: b.status,
      createdAt: b.createdAt,
      updatedAt: b.updatedAt,
      finishedAt: b.finishedAt ?? undefined,
      cpuCount: b.cpuCount,
      memoryMB: b.memoryMB,
      ...(b.diskSizeMB > 0 ? { diskSizeMB: b.diskSizeMB } : {}),
      envdVersion: ENVD_VERSION,
    })),
  }
}
