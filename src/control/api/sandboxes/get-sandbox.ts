// GET /sandboxes/{sandboxID}: SandboxDetail, running or paused.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { detailBody, ErrorBody, SandboxDetail, SandboxParams } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

export const getSandboxRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node, domain }) => {
  app.get(
    '/sandboxes/:sandboxID',
    { schema: { params: SandboxParams, response: { 200: SandboxDetail, '4xx': ErrorBody } } },
    async (req) => detailBody(await node.get(req.params.sandboxID), domain),
  )
}
