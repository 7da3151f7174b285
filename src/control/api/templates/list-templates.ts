// GET /templates and GET /v2/templates: every template with a ready build, newest first.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { ListedTemplate, listedTemplateBody } from './schemas.js'

export const listTemplatesRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  for (const url of ['/templates', '/v2/templates']) {
    app.get(url, { schema: { response: { 200: Type.Array(ListedTemplate), '4xx': ErrorBody } } }, async () =>
      (await templates.list()).map((x) => listedTemplateBody(x.template, x.builds)))
  }
}
