// GET /templates/{id}/files/{hash}: whether a COPY step's files are here, and where to upload them.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'

/** Where the client reached us: the upload URL must work from there. */
const publicBase = (req: FastifyRequest) =>
  `${req.protocol}://${req.headers.host ?? `localhost:${req.socket.localPort}`}`

export const uploadLinkRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.get(
    '/templates/:templateID/files/:hash',
    {
      schema: {
        params: Type.Object({
          templateID: Type.String({ minLength: 1 }),
          hash: Type.String({ minLength: 1, maxLength: 128 }),
        }),
        response: { 201: Type.Object({ present: Type.Boolean(), url: Type.String() }), '4xx': ErrorBody },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await templates.fileUploadLink(req.params.templateID, req.params.hash, publicBase(req))),
  )
}
