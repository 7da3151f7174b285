// GET /templates/{id}/builds/{buildID}/logs: the build's log entries from a cursor.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { BuildParams, Level, LogEntry } from './schemas.js'

export const getBuildLogsRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.get(
    '/templates/:templateID/builds/:buildID/logs',
    {
      schema: {
        params: BuildParams,
        querystring: Type.Object({
          cursor: Type.Optional(Type.Integer({ minimum: 0 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
          level: Level,
        }),
        response: { 200: Type.Object({ logs: Type.Array(LogEntry) }), '4xx': ErrorBody },
      },
    },
    async (req) => ({ logs: await templates.logs(req.params.templateID, req.params.buildID, req.query) }),
  )
}
