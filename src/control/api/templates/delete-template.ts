// DELETE /templates/{id}: a template (refused while a sandbox uses it) or, as the SDK deletes them, a snapshot.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { TemplateParams } from './schemas.js'

export const deleteTemplateRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates, node }) => {
  app.delete(
    '/templates/:templateID',
    { schema: { params: TemplateParams, response: { 204: Type.Null(), '4xx': ErrorBody } } },
    async (req, reply) => {
      if (await templates.owns(req.params.templateID)) await templates.remove(req.params.templateID)
      else await node.removeSnapshot(req.params.templateID)
      return reply.code(204).send(null)
    },
  )
}
