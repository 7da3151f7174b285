// GET /templates/aliases/{alias}: the template id an alias names (built-ins are public).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'

export const getAliasRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.get(
    '/templates/aliases/:alias',
    {
      schema: {
        params: Type.Object({ alias: Type.String({ minLength: 1, maxLength: 256 }) }),
        response: { 200: Type.Object({ templateID: Type.String(), public: Type.Boolean() }), '4xx': ErrorBody },
      },
    },
    async (req) => {
      const a = await templates.alias(req.params.alias)
      return { templateID: a.templateId, public: a.public }
    },
  )
}
