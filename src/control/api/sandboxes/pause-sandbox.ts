// POST /sandboxes/{id}/pause (409 when already paused) and the deprecated /resume (409 when running).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody, Sandbox, SandboxParams, sandboxBody } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

export const pauseSandboxRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node, domain }) => {
  app.post(
    '/sandboxes/:sandboxID/pause',
    {
      schema: {
        params: SandboxParams,
        body: Type.Object({ memory: Type.Optional(Type.Boolean()) }),
        response: { 204: Type.Null(), '4xx': ErrorBody },
      },
    },
    async (req, reply) => {
      // compat: memory defaults to true (processes and memory kept); false keeps the filesystem only.
      await node.pause(req.params.sandboxID, { memory: req.body.memory !== false })
      return reply.code(204).send(null)
    },
  )
  app.post(
    '/sandboxes/:sandboxID/resume',
    {
      schema: {
        params: SandboxParams,
        body: Type.Object({
          timeout: Type.Optional(Type.Integer({ minimum: 0 })),
          autoPause: Type.Optional(Type.Boolean()),
        }),
        response: { 201: Sandbox, '4xx': ErrorBody },
      },
    },
    async (req, reply) => {
      // compat: the deprecated resume defaults to 15 s.
      const sandbox = await node.resume(req.params.sandboxID, req.body.timeout ?? 15)
      return reply.code(201).send(sandboxBody(sandbox, domain))
    },
  )
}
