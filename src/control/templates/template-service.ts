// Templates end to end: build requests, file uploads (self-authenticating URLs), starting builds
// with bounded concurrency (a newer build of a template cancels the older one), status and logs,
// tags, deletion, and resolving a create's template reference to an image and a start config.
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Logger } from 'pino'
import { AppError, InvalidArgumentError, NotFoundError, RateLimitedError } from '../../shared/errors.js'
import { newTemplateId } from '../../shared/ids.js'
import { limiter } from '../../shared/limiter.js'
import { safeEqual } from '../../shared/safe-equal.js'
import type { EnvdClient } from '../envd/client.js'
import type { BuildRuntime } from '../runtime/types.js'
import { runBuild, StepError, type BuildRequest, type TemplateImage } from './builder.js'
import { parseBuildName, parseTemplateRef, validateResources, validateTag } from './names.js'
import { FILES_HASH, parseSteps, type RawStep } from './steps.js'
import { TemplateStore, type BuildRow, type LogEntry, type LogLevel, type TemplateRow } from './template-store.js'
import type { TemplateRuntimeConfig } from './types.js'

export type TemplateServiceDeps = Readonly<{
  runtime: BuildRuntime
  envd: EnvdClient
  log: Logger
  dataDir: string
  baseImage: string
  baseConfig: TemplateRuntimeConfig
  /** Secret for upload URLs (derived from the server's seed, so URLs survive a restart). */
  uploadSecret: Buffer
  network: string
  maxConcurrentBuilds: number
  readyTimeoutMs: number
  limits: { maxCpu: number; maxMemoryMB: number }
  /** Is any sandbox (running or paused) using this template id? */
  inUse: (templateId: string) => boolean
}>

export type StartBuildBody = {
  fromImage?: string
  fromTemplate?: string
  fromImageRegistry?: { type?: string; username?: string; password?: string; serverAddress?: string; awsAccessKeyId?: string; awsSecretAccessKey?: string; awsRegion?: string; serviceAccountJson?: string }
  force?: boolean
  steps?: RawStep[]
  startCmd?: string
  readyCmd?: string
}

const UPLOAD_TTL_S = 30 * 60
/** The base template is built in, not stored (docker/base.Dockerfile); it answers to `base`. */
export const BASE_TEMPLATE_ID = 'base'
export const BASE_TEMPLATE_CONFIG: TemplateRuntimeConfig = { user: 'user', workdir: '/home/user', envs: {}, startCmd: undefined, readyCmd: undefined, shell: '/bin/bash' }

export function createTemplateService(deps: TemplateServiceDeps) {
  const store = new TemplateStore(deps.dataDir)
  const filesDir = join(deps.dataDir, 'template-files')
  const log = deps.log.child({ component: 'templates' })
  const running = new Map<string, { templateId: string; abort: AbortController; done: Promise<void> }>()
  const withSlot = limiter(deps.maxConcurrentBuilds)

  const uploadToken = (hash: string, expires: number) => createHmac('sha256', deps.uploadSecret).update(`${hash}\0${expires}`).digest('hex')

  /** A template with at least one ready build (a name whose builds all failed does not exist). */
  function liveTemplate(ref: string): TemplateRow | undefined {
    const t = store.findTemplate(ref)
    return t && store.tagsOf(t.templateId).length > 0 ? t : undefined
  }

  function templateOrThrow(ref: string): TemplateRow {
    const t = store.findTemplate(ref)
    if (!t) throw new NotFoundError(`template '${ref}' not found`)
    return t
  }

  function buildOf(templateId: string, buildId: string): BuildRow {
    const b = store.build(buildId)
    if (!b || b.templateId !== templateId) throw new NotFoundError(`Build '${buildId}' not found`)
    return b
  }


  const builderDeps = () => ({
    runtime: deps.runtime, store, filesDir, baseImage: deps.baseImage, baseConfig: deps.baseConfig,
    resolveTemplate: resolveImage, envd: deps.envd, network: deps.network, readyTimeoutMs: deps.readyTimeoutMs,
  })

  /** A template reference (alias[:tag], id, `base`) → its image and runtime config. */
  async function resolveImage(raw: string): Promise<TemplateImage & { templateId: string; alias: string; cpuCount: number; memoryMB: number; buildId: string | undefined }> {
    const ref = parseTemplateRef(raw)
    if (ref.alias === BASE_TEMPLATE_ID) {
      if (ref.tag !== undefined && ref.tag !== 'default' && ref.tag !== 'latest') throw new NotFoundError(`tag '${ref.tag}' does not exist for template '${ref.alias}'`)
      return { templateId: BASE_TEMPLATE_ID, alias: BASE_TEMPLATE_ID, image: deps.baseImage, config: deps.baseConfig, cpuCount: 0, memoryMB: 0, buildId: undefined }
    }
    const t = liveTemplate(ref.alias)
    if (!t) throw new NotFoundError(`template '${raw}' not found`)
    const tag = store.tag(t.templateId, ref.tag ?? 'default')
    if (!tag) throw new NotFoundError(`tag '${ref.tag}' does not exist for template '${ref.alias}'`)
    const b = store.build(tag.buildId)
    if (!b?.image || !b.config) throw new NotFoundError(`template '${raw}' has no ready build`)
    return { templateId: t.templateId, alias: t.alias, image: b.image, config: b.config, cpuCount: b.cpuCount, memoryMB: b.memoryMB, buildId: b.buildId }
  }

  return {
    store,

    /** At boot: builds a restart interrupted fail (their containers are removed). */
    async recover(): Promise<void> {
      await mkdir(filesDir, { recursive: true, mode: 0o700 })
      const removed = await deps.runtime.removeBuildContainers()
      for (const b of store.buildsInState('building', 'waiting')) {
        if (b.status === 'building') store.failBuild(b.buildId, { message: 'the server restarted during the build; start it again' })
      }
      if (removed) log.info({ removed }, 'removed build containers left by a restart')
    },

    async close(): Promise<void> {
      for (const r of running.values()) r.abort.abort(new Error('the server is shutting down'))
      await Promise.allSettled([...running.values()].map((r) => r.done))
      store.close()
    },

    requestBuild(body: { name?: string; alias?: string; tags?: string[]; cpuCount?: number; memoryMB?: number }): { template: TemplateRow; build: BuildRow; tags: string[] } {
      const name = body.name ?? body.alias
      if (!name) throw new InvalidArgumentError('name is required')
      const { alias, tags } = parseBuildName(name, body.tags)
      if (alias === BASE_TEMPLATE_ID) throw new AppError('conflict', `the template name '${BASE_TEMPLATE_ID}' is reserved for the built-in template`)
      const res = validateResources(body.cpuCount, body.memoryMB, deps.limits)
      const out = store.requestBuild({ newTemplateId: newTemplateId(), alias, buildId: randomUUID(), ...res, tags })
      return { ...out, tags }
    },

    async fileUploadLink(templateId: string, hash: string, baseUrl: string): Promise<{ present: boolean; url: string }> {
      templateOrThrow(templateId)
      if (!FILES_HASH.test(hash)) throw new InvalidArgumentError('hash must be 64 lowercase hex characters (a SHA-256)')
      const present = await stat(join(filesDir, `${hash}.tar`)).then((s) => s.isFile(), () => false)
      const expires = Math.floor(Date.now() / 1000) + UPLOAD_TTL_S
      // Returned even when present, so a step with forceUpload can upload again.
      return { present, url: `${baseUrl}/template-files/${hash}?expires=${expires}&token=${uploadToken(hash, expires)}` }
    },

    /** Stores an upload atomically: it appears only whole and with exactly the declared length. */
    async receiveUpload(hash: string, expires: number, token: string, contentLength: number | undefined, body: Readable): Promise<void> {
      if (!FILES_HASH.test(hash)) throw new InvalidArgumentError('hash must be 64 lowercase hex characters (a SHA-256)')
      if (!Number.isInteger(expires) || !token || !safeEqual(uploadToken(hash, expires), token)) throw new AppError('permission_denied', 'invalid upload token')
      if (expires < Date.now() / 1000) throw new AppError('permission_denied', 'the upload link has expired; request a new one')
      if (contentLength === undefined) throw new AppError('invalid_argument', 'Content-Length is required', { httpStatus: 411 })
      await mkdir(filesDir, { recursive: true, mode: 0o700 })
      const tmp = join(filesDir, `.${hash}.${randomBytes(6).toString('hex')}.part`)
      let size = 0
      let first: Buffer | undefined
      try {
        body.on('data', (b: Buffer) => {
          size += b.length
          first ??= b
        })
        await pipeline(body, createWriteStream(tmp, { mode: 0o600 }))
        if (size !== contentLength) throw new InvalidArgumentError(`upload is ${size} bytes, Content-Length said ${contentLength}`)
        // A plain tar is whole 512-byte blocks; gzip is checked by its magic bytes (1f 8b).
        const gzip = first !== undefined && first[0] === 0x1f && first[1] === 0x8b
        if (!gzip && (size === 0 || size % 512 !== 0)) throw new InvalidArgumentError('the upload is neither a tar archive nor a gzip-compressed one')
        await rename(tmp, join(filesDir, `${hash}.tar`))
      } catch (e) {
        await rm(tmp, { force: true })
        throw e
      }
    },

    /** Validates and starts a waiting build; a newer build of the template cancels older ones. */
    async startBuild(templateId: string, buildId: string, body: StartBuildBody): Promise<void> {
      const build = buildOf(templateId, buildId)
      if (build.status !== 'waiting') throw new InvalidArgumentError('build is not in waiting state')
      if ((body.fromImage === undefined) === (body.fromTemplate === undefined)) {
        throw new InvalidArgumentError('exactly one of fromImage and fromTemplate is required')
      }
      if (body.fromImage !== undefined && body.fromImage.trim() === '') throw new InvalidArgumentError('fromImage must not be empty')
      const steps = parseSteps(body.steps ?? [])
      for (const [i, s] of steps.entries()) {
        if (s.type === 'COPY' && !(await stat(join(filesDir, `${s.filesHash}.tar`)).then(() => true, () => false))) {
          throw new InvalidArgumentError(`step ${i + 1} (COPY ${s.args[0]}): its files (hash ${s.filesHash!.slice(0, 12)}…) were never uploaded`)
        }
      }
      const reg = body.fromImageRegistry
      if (reg && reg.type && reg.type !== 'registry') throw new InvalidArgumentError(`fromImageRegistry type '${reg.type}' is not supported (use 'registry' with username and password)`)
      const req: BuildRequest = {
        steps, fromImage: body.fromImage?.trim(), fromTemplate: body.fromTemplate?.trim(), force: body.force === true,
        registry: reg?.username && reg.password ? { username: reg.username, password: reg.password, ...(reg.serverAddress ? { serveraddress: reg.serverAddress } : {}) } : undefined,
        startCmd: body.startCmd || undefined, readyCmd: body.readyCmd || undefined,
      }
      if (running.size >= 20) throw new RateLimitedError('too many template builds in progress; try again later')
      for (const r of running.values()) {
        if (r.templateId === templateId) r.abort.abort(new Error(`cancelled by a newer build (${buildId}) of the same template`))
      }
      for (const b of store.buildsOf(templateId)) {
        if (b.status === 'waiting' && b.buildId !== buildId) store.failBuild(b.buildId, { message: `superseded by a newer build (${buildId})` })
      }
      store.setBuilding(buildId)
      const abort = new AbortController()
      const blog = log.child({ templateId, buildId })
      const done = withSlot(async () => {
        abort.signal.throwIfAborted()
        await runBuild(builderDeps(), build, req, abort.signal)
      }).then(
        () => blog.info({}, 'template build ready'),
        (e: unknown) => {
          const reason = abort.signal.aborted
            ? { message: `build cancelled: ${(abort.signal.reason as Error)?.message ?? 'aborted'}` }
            : e instanceof StepError ? { message: e.message, step: e.step } : { message: `build failed: ${(e as Error).message}` }
          store.appendLogs(buildId, [{ timestamp: new Date().toISOString(), level: 'error', message: reason.message, ...(('step' in reason && reason.step) ? { step: reason.step } : {}) }])
          store.failBuild(buildId, reason)
          blog.warn({ reason: reason.message, step: 'step' in reason ? reason.step : undefined }, 'template build failed')
        },
      ).finally(() => running.delete(buildId))
      running.set(buildId, { templateId, abort, done })
    },

    /** Waits for a build in flight (tests and shutdown). */
    async settled(buildId: string): Promise<void> {
      await running.get(buildId)?.done
    },

    status(templateId: string, buildId: string, q: { logsOffset?: number; limit?: number; level?: LogLevel }) {
      templateOrThrow(templateId)
      const b = buildOf(templateId, buildId)
      const limit = Math.min(100, Math.max(0, q.limit ?? 100))
      const logEntries = b.status === 'waiting' ? [] : store.logs(buildId, { offset: Math.max(0, q.logsOffset ?? 0), limit, minLevel: q.level })
      let reason: { message: string; step?: string; logEntries: LogEntry[] } | undefined
      if (b.status === 'error' && b.reason) {
        const stepLogs = b.reason.step ? store.logs(buildId, { offset: 0, limit: 100, minLevel: 'warn', step: b.reason.step }) : []
        reason = { message: b.reason.message, ...(b.reason.step ? { step: b.reason.step } : {}), logEntries: stepLogs }
      }
      return { templateID: b.templateId, buildID: b.buildId, status: b.status, logs: [] as string[], logEntries, ...(reason ? { reason } : {}) }
    },

    logs(templateId: string, buildId: string, q: { cursor?: number; limit?: number; level?: LogLevel }) {
      buildOf(templateId, buildId)
      return store.logs(buildId, { offset: Math.max(0, q.cursor ?? 0), limit: Math.min(1000, Math.max(1, q.limit ?? 100)), minLevel: q.level })
    },

    /** GET /templates/aliases/{alias}: base and every template with a ready build. */
    alias(alias: string): { templateID: string; public: boolean } {
      const ref = parseTemplateRef(alias)
      if (ref.alias === BASE_TEMPLATE_ID) return { templateID: BASE_TEMPLATE_ID, public: true }
      const t = liveTemplate(ref.alias)
      if (!t) throw new NotFoundError(`template '${alias}' not found`)
      return { templateID: t.templateId, public: false }
    },

    list(): { template: TemplateRow; builds: BuildRow[]; tags: string[] }[] {
      return store.listTemplates()
        .map((t) => ({ template: t, builds: store.buildsOf(t.templateId), tags: store.tagsOf(t.templateId).map((x) => x.tag) }))
        .filter((x) => x.tags.length > 0)
    },

    get(ref: string): { template: TemplateRow; builds: BuildRow[]; tags: string[] } {
      const t = templateOrThrow(ref)
      return { template: t, builds: store.buildsOf(t.templateId), tags: store.tagsOf(t.templateId).map((x) => x.tag) }
    },

    /** True when `ref` names a stored template (so DELETE /templates/{id} is ours, not a snapshot's). */
    owns(ref: string): boolean {
      return store.findTemplate(ref) !== undefined
    },

    async remove(ref: string): Promise<void> {
      if (parseTemplateRef(ref).alias === BASE_TEMPLATE_ID) throw new InvalidArgumentError(`the built-in template '${BASE_TEMPLATE_ID}' cannot be deleted`)
      const t = templateOrThrow(ref)
      if (deps.inUse(t.templateId)) throw new InvalidArgumentError(`template '${ref}' is used by running or paused sandboxes; kill them first`)
      for (const r of running.values()) if (r.templateId === t.templateId) r.abort.abort(new Error('the template was deleted'))
      const builds = store.buildsOf(t.templateId)
      store.deleteTemplate(t.templateId)
      for (const b of builds) {
        if (!b.image) continue
        const removed = await deps.runtime.removeImage(b.image).catch((err: unknown) => err)
        if (removed !== 'removed' && removed !== 'missing') log.warn({ err: removed, image: b.image }, 'removing a template image failed')
      }
    },

    assignTags(target: string, tags: string[]): { buildID: string; tags: string[] } {
      const ref = parseTemplateRef(target)
      const t = liveTemplate(ref.alias)
      if (!t) throw new NotFoundError(`template '${ref.alias}' not found`)
      const from = store.tag(t.templateId, ref.tag ?? 'default')
      if (!from) throw new NotFoundError(`tag '${ref.tag}' does not exist for template '${ref.alias}'`)
      const clean = [...new Set(tags.map(validateTag))]
      if (clean.length === 0) throw new InvalidArgumentError('tags must not be empty')
      store.assignTags(t.templateId, clean, from.buildId)
      return { buildID: from.buildId, tags: clean }
    },

    removeTags(name: string, tags: string[]): void {
      const t = liveTemplate(parseTemplateRef(name).alias)
      if (!t) throw new NotFoundError(`template '${name}' not found`)
      const clean = tags.map(validateTag)
      if (clean.includes('default')) throw new InvalidArgumentError("the 'default' tag cannot be removed")
      const missing = clean.filter((tag) => !store.tag(t.templateId, tag))
      if (missing.length > 0) throw new NotFoundError(`tag '${missing[0]}' does not exist for template '${t.alias}'`)
      store.removeTags(t.templateId, clean)
    },

    tags(templateId: string): { tag: string; buildID: string; createdAt: string }[] {
      const t = liveTemplate(templateId)
      if (!t) throw new NotFoundError(`template '${templateId}' not found`)
      return store.tagsOf(t.templateId).map((x) => ({ tag: x.tag, buildID: x.buildId, createdAt: x.createdAt }))
    },

    resolveImage,
    recordSpawn: (templateId: string) => store.recordSpawn(templateId),
  }
}

export type TemplateService = ReturnType<typeof createTemplateService>
