// DELETE /sandboxes/{sandboxID}: kill a running or paused sandbox.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody, SandboxParams } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

export const killSandboxRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node }) => {
  app.delete(
    '/sandboxes/:sandboxID',
    { schema: { params: SandboxParams, response: { 204: Type.Null(), '4xx': ErrorBody } } },
    async (req, reply) => {
      await node.kill(req.params.sandboxID)
      return reply.code(204).send(null)
    },
  )
}
