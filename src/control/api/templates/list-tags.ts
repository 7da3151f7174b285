// GET /templates/{id}/tags: a template's tags and the builds they name.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { TemplateParams } from './schemas.js'

export const listTagsRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.get(
    '/templates/:templateID/tags',
    {
      schema: {
        params: TemplateParams,
        response: {
          200: Type.Array(Type.Object({ tag: Type.String(), buildID: Type.String(), createdAt: Type.String() })),
          '4xx': ErrorBody,
        },
      },
    },
    async (req) =>
      (await templates.tags(req.params.templateID)).map((t) => ({
        tag: t.tag,
        buildID: t.buildId,
        createdAt: t.createdAt,
      })),
  )
}
