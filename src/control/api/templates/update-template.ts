// PATCH /v2/templates/{id} (TemplateUpdateResponse: the names) and the deprecated PATCH
// /templates/{id} (200, no body): set a template's public flag (`e2b template publish`).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { TemplateParams } from './schemas.js'

const TemplateUpdate = Type.Object({ public: Type.Optional(Type.Boolean()) })

export const updateTemplateRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.patch(
    '/v2/templates/:templateID',
    {
      schema: {
        params: TemplateParams,
        body: TemplateUpdate,
        response: { 200: Type.Object({ names: Type.Array(Type.String()) }), '4xx': ErrorBody },
      },
    },
    async (req) => {
      if (req.body.public === undefined) return { names: [(await templates.get(req.params.templateID)).template.alias] }
      return { names: await templates.setPublic(req.params.templateID, req.body.public) }
    },
  )
  // compat: the deprecated route answers 200 with an empty body.
  app.patch(
    '/templates/:templateID',
    {
      schema: {
        params: TemplateParams,
        body: TemplateUpdate,
        response: { 200: Type.String({ maxLength: 0 }), '4xx': ErrorBody },
      },
    },
    async (req, reply) => {
      if (req.body.public === undefined) await templates.get(req.params.templateID)
      else await templates.setPublic(req.params.templateID, req.body.public)
      return reply.code(200).send('')
    },
  )
}
