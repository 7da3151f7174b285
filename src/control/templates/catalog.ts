// The template catalog: build requests, build status and logs, aliases, listing, and deletion.
// Plain domain shapes; the routes spell them the E2B way.
import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import { AppError, InvalidArgumentError, NotFoundError } from '../../shared/errors.js'
import { newTemplateId } from '../../shared/ids.js'
import type { BuildQueue } from './build-queue.js'
import type { BuiltinTemplate } from './builtins.js'
import { parseBuildName, parseTemplateRef, validateResources } from './names.js'
import { liveTemplate } from './resolve.js'
import type { BuildRow, BuildStatus, LogEntry, LogLevel, TemplateRow, TemplateStore } from './template-store.js'
import type { TemplateNode } from './types.js'

export type TemplateWithBuilds = { template: TemplateRow; builds: BuildRow[]; tags: string[] }

export type BuildStatusView = {
  templateId: string
  buildId: string
  status: BuildStatus
  logEntries: LogEntry[]
  reason?: { message: string; step?: string; logEntries: LogEntry[] }
}

export async function templateOrThrow(store: TemplateStore, ref: string): Promise<TemplateRow> {
  const t = await store.findTemplate(ref)
  if (!t) throw new NotFoundError(`template '${ref}' not found`)
  return t
}

export async function buildOrThrow(store: TemplateStore, templateId: string, buildId: string): Promise<BuildRow> {
  const b = await store.build(buildId)
  if (!b || b.templateId !== templateId) throw new NotFoundError(`Build '${buildId}' not found`)
  return b
}

export function createCatalog(deps: {
  store: TemplateStore
  builtins: readonly BuiltinTemplate[]
  node: Pick<TemplateNode, 'usesTemplate' | 'removeImage'>
  queue: Pick<BuildQueue, 'cancel'>
  limits: { maxCpu: number; maxMemoryMB: number }
  log: Logger
}) {
  const { store, builtins } = deps
  const builtin = (ref: string) => builtins.find((b) => b.name === parseTemplateRef(ref).alias)
  const withBuilds = async (t: TemplateRow): Promise<TemplateWithBuilds> => ({ template: t, builds: await store.buildsOf(t.templateId), tags: (await store.tagsOf(t.templateId)).map((x) => x.tag) })

  return {
    /** A new waiting build (and the template, for a new name); `name` is alias[:tag]. */
    async requestBuild(body: { name?: string; alias?: string; tags?: string[]; cpuCount?: number; memoryMB?: number }): Promise<{ template: TemplateRow; build: BuildRow; tags: string[] }> {
      const name = body.name ?? body.alias
      if (!name) throw new InvalidArgumentError('name is required')
      const { alias, tags } = parseBuildName(name, body.tags)
      if (builtin(alias)) throw new AppError('conflict', `the template name '${alias}' is reserved for the built-in template`)
      const res = validateResources(body.cpuCount, body.memoryMB, deps.limits)
      const out = await store.requestBuild({ newTemplateId: newTemplateId(), alias, buildId: randomUUID(), ...res, tags })
      return { ...out, tags }
    },

    async status(templateId: string, buildId: string, q: { logsOffset?: number; limit?: number; level?: LogLevel }): Promise<BuildStatusView> {
      await templateOrThrow(store, templateId)
      const b = await buildOrThrow(store, templateId, buildId)
      const limit = Math.min(100, Math.max(0, q.limit ?? 100))
      const logEntries = b.status === 'waiting' ? [] : await store.logs(buildId, { offset: Math.max(0, q.logsOffset ?? 0), limit, minLevel: q.level })
      let reason: BuildStatusView['reason']
      if (b.status === 'error' && b.reason) {
        const stepLogs = b.reason.step ? await store.logs(buildId, { offset: 0, limit: 100, minLevel: 'warn', step: b.reason.step }) : []
        reason = { message: b.reason.message, ...(b.reason.step ? { step: b.reason.step } : {}), logEntries: stepLogs }
      }
      return { templateId: b.templateId, buildId: b.buildId, status: b.status, logEntries, ...(reason ? { reason } : {}) }
    },

    async logs(templateId: string, buildId: string, q: { cursor?: number; limit?: number; level?: LogLevel }): Promise<LogEntry[]> {
      await buildOrThrow(store, templateId, buildId)
      return store.logs(buildId, { offset: Math.max(0, q.cursor ?? 0), limit: Math.min(1000, Math.max(1, q.limit ?? 100)), minLevel: q.level })
    },

    /** The built-ins (public) and every template with a ready build. */
    async alias(alias: string): Promise<{ templateId: string; public: boolean }> {
      const b = builtin(alias)
      if (b) return { templateId: b.name, public: true }
      const t = await liveTemplate(store, parseTemplateRef(alias).alias)
      if (!t) throw new NotFoundError(`template '${alias}' not found`)
      return { templateId: t.templateId, public: false }
    },

    /** Templates with at least one ready build, newest first. */
    list: async (): Promise<TemplateWithBuilds[]> => (await Promise.all((await store.listTemplates()).map(withBuilds))).filter((x) => x.tags.length > 0),

    get: async (ref: string): Promise<TemplateWithBuilds> => withBuilds(await templateOrThrow(store, ref)),

    /** True when `ref` names a stored template (so DELETE /templates/{id} is ours, not a snapshot's). */
    owns: async (ref: string): Promise<boolean> => (await store.findTemplate(ref)) !== undefined,

    /** Deletes a template, its builds, tags and images; refused while a sandbox uses it. */
    async remove(ref: string): Promise<void> {
      if (builtin(ref)) throw new InvalidArgumentError(`the built-in template '${parseTemplateRef(ref).alias}' cannot be deleted`)
      const t = await templateOrThrow(store, ref)
      if (await deps.node.usesTemplate(t.templateId)) throw new InvalidArgumentError(`template '${ref}' is used by running or paused sandboxes; kill them first`)
      deps.queue.cancel(t.templateId, 'the template was deleted')
      const builds = await store.buildsOf(t.templateId)
      await store.deleteTemplate(t.templateId)
      for (const b of builds) {
        if (!b.image) continue
        const removed = await deps.node.removeImage(b.image).catch((err: unknown) => deps.log.warn({ err, image: b.image }, 'removing a template image failed'))
        if (removed === 'in_use') deps.log.warn({ image: b.image }, 'removing a template image failed: a container still uses it')
      }
    },
  }
}
