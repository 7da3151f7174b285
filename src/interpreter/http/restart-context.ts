// POST /contexts/{id}/restart: a fresh kernel process under the same id (state gone, cwd kept).
import type { FastifyInstance } from 'fastify'
import type { ContextRegistry } from '../contexts.js'
import { ContextParams } from './schemas.js'

export async function restartContextRoute(app: FastifyInstance, { registry }: { registry: ContextRegistry }) {
  app.post<{ Params: { id: string } }>(
    '/contexts/:id/restart',
    { schema: { params: ContextParams } },
    async (req, reply) => {
      await registry.restart(req.params.id)
      return reply.code(200).send()
    },
  )
}
