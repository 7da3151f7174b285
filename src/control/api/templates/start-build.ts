// POST /v2/templates/{id}/builds/{buildID}: validates the steps and starts the waiting build; 202.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { BuildParams, StartBuild } from './schemas.js'

export const startBuildRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.post(
    '/v2/templates/:templateID/builds/:buildID',
    {
      schema: {
        params: BuildParams,
        body: StartBuild,
        response: { 202: Type.String({ maxLength: 0 }), '4xx': ErrorBody },
      },
    },
    async (req, reply) => {
      await templates.startBuild(req.params.templateID, req.params.buildID, req.body)
      // compat: the SDK parses a chunked empty 202 as JSON and fails; Content-Length: 0 it accepts.
      return reply.code(202).header('content-length', '0').send('')
    },
  )
}
