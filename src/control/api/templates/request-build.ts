// POST /v3/templates: a new build of a template (created for a new name); 202 with its ids.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import type { TemplateRouteDeps } from './deps.js'
import { Tags } from './schemas.js'

export const requestBuildRoute: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, { templates }) => {
  app.post(
    '/v3/templates',
    {
      schema: {
        body: Type.Object({
          name: Type.Optional(Type.String({ maxLength: 128 })),
          alias: Type.Optional(Type.String({ maxLength: 128 })),
          tags: Type.Optional(Tags),
          cpuCount: Type.Optional(Type.Integer()),
          memoryMB: Type.Optional(Type.Integer()),
          // Free disk (MiB) after the build's steps; 0 asks for none (upstream's MinFreeDiskMb).
          minFreeDiskMb: Type.Optional(Type.Integer({ minimum: 0 })),
        }),
        response: {
          202: Type.Object({
            templateID: Type.String(),
            buildID: Type.String(),
            public: Type.Boolean(),
            names: Type.Array(Type.String()),
            aliases: Type.Array(Type.String()),
            tags: Type.Array(Type.String()),
          }),
          '4xx': ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const { template, build, tags } = await templates.requestBuild(req.body)
      return reply.code(202).send({
        templateID: template.templateId,
        buildID: build.buildId,
        public: false,
        names: [template.alias],
        aliases: [template.alias],
        tags,
      })
    },
  )
}
