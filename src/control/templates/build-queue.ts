// Template builds in flight: a start request validated and queued (at most
// SANDOCK_MAX_CONCURRENT_BUILDS run, the rest wait; a newer build of a template cancels the older),
// its log lines stored as they come, its end recorded; and the builds a restart cut, failed.
import type { Logger } from 'pino'
import { InvalidArgumentError, RateLimitedError } from '../../shared/errors.js'
import { limiter } from '../../shared/limiter.js'
import { createBuildLogWriter } from './build-log.js'
import { StepError, type BuildJob, type BuildLog } from '../../node/builds/build-types.js'
import { failureReason, validateBuildRequest, type StartBuildRequest } from './build-request.js'
import { buildOrThrow } from './lookups.js'
import type { TemplateLookup } from '../../node/sandboxes/template-resolver.js'
import type { TemplateStore } from './template-store.js'
import type { TemplateNode } from '../../node/sandbox-node.js'
import type { Uploads } from './uploads.js'

/** Builds running or waiting for a slot; beyond it a start is a 429. */
const MAX_BUILDS_IN_FLIGHT = 20

export type { StartBuildRequest } from './build-request.js'

export type BuildQueue = ReturnType<typeof createBuildQueue>

export function createBuildQueue(deps: {
  store: TemplateStore
  node: Pick<TemplateNode, 'build' | 'removeBuildContainers'>
  uploads: Pick<Uploads, 'has'>
  /** Built and built-in templates by reference (a built-in's image is looked for again when missing). */
  lookup: (ref: string) => Promise<TemplateLookup>
  maxConcurrentBuilds: number
  /** Lines of output a build stores (build-log.ts). */
  buildLogMaxLines?: number
  log: Logger
  /**
   * Where several processes share the store (a cluster's control replicas): this one renews the
   * lease of its running builds every `renewMs`, so that the builds of a process that died can be
   * told apart and failed (cluster/reconcile.ts). Without it, `recover()` at boot does that.
   */
  lease?: { renewMs: number }
}) {
  const { store, log } = deps
  const running = new Map<string, { templateId: string; abort: AbortController; done: Promise<void> }>()
  const withSlot = limiter(deps.maxConcurrentBuilds)
  const renewer =
    deps.lease &&
    setInterval(() => {
      if (running.size === 0) return
      store
        .touchBuilds([...running.keys()])
        .catch((err: unknown) => log.warn({ err }, 'renewing the lease of running builds failed'))
    }, deps.lease.renewMs)
  renewer?.unref()

  function cancel(templateId: string, why: string): void {
    for (const r of running.values()) if (r.templateId === templateId) r.abort.abort(new Error(why))
  }

  return {
    cancel,

    /** At boot: builds a restart interrupted fail (their containers are removed). */
    async recover(): Promise<void> {
      const removed = await deps.node.removeBuildContainers()
      for (const b of await store.buildsInState('building', 'waiting')) {
        if (b.status === 'building')
          await store.failBuild(b.buildId, { message: 'the server restarted during the build; start it again' })
      }
      if (removed) log.info({ removed }, 'removed build containers left by a restart')
    },

    async close(): Promise<void> {
      clearInterval(renewer)
      for (const r of running.values()) r.abort.abort(new Error('the server is shutting down'))
      await Promise.allSettled([...running.values()].map((r) => r.done))
    },

    /** Validates and starts a waiting build; a newer build of the template cancels older ones. */
    async start(templateId: string, buildId: string, req: StartBuildRequest): Promise<void> {
      const build = await buildOrThrow(store, templateId, buildId)
      if (build.status !== 'waiting') throw new InvalidArgumentError('build is not in waiting state')
      const job = await validateBuildRequest(req, deps.uploads)
      if (running.size >= MAX_BUILDS_IN_FLIGHT)
        throw new RateLimitedError('too many template builds in progress; try again later')
      cancel(templateId, `cancelled by a newer build (${buildId}) of the same template`)
      for (const b of await store.buildsOf(templateId)) {
        if (b.status === 'waiting' && b.buildId !== buildId)
          await store.failBuild(b.buildId, { message: `superseded by a newer build (${buildId})` })
      }
      await store.setBuilding(buildId)
      const abort = new AbortController()
      const blog = log.child({ templateId, buildId })
      // Lines are written in order, in batches, bounded (build-log.ts); the build's end waits for the last.
      const buildLog = createBuildLogWriter({ store, buildId, maxLines: deps.buildLogMaxLines, log: blog })
      const emit: BuildLog = buildLog.emit
      const done = withSlot(async () => {
        abort.signal.throwIfAborted()
        emit('info', 'base', `Building template ${templateId} (build ${buildId})`)
        let fromTemplate: BuildJob['fromTemplate']
        if (job.fromTemplate !== undefined) {
          const found = await deps.lookup(job.fromTemplate)
          if (!found.template) throw new StepError('base', found.missing)
          fromTemplate = { ref: job.fromTemplate, image: found.template.image, config: found.template.config }
        }
        const result = await deps.node.build(
          {
            ...job,
            fromTemplate,
            buildId,
            templateId,
            cpuCount: build.cpuCount,
            memoryMB: build.memoryMB,
            minFreeDiskMb: build.minFreeDiskMb ?? undefined,
          },
          { log: emit, signal: abort.signal },
        )
        await buildLog.close()
        await store.finishBuild(buildId, result.image, result.config, result.diskSizeMB)
      })
        .then(
          () => blog.info({}, 'template build ready'),
          async (e: unknown) => {
            await buildLog.close()
            const reason = failureReason(abort.signal, e)
            await store.appendLogs(buildId, [
              {
                timestamp: new Date().toISOString(),
                level: 'error',
                message: reason.message,
                ...('step' in reason && reason.step ? { step: reason.step } : {}),
              },
            ])
            await store.failBuild(buildId, reason)
            blog.warn(
              { reason: reason.message, step: 'step' in reason ? reason.step : undefined },
              'template build failed',
            )
          },
        )
        .catch((err: unknown) => blog.error({ err }, "recording a build's end failed"))
        .finally(() => running.delete(buildId))
      running.set(buildId, { templateId, abort, done })
    },
  }
}
