// GET /volumecontent/{volumeID}/path?path: one entry (a final symlink is described, not followed).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ContentError, ContentParams, PathQuery, VolumeEntryStat, type ContentRouteDeps } from './schemas.js'

export const statPathRoute: FastifyPluginAsyncTypebox<ContentRouteDeps> = async (app, { volumes }) => {
  app.get(
    '/volumecontent/:volumeID/path',
    {
      schema: {
        params: ContentParams,
        querystring: PathQuery,
        response: { 200: VolumeEntryStat, '4xx': ContentError },
      },
    },
    async (req) => (await volumes.content(req.params.volumeID)).stat(req.query.path),
  )
}
