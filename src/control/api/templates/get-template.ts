// GET /templates/{id}: a template (by id or alias) with its builds.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { TemplateDetail, templateDetailBody, TemplateParams } from './schemas.js'

export const getTemplateRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.get('/templates/:templateID', { schema: { params: TemplateParams, response: { 200: TemplateDetail, '4xx': ErrorBody } } }, async (req) => {
    const { template, builds } = await templates.get(req.params.templateID)
    return templateDetailBody(template, builds)
  })
}
