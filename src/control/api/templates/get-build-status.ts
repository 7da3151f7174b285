// GET /templates/{id}/builds/{buildID}/status: the build's state, its log entries from logsOffset,
// and why it failed (with that step's warnings).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { BuildParams, BuildStatus, buildStatusBody, Level } from './schemas.js'

export const getBuildStatusRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.get(
    '/templates/:templateID/builds/:buildID/status',
    {
      schema: {
        params: BuildParams,
        querystring: Type.Object({
          logsOffset: Type.Optional(Type.Integer({ minimum: 0 })),
          limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
          level: Level,
        }),
        response: { 200: BuildStatus, '4xx': ErrorBody },
      },
    },
    async (req) => buildStatusBody(await templates.status(req.params.templateID, req.params.buildID, req.query)),
  )
}
