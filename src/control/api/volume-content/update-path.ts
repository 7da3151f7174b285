// PATCH /volumecontent/{volumeID}/path?path with JSON {uid?, gid?, mode?}: owner and mode.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ContentError,
  ContentParams,
  MetadataUpdate,
  PathQuery,
  VolumeEntryStat,
  type ContentRouteDeps,
} from './schemas.js'

export const updatePathRoute: FastifyPluginAsyncTypebox<ContentRouteDeps> = async (app, { volumes }) => {
  app.patch(
    '/volumecontent/:volumeID/path',
    {
      schema: {
        params: ContentParams,
        querystring: PathQuery,
        body: MetadataUpdate,
        response: { 200: VolumeEntryStat, '4xx': ContentError },
      },
    },
    async (req) => (await volumes.content(req.params.volumeID)).update(req.query.path, req.body),
  )
}
