// POST /sandboxes/{id}/fork: count new sandboxes from the source's filesystem, one result each.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { statusOf } from '../../../shared/http-errors.js'
import { ErrorBody, Sandbox, SandboxParams, sandboxBody } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

export const forkSandboxRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node, domain }) => {
  app.post(
    '/sandboxes/:sandboxID/fork',
    {
      schema: {
        params: SandboxParams,
        body: Type.Object({
          timeout: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
          count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        }),
        response: {
          201: Type.Array(Type.Object({ sandbox: Type.Optional(Sandbox), error: Type.Optional(ErrorBody) })),
          '4xx': ErrorBody,
        },
      },
    },
    async (req, reply) => {
      // compat: upstream's fork timeout defaults to 15 s.
      const results = await node.fork(req.params.sandboxID, {
        timeoutS: req.body.timeout ?? 15,
        count: req.body.count ?? 1,
      })
      return reply
        .code(201)
        .send(
          results.map((r) =>
            'sandbox' in r
              ? { sandbox: sandboxBody(r.sandbox, domain) }
              : { error: { code: statusOf(r.error), message: r.error.message } },
          ),
        )
    },
  )
}
