// DELETE /volumecontent/{volumeID}/path?path: a file, or a directory with everything in it (204).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ContentError, ContentParams, PathQuery, type ContentRouteDeps } from './schemas.js'

export const deletePathRoute: FastifyPluginAsyncTypebox<ContentRouteDeps> = async (app, { volumes }) => {
  app.delete(
    '/volumecontent/:volumeID/path',
    { schema: { params: ContentParams, querystring: PathQuery, response: { 204: Type.Null(), '4xx': ContentError } } },
    async (req, reply) => {
      await (await volumes.content(req.params.volumeID)).remove(req.query.path)
      return reply.code(204).send(null)
    },
  )
}
