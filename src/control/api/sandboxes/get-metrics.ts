// GET /sandboxes/{id}/metrics (start/end in unix seconds) and GET /sandboxes/metrics?sandbox_ids=.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { InvalidArgumentError } from '../../../shared/errors.js'
import { ErrorBody, SandboxMetric, SandboxParams } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

export const getMetricsRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node }) => {
  app.get(
    '/sandboxes/:sandboxID/metrics',
    {
      schema: {
        params: SandboxParams,
        querystring: Type.Object({ start: Type.Optional(Type.Integer()), end: Type.Optional(Type.Integer()) }),
        response: { 200: Type.Array(SandboxMetric), '4xx': ErrorBody },
      },
    },
    async (req) => node.metrics(req.params.sandboxID, { startS: req.query.start, endS: req.query.end }),
  )

  app.get(
    '/sandboxes/metrics',
    {
      schema: {
        querystring: Type.Object({ sandbox_ids: Type.String({ minLength: 1 }) }),
        response: { 200: Type.Object({ sandboxes: Type.Record(Type.String(), SandboxMetric) }), '4xx': ErrorBody },
      },
    },
    async (req) => {
      const ids = [
        ...new Set(
          req.query.sandbox_ids
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ]
      if (ids.length > 100) throw new InvalidArgumentError('sandbox_ids: at most 100 ids')
      // compat: unknown ids and sandboxes without a sample yet are left out, not errors.
      return { sandboxes: await node.lastMetrics(ids) }
    },
  )
}
