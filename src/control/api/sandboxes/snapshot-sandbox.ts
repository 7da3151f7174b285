// POST /sandboxes/{id}/snapshots: the sandbox's filesystem as a snapshot, usable as a template.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody, SandboxParams, SnapshotInfo } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

export const snapshotSandboxRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node }) => {
  app.post(
    '/sandboxes/:sandboxID/snapshots',
    {
      schema: {
        params: SandboxParams,
        body: Type.Object({ name: Type.Optional(Type.String({ maxLength: 128 })) }),
        response: { 201: SnapshotInfo, '4xx': ErrorBody },
      },
    },
    async (req, reply) => {
      const s = await node.snapshot(req.params.sandboxID, req.body.name || undefined)
      return reply.code(201).send({ snapshotID: s.snapshotId, names: s.names })
    },
  )
}
