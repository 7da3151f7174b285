// The template catalog: build requests, build status and logs, aliases, listing, and deletion.
// Plain domain shapes; the routes spell them the E2B way.
import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import { AppError, InvalidArgumentError, NotFoundError } from '../../shared/errors.js'
import { newTemplateId } from '../../shared/ids.js'
import type { BuildQueue } from './build-queue.js'
import { buildOrThrow, templateOrThrow } from './lookups.js'
import type { BuiltinTemplate } from '../../node/builds/builtins.js'
import { parseBuildName, parseTemplateRef, validateResources } from './names.js'
import { liveTemplate } from './resolve.js'
import type { BuildRow, LogEntry, LogLevel, TemplateRow, TemplateStore } from './template-store.js'
import { buildStatus, listedBuiltins, type BuildStatusView, type TemplateWithBuilds } from './template-views.js'
import type { TemplateNode } from '../../node/sandbox-node.js'

export type { BuildStatusView, TemplateWithBuilds } from './template-views.js'

export function createCatalog(deps: {
  store: TemplateStore
  builtins: readonly BuiltinTemplate[]
  node: Pick<TemplateNode, 'usesTemplate' | 'removeImage'>
  queue: Pick<BuildQueue, 'cancel'>
  limits: { maxCpu: number; maxMemoryMB: number }
  /** What a built-in that names no resources (base) gets: the server's defaults. */
  builtinResources: { cpuCount: number; memoryMB: number }
  log: Logger
}) {
  const { store, builtins } = deps
  const builtin = (ref: string) => builtins.find((b) => b.name === parseTemplateRef(ref).alias)
  const withBuilds = async (t: TemplateRow): Promise<TemplateWithBuilds> => ({
    template: t,
    builds: await store.buildsOf(t.templateId),
    tags: (await store.tagsOf(t.templateId)).map((x) => x.tag),
  })
  // A built-in's createdAt is when this server (its data dir) first offered it: at its first start.
  store
    .builtins(builtins.map((b) => b.name))
    .catch((err: unknown) => deps.log.warn({ err }, 'recording the built-in templates failed'))
  const builtinsWithBuilds = () => listedBuiltins(store, builtins, deps.builtinResources)

  return {
    /** A new waiting build (and the template, for a new name); `name` is alias[:tag]. */
    async requestBuild(body: {
      name?: string
      alias?: string
      tags?: string[]
      cpuCount?: number
      memoryMB?: number
      minFreeDiskMb?: number
    }): Promise<{ template: TemplateRow; build: BuildRow; tags: string[] }> {
      const name = body.name ?? body.alias
      if (!name) throw new InvalidArgumentError('name is required')
      const { alias, tags } = parseBuildName(name, body.tags)
      if (builtin(alias))
        throw new AppError('conflict', `the template name '${alias}' is reserved for the built-in template`)
      const res = validateResources(body.cpuCount, body.memoryMB, deps.limits)
      const out = await store.requestBuild({
        newTemplateId: newTemplateId(),
        alias,
        buildId: randomUUID(),
        ...res,
        minFreeDiskMb: body.minFreeDiskMb,
        tags,
      })
      return { ...out, tags }
    },

    async status(
      templateId: string,
      buildId: string,
      q: { logsOffset?: number; limit?: number; level?: LogLevel },
    ): Promise<BuildStatusView> {
      return buildStatus(store, templateId, buildId, q)
    },

    async logs(
      templateId: string,
      buildId: string,
      q: { cursor?: number; limit?: number; level?: LogLevel },
    ): Promise<LogEntry[]> {
      await buildOrThrow(store, templateId, buildId)
      return store.logs(buildId, {
        offset: Math.max(0, q.cursor ?? 0),
        limit: Math.min(1000, Math.max(1, q.limit ?? 100)),
        minLevel: q.level,
      })
    },

    /** The built-ins (public) and every template with a ready build. */
    async alias(alias: string): Promise<{ templateId: string; public: boolean }> {
      const b = builtin(alias)
      if (b) return { templateId: b.name, public: true }
      const t = await liveTemplate(store, parseTemplateRef(alias).alias)
      if (!t) throw new NotFoundError(`template '${alias}' not found`)
      return { templateId: t.templateId, public: t.public }
    },

    /** The built-ins and the templates with at least one ready build, newest first. */
    list: async (): Promise<TemplateWithBuilds[]> =>
      [
        ...(await Promise.all((await store.listTemplates()).map(withBuilds))).filter((x) => x.tags.length > 0),
        ...(await builtinsWithBuilds()),
      ].sort((a, b) => b.template.createdAt.localeCompare(a.template.createdAt)),

    get: async (ref: string): Promise<TemplateWithBuilds> =>
      builtin(ref)
        ? (await builtinsWithBuilds()).find((x) => x.template.templateId === builtin(ref)!.name)!
        : withBuilds(await templateOrThrow(store, ref)),

    /** A built-in's tags (`default` on its one build); undefined for any other template. */
    async builtinTags(ref: string): Promise<{ tag: string; buildId: string; createdAt: string }[] | undefined> {
      const b = builtin(ref)
      if (!b) return undefined
      const { builds } = (await builtinsWithBuilds()).find((x) => x.template.templateId === b.name)!
      return builds.map((x) => ({ tag: 'default', buildId: x.buildId, createdAt: x.createdAt }))
    },

    /** PATCH /templates/{id}: sets the public flag; resolves with the template's names. Built-ins are always public. */
    async setPublic(ref: string, isPublic: boolean): Promise<string[]> {
      if (builtin(ref))
        throw new InvalidArgumentError(`the built-in template '${parseTemplateRef(ref).alias}' cannot be changed`)
      const t = await templateOrThrow(store, ref)
      await store.setPublic(t.templateId, isPublic)
      return [t.alias]
    },

    /** True when `ref` names a stored template (so DELETE /templates/{id} is ours, not a snapshot's). */
    owns: async (ref: string): Promise<boolean> => (await store.findTemplate(ref)) !== undefined,

    /** Deletes a template, its builds, tags and images; refused while a sandbox uses it. */
    async remove(ref: string): Promise<void> {
      if (builtin(ref))
        throw new InvalidArgumentError(`the built-in template '${parseTemplateRef(ref).alias}' cannot be deleted`)
      const t = await templateOrThrow(store, ref)
      if (await deps.node.usesTemplate(t.templateId))
        throw new InvalidArgumentError(`template '${ref}' is used by running or paused sandboxes; kill them first`)
      deps.queue.cancel(t.templateId, 'the template was deleted')
      const builds = await store.buildsOf(t.templateId)
      await store.deleteTemplate(t.templateId)
      for (const b of builds) {
        if (!b.image) continue
        const removed = await deps.node
          .removeImage(b.image)
          .catch((err: unknown) => deps.log.warn({ err, image: b.image }, 'removing a template image failed'))
        if (removed === 'in_use')
          deps.log.warn({ image: b.image }, 'removing a template image failed: a container still uses it')
      }
    },
  }
}
