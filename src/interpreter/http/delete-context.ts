// DELETE /contexts/{id}: shuts the kernel down; 404 `Context <id> not found` for an unknown id.
import type { FastifyInstance } from 'fastify'
import type { ContextRegistry } from '../contexts.js'
import { ContextParams } from './schemas.js'

export async function deleteContextRoute(app: FastifyInstance, { registry }: { registry: ContextRegistry }) {
  app.delete<{ Params: { id: string } }>('/contexts/:id', { schema: { params: ContextParams } }, async (req, reply) => {
    await registry.remove(req.params.id)
    return reply.code(200).send()
  })
}
