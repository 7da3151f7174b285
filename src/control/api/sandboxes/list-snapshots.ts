// GET /snapshots: listed snapshots, newest first, by sandbox or name, paged (DELETE /templates/{id} deletes one).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { InvalidArgumentError } from '../../../shared/errors.js'
import { ErrorBody, SnapshotInfo } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

export const listSnapshotsRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node }) => {
  app.get(
    '/snapshots',
    {
      schema: {
        querystring: Type.Object({
          sandboxID: Type.Optional(Type.String()),
          name: Type.Optional(Type.String()),
          limit: Type.Optional(Type.Integer()),
          nextToken: Type.Optional(Type.String()),
        }),
        response: { 200: Type.Array(SnapshotInfo), '4xx': ErrorBody },
      },
    },
    async (req, reply) => {
      const all = await node.listSnapshots({ sandboxId: req.query.sandboxID, name: req.query.name })
      const limit = Math.min(100, Math.max(1, req.query.limit ?? 100))
      let start = 0
      if (req.query.nextToken) {
        // The token names the last snapshot of the previous page.
        const last = Buffer.from(req.query.nextToken, 'base64url').toString('utf8')
        const at = all.findIndex((s) => s.snapshotId === last)
        if (at < 0) throw new InvalidArgumentError('Invalid next token')
        start = at + 1
      }
      const page = all.slice(start, start + limit)
      if (start + limit < all.length && page.length > 0)
        reply.header('x-next-token', Buffer.from(page.at(-1)!.snapshotId).toString('base64url'))
      return page.map((s) => ({ snapshotID: s.snapshotId, names: s.names }))
    },
  )
}
