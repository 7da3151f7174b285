// The template service (the API's side of templates): assembles the catalog, tags, uploads and the
// build queue over one SQLite store. Builds themselves run on a node (TemplateNode).
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { createBuildQueue } from './build-queue.js'
import type { BuiltinTemplate } from '../../node/builds/builtins.js'
import { createCatalog } from './catalog.js'
import { templateOrThrow } from './lookups.js'
import type { TemplateLookup } from '../../node/sandboxes/template-resolver.js'
import { createTags } from './tags.js'
import type { TemplateStore } from './template-store.js'
import type { TemplateNode } from '../../node/sandbox-node.js'
import { createUploads, type Uploads } from './uploads.js'

export type TemplateServiceDeps = Readonly<{
  store: TemplateStore
  builtins: readonly BuiltinTemplate[]
  /** Built and built-in templates by reference (a build's fromTemplate). */
  lookup: (ref: string) => Promise<TemplateLookup>
  node: TemplateNode
  log: Logger
  dataDir: string
  /** Secret for upload URLs (derived from the server's seed, so URLs survive a restart). */
  uploadSecret: Buffer
  maxConcurrentBuilds: number
  limits: { maxCpu: number; maxMemoryMB: number }
  /** What a built-in's sandboxes get (the server's defaults), as listed. */
  builtinResources: { cpuCount: number; memoryMB: number }
  /** Shares uploads beyond this process (a cluster keeps them in PostgreSQL for the node that builds). */
  shareUploads?: (local: Uploads) => Uploads
  /** Renew running builds' leases (a cluster's replicas share the store; see build-queue.ts). */
  buildLease?: { renewMs: number }
  /** Lines of output a build stores (SANDOCK_BUILD_LOG_MAX_LINES; build-log.ts). */
  buildLogMaxLines?: number
}>

/** Where uploads are kept (`<hash>.tar`); builds read them from here. */
export const templateFilesDir = (dataDir: string) => join(dataDir, 'template-files')

export function createTemplateService(deps: TemplateServiceDeps) {
  const { store, node } = deps
  const log = deps.log.child({ component: 'templates' })
  const filesDir = templateFilesDir(deps.dataDir)
  const local = createUploads({ filesDir, secret: deps.uploadSecret })
  const uploads = deps.shareUploads ? deps.shareUploads(local) : local
  const queue = createBuildQueue({
    store,
    node,
    uploads,
    lookup: deps.lookup,
    maxConcurrentBuilds: deps.maxConcurrentBuilds,
    buildLogMaxLines: deps.buildLogMaxLines,
    log,
    lease: deps.buildLease,
  })
  const catalog = createCatalog({
    store,
    builtins: deps.builtins,
    node,
    queue,
    limits: deps.limits,
    builtinResources: deps.builtinResources,
    log,
  })

  const tags = createTags(store)

  return {
    ...catalog,
    ...tags,
    /** A template's tags; a built-in (listed like any template) has `default` on its one build. */
    tags: async (ref: string) => (await catalog.builtinTags(ref)) ?? tags.tags(ref),
    startBuild: queue.start,
    /** The upload link of a template's files (404 for an unknown template). */
    async fileUploadLink(templateId: string, hash: string, baseUrl: string) {
      await templateOrThrow(store, templateId)
      return uploads.link(hash, baseUrl)
    },
    receiveUpload: uploads.receive,
    /** At boot: builds a restart interrupted fail (their containers are removed). */
    async recover(): Promise<void> {
      await mkdir(filesDir, { recursive: true, mode: 0o700 })
      await queue.recover()
    },
    async close(): Promise<void> {
      await queue.close()
      await store.close()
    },
  }
}

export type TemplateService = ReturnType<typeof createTemplateService>
