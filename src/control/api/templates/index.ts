// The template routes: build (v3 request, file uploads, v2 start, status, logs), aliases, tags,
// listing, and DELETE /templates/{id} (templates and, as the SDK deletes them, snapshots).
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import { ENVD_VERSION } from '../../../shared/envd.js'
import type { SnapshotService } from '../../sandboxes/snapshots.js'
import type { BuildRow, TemplateRow } from '../../templates/template-store.js'
import type { TemplateService } from '../../templates/template-service.js'
import { ErrorBody } from '../schemas.js'

export type TemplateRouteDeps = { templates: TemplateService; snapshots: SnapshotService }

const TemplateParams = Type.Object({ templateID: Type.String({ minLength: 1, maxLength: 256 }) })
const BuildParams = Type.Object({ templateID: Type.String({ minLength: 1, maxLength: 256 }), buildID: Type.String({ minLength: 1, maxLength: 64 }) })
const Level = Type.Optional(Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')]))
const LogEntry = Type.Object({ timestamp: Type.String(), level: Type.String(), message: Type.String(), step: Type.Optional(Type.String()) })
const Tags = Type.Array(Type.String({ maxLength: 128 }), { maxItems: 50 })

const Step = Type.Object({
  type: Type.String({ minLength: 1, maxLength: 32 }),
  args: Type.Optional(Type.Array(Type.String({ maxLength: 1024 * 1024 }), { maxItems: 1000 })),
  filesHash: Type.Optional(Type.String({ maxLength: 128 })),
  force: Type.Optional(Type.Boolean()),
})

const StartBuild = Type.Object({
  fromImage: Type.Optional(Type.String({ maxLength: 512 })),
  fromTemplate: Type.Optional(Type.String({ maxLength: 256 })),
  fromImageRegistry: Type.Optional(Type.Object({
    type: Type.Optional(Type.String()), username: Type.Optional(Type.String()), password: Type.Optional(Type.String()), serverAddress: Type.Optional(Type.String()),
  })),
  force: Type.Optional(Type.Boolean()),
  steps: Type.Optional(Type.Array(Step, { maxItems: 1000 })),
  startCmd: Type.Optional(Type.String({ maxLength: 65536 })),
  readyCmd: Type.Optional(Type.String({ maxLength: 65536 })),
})

const lastReady = (builds: BuildRow[]) => builds.find((b) => b.status === 'ready')

function templateView(t: TemplateRow, builds: BuildRow[]) {
  const ready = lastReady(builds)
  return {
    templateID: t.templateId, buildID: ready?.buildId ?? '', cpuCount: t.cpuCount, memoryMB: t.memoryMB, diskSizeMB: 0, public: false,
    aliases: [t.alias], names: [t.alias], createdAt: t.createdAt, updatedAt: t.updatedAt, createdBy: null,
    lastSpawnedAt: t.lastSpawnedAt, spawnCount: t.spawnCount, buildCount: builds.length, envdVersion: ENVD_VERSION,
    buildStatus: builds[0]?.status ?? 'waiting',
  }
}

const buildView = (b: BuildRow) => ({
  buildID: b.buildId, status: b.status, createdAt: b.createdAt, updatedAt: b.updatedAt, finishedAt: b.finishedAt ?? undefined,
  cpuCount: b.cpuCount, memoryMB: b.memoryMB, envdVersion: ENVD_VERSION,
})

/** Where the client reached us: the upload URL must work from there. */
const publicBase = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? `localhost:${req.socket.localPort}`}`

export const templateRoutes: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates, snapshots }) => {
  app.post('/v3/templates', {
    schema: {
      body: Type.Object({
        name: Type.Optional(Type.String({ maxLength: 128 })), alias: Type.Optional(Type.String({ maxLength: 128 })), tags: Type.Optional(Tags),
        cpuCount: Type.Optional(Type.Integer()), memoryMB: Type.Optional(Type.Integer()), minFreeDiskMb: Type.Optional(Type.Integer()),
      }),
    },
  }, async (req, reply) => {
    const { template, build, tags } = templates.requestBuild(req.body)
    return reply.code(202).send({ templateID: template.templateId, buildID: build.buildId, public: false, names: [template.alias], aliases: [template.alias], tags })
  })

  app.get('/templates/:templateID/files/:hash', {
    schema: { params: Type.Object({ templateID: Type.String({ minLength: 1 }), hash: Type.String({ minLength: 1, maxLength: 128 }) }) },
  }, async (req, reply) => reply.code(201).send(await templates.fileUploadLink(req.params.templateID, req.params.hash, publicBase(req))))

  // The upload itself: no API key (the client sends none), authorised by the URL's HMAC token.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<TypeBoxTypeProvider>()
    uploads.removeAllContentTypeParsers()
    uploads.addContentTypeParser('*', (_req, payload, done) => done(null, payload))
    uploads.put('/template-files/:hash', {
      schema: { params: Type.Object({ hash: Type.String() }), querystring: Type.Object({ expires: Type.Optional(Type.Integer()), token: Type.Optional(Type.String()) }) },
    }, async (req, reply) => {
      const length = req.headers['content-length'] !== undefined ? Number(req.headers['content-length']) : undefined
      await templates.receiveUpload(req.params.hash, req.query.expires ?? 0, req.query.token ?? '', length, (req.body as Readable | undefined) ?? req.raw)
      return reply.code(201).send(null)
    })
  })

  app.post('/v2/templates/:templateID/builds/:buildID', { schema: { params: BuildParams, body: StartBuild } }, async (req, reply) => {
    await templates.startBuild(req.params.templateID, req.params.buildID, req.body)
    // compat: the SDK parses a chunked empty 202 as JSON and fails; Content-Length: 0 it accepts.
    return reply.code(202).header('content-length', '0').send('')
  })

  app.get('/templates/:templateID/builds/:buildID/status', {
    schema: {
      params: BuildParams,
      querystring: Type.Object({ logsOffset: Type.Optional(Type.Integer({ minimum: 0 })), limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })), level: Level }),
      response: {
        200: Type.Object({
          templateID: Type.String(), buildID: Type.String(), status: Type.String(), logs: Type.Array(Type.String()), logEntries: Type.Array(LogEntry),
          reason: Type.Optional(Type.Object({ message: Type.String(), step: Type.Optional(Type.String()), logEntries: Type.Array(LogEntry) })),
        }),
        '4xx': ErrorBody,
      },
    },
  }, async (req) => templates.status(req.params.templateID, req.params.buildID, req.query))

  app.get('/templates/:templateID/builds/:buildID/logs', {
    schema: {
      params: BuildParams,
      querystring: Type.Object({ cursor: Type.Optional(Type.Integer({ minimum: 0 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })), level: Level }),
      response: { 200: Type.Object({ logs: Type.Array(LogEntry) }), '4xx': ErrorBody },
    },
  }, async (req) => ({ logs: templates.logs(req.params.templateID, req.params.buildID, req.query) }))

  app.get('/templates/aliases/:alias', {
    schema: { params: Type.Object({ alias: Type.String({ minLength: 1, maxLength: 256 }) }), response: { 200: Type.Object({ templateID: Type.String(), public: Type.Boolean() }), '4xx': ErrorBody } },
  }, async (req) => templates.alias(req.params.alias))

  const list = async () => templates.list().map((x) => templateView(x.template, x.builds))
  app.get('/templates', async () => list())
  app.get('/v2/templates', async () => list())

  app.get('/templates/:templateID', { schema: { params: TemplateParams } }, async (req) => {
    const { template: t, builds } = templates.get(req.params.templateID)
    return {
      templateID: t.templateId, public: false, aliases: [t.alias], names: [t.alias], createdAt: t.createdAt, updatedAt: t.updatedAt,
      lastSpawnedAt: t.lastSpawnedAt, spawnCount: t.spawnCount, builds: builds.map(buildView),
    }
  })

  app.delete('/templates/:templateID', { schema: { params: TemplateParams, response: { 204: Type.Null(), '4xx': ErrorBody } } }, async (req, reply) => {
    if (templates.owns(req.params.templateID)) await templates.remove(req.params.templateID)
    else await snapshots.remove(req.params.templateID)
    return reply.code(204).send(null)
  })

  app.post('/templates/tags', {
    schema: { body: Type.Object({ target: Type.String({ minLength: 1, maxLength: 256 }), tags: Tags }), response: { 201: Type.Object({ buildID: Type.String(), tags: Type.Array(Type.String()) }), '4xx': ErrorBody } },
  }, async (req, reply) => reply.code(201).send(templates.assignTags(req.body.target, req.body.tags)))

  app.delete('/templates/tags', {
    schema: { body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 256 }), tags: Tags }), response: { 204: Type.Null(), '4xx': ErrorBody } },
  }, async (req, reply) => {
    templates.removeTags(req.body.name, req.body.tags)
    return reply.code(204).send(null)
  })

  app.get('/templates/:templateID/tags', {
    schema: { params: TemplateParams, response: { 200: Type.Array(Type.Object({ tag: Type.String(), buildID: Type.String(), createdAt: Type.String() })), '4xx': ErrorBody } },
  }, async (req) => templates.tags(req.params.templateID))
}
