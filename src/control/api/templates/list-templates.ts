// GET /templates and GET /v2/templates: every template with a ready build, newest first; v2 paged
// (`?limit&nextToken`, X-Next-Token while more remain), the deprecated v1 whole.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PageQuery, pageOf } from '../paging.js'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { ListedTemplate, listedTemplateBody } from './schemas.js'

export const listTemplatesRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.get('/templates', { schema: { response: { 200: Type.Array(ListedTemplate), '4xx': ErrorBody } } }, async () =>
    (await templates.list()).map((x) => listedTemplateBody(x.template, x.builds)),
  )
  app.get(
    '/v2/templates',
    { schema: { querystring: PageQuery, response: { 200: Type.Array(ListedTemplate), '4xx': ErrorBody } } },
    async (req, reply) =>
      pageOf(await templates.list(), (x) => x.template.templateId, req.query, reply).map((x) =>
        listedTemplateBody(x.template, x.builds),
      ),
  )
}
