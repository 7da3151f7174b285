// PUT /sandboxes/{sandboxID}/network: replaces the sandbox's egress rules, live.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorBody, NetworkUpdate, SandboxParams } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

export const updateNetworkRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node }) => {
  app.put(
    '/sandboxes/:sandboxID/network',
    { schema: { params: SandboxParams, body: NetworkUpdate, response: { 204: Type.Null(), '4xx': ErrorBody } } },
    async (req, reply) => {
      const b = req.body
      // compat: the update replaces the egress config; omitted lists are cleared.
      await node.updateNetwork(req.params.sandboxID, {
        allowOut: b.allowOut ?? undefined,
        denyOut: b.denyOut ?? undefined,
        egressProxy: b.egressProxy,
        rules: b.rules,
        allowInternetAccess: b.allow_internet_access ?? undefined,
      })
      return reply.code(204).send(null)
    },
  )
}
