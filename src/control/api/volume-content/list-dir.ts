// GET /volumecontent/{volumeID}/dir?path&depth: descendants down to depth (1–10), pre-order.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ContentError, ContentParams, ListQuery, VolumeEntryStat, type ContentRouteDeps } from './schemas.js'

export const listDirRoute: FastifyPluginAsyncTypebox<ContentRouteDeps> = async (app, { volumes }) => {
  app.get(
    '/volumecontent/:volumeID/dir',
    {
      schema: {
        params: ContentParams,
        querystring: ListQuery,
        response: { 200: Type.Array(VolumeEntryStat), '4xx': ContentError },
      },
    },
    async (req) => (await volumes.content(req.params.volumeID)).list(req.query.path, req.query.depth),
  )
}
