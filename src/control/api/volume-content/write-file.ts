// PUT /volumecontent/{volumeID}/file?path&uid&gid&mode&force: an octet-stream upload (chunked or
// not), streamed to disk and put in place whole (201).
import type { Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ContentError, ContentParams, CreateQuery, VolumeEntryStat, type ContentRouteDeps } from './schemas.js'

export const writeFileRoute: FastifyPluginAsyncTypebox<ContentRouteDeps> = async (app, { volumes }) => {
  app.put(
    '/volumecontent/:volumeID/file',
    {
      schema: {
        params: ContentParams,
        querystring: CreateQuery,
        response: { 201: VolumeEntryStat, '4xx': ContentError },
      },
    },
    async (req, reply) => {
      const { path, ...own } = req.query
      const entry = await (await volumes.content(req.params.volumeID)).write(path, req.body as Readable, own)
      return reply.code(201).send(entry)
    },
  )
}
