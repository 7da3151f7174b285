// POST /volumecontent/{volumeID}/dir?path&uid&gid&mode&force: a new directory (201).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ContentError, ContentParams, CreateQuery, VolumeEntryStat, type ContentRouteDeps } from './schemas.js'

export const makeDirRoute: FastifyPluginAsyncTypebox<ContentRouteDeps> = async (app, { volumes }) => {
  app.post(
    '/volumecontent/:volumeID/dir',
    {
      schema: {
        params: ContentParams,
        querystring: CreateQuery,
        response: { 201: VolumeEntryStat, '4xx': ContentError },
      },
    },
    async (req, reply) => {
      const { path, ...own } = req.query
      return reply.code(201).send(await (await volumes.content(req.params.volumeID)).makeDir(path, own))
    },
  )
}
