// POST /sandboxes/{id}/snapshots and GET /snapshots (DELETE /templates/{id} is a template route).
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { InvalidArgumentError } from '../../../shared/errors.js'
import type { SandboxService } from '../../sandboxes/service.js'
import type { SnapshotService } from '../../sandboxes/snapshots.js'
import { ErrorBody, SandboxParams } from '../schemas.js'

const SnapshotInfo = Type.Object({ snapshotID: Type.String(), names: Type.Array(Type.String()) })

export const snapshotRoutes: FastifyPluginAsyncTypebox<{ sandboxes: SandboxService; snapshots: SnapshotService }> = async (app, { sandboxes, snapshots }) => {
  app.post('/sandboxes/:sandboxID/snapshots', {
    schema: { params: SandboxParams, body: Type.Object({ name: Type.Optional(Type.String({ maxLength: 128 })) }), response: { 201: SnapshotInfo, '4xx': ErrorBody } },
  }, async (req, reply) => {
    const s = await sandboxes.snapshot(req.params.sandboxID, req.body.name || undefined)
    return reply.code(201).send({ snapshotID: s.snapshotId, names: s.names })
  })

  app.get('/snapshots', {
    schema: {
      querystring: Type.Object({ sandboxID: Type.Optional(Type.String()), name: Type.Optional(Type.String()), limit: Type.Optional(Type.Integer()), nextToken: Type.Optional(Type.String()) }),
      response: { 200: Type.Array(SnapshotInfo), '4xx': ErrorBody },
    },
  }, async (req, reply) => {
    const all = await snapshots.list({ sandboxId: req.query.sandboxID, name: req.query.name })
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
    if (start + limit < all.length && page.length > 0) reply.header('x-next-token', Buffer.from(page.at(-1)!.snapshotId).toString('base64url'))
    return page.map((s) => ({ snapshotID: s.snapshotId, names: s.names }))
  })
}
