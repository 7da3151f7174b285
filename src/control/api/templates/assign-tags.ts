// POST /templates/tags: points more tags at the build `target` (alias[:tag]) names; 201.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { Tags } from './schemas.js'

export const assignTagsRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.post(
    '/templates/tags',
    {
      schema: {
        body: Type.Object({ target: Type.String({ minLength: 1, maxLength: 256 }), tags: Tags }),
        response: { 201: Type.Object({ buildID: Type.String(), tags: Type.Array(Type.String()) }), '4xx': ErrorBody },
      },
    },
    async (req, reply) => {
      const assigned = await templates.assignTags(req.body.target, req.body.tags)
      return reply.code(201).send({ buildID: assigned.buildId, tags: assigned.tags })
    },
  )
}
