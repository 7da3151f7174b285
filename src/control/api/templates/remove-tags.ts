// DELETE /templates/tags: removes tags of a template (never `default`); 204.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { Tags } from './schemas.js'

export const removeTagsRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.delete(
    '/templates/tags',
    {
      schema: {
        body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 256 }), tags: Tags }),
        response: { 204: Type.Null(), '4xx': ErrorBody },
      },
    },
    async (req, reply) => {
      await templates.removeTags(req.body.name, req.body.tags)
      return reply.code(204).send(null)
    },
  )
}
