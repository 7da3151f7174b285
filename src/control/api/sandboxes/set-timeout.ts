// POST /sandboxes/{id}/timeout (may shorten) and POST /sandboxes/{id}/refreshes (extends only).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody, SandboxParams, TimeoutBody } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

export const setTimeoutRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node }) => {
  app.post(
    '/sandboxes/:sandboxID/timeout',
    { schema: { params: SandboxParams, body: TimeoutBody, response: { 204: Type.Null(), '4xx': ErrorBody } } },
    async (req, reply) => {
      await node.setTimeout(req.params.sandboxID, req.body.timeout)
      return reply.code(204).send(null)
    },
  )
  app.post(
    '/sandboxes/:sandboxID/refreshes',
    {
      schema: {
        params: SandboxParams,
        body: Type.Object({ duration: Type.Optional(Type.Integer({ minimum: 0, maximum: 3600 })) }),
        response: { 204: Type.Null(), '4xx': ErrorBody },
      },
    },
    async (req, reply) => {
      // compat: upstream's default and floor for a refresh is 15 s.
      await node.refresh(req.params.sandboxID, Math.max(15, req.body.duration ?? 15))
      return reply.code(204).send(null)
    },
  )
}
