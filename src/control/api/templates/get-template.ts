// GET /templates/{id}: a template (by id or alias) with its builds, paged (`?limit&nextToken`, X-Next-Token while more remain).
import { PageQuery, pageOf } from '../paging.js'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { TemplateDetail, templateDetailBody, TemplateParams } from './schemas.js'

export const getTemplateRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.get(
    '/templates/:templateID',
    { schema: { params: TemplateParams, querystring: PageQuery, response: { 200: TemplateDetail, '4xx': ErrorBody } } },
    async (req, reply) => {
      const { template, builds } = await templates.get(req.params.templateID)
      return templateDetailBody(
        template,
        pageOf(builds, (b) => b.buildId, req.query, reply),
      )
    },
  )
}
