// POST /v2/sandboxes/{id}/connect and /sandboxes/{id}/connect: 200 running (extend only), 201 resumed.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ConnectBody, ErrorBody, Sandbox, SandboxParams, sandboxBody } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

export const connectSandboxRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node, domain }) => {
  for (const url of ['/v2/sandboxes/:sandboxID/connect', '/sandboxes/:sandboxID/connect']) {
    app.post(
      url,
      {
        schema: {
          params: SandboxParams,
          body: ConnectBody,
          response: { 200: Sandbox, 201: Sandbox, '4xx': ErrorBody },
        },
      },
      async (req, reply) => {
        const { sandbox, resumed } = await node.connect(req.params.sandboxID, req.body.timeout, {
          memory: req.body.memory,
        })
        return reply.code(resumed ? 201 : 200).send(sandboxBody(sandbox, domain))
      },
    )
  }
}
