// GET /volumecontent/{volumeID}/file?path: the file's bytes (an empty file has an empty body).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ContentError, ContentParams, PathQuery, type ContentRouteDeps } from './schemas.js'

export const readFileRoute: FastifyPluginAsyncTypebox<ContentRouteDeps> = async (app, { volumes }) => {
  app.get(
    '/volumecontent/:volumeID/file',
    {
      schema: { params: ContentParams, querystring: PathQuery, response: { 200: Type.Unknown(), '4xx': ContentError } },
    },
    async (req, reply) => {
      const { size, stream } = await (await volumes.content(req.params.volumeID)).read(req.query.path)
      return reply.type('application/octet-stream').header('content-length', String(size)).send(stream)
    },
  )
}
