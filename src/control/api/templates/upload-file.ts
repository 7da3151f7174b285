// PUT /template-files/{hash}: the upload itself. No API key (the SDK sends none): authorised by the
// HMAC token in the URL that GET /templates/{id}/files/{hash} returned. The body streams to disk.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Readable } from 'node:stream'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'

export const uploadFileRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  // Its own scope: any content type is taken as the raw stream.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<TypeBoxTypeProvider>()
    uploads.removeAllContentTypeParsers()
    uploads.addContentTypeParser('*', (_req, payload, done) => done(null, payload))
    uploads.put(
      '/template-files/:hash',
      {
        schema: {
          params: Type.Object({ hash: Type.String() }),
          querystring: Type.Object({ expires: Type.Optional(Type.Integer()), token: Type.Optional(Type.String()) }),
          response: { 201: Type.Null(), '4xx': ErrorBody },
        },
      },
      async (req, reply) => {
        const length = req.headers['content-length'] !== undefined ? Number(req.headers['content-length']) : undefined
        await templates.receiveUpload(
          req.params.hash,
          req.query.expires ?? 0,
          req.query.token ?? '',
          length,
          (req.body as Readable | undefined) ?? req.raw,
        )
        return reply.code(201).send(null)
      },
    )
  })
}
