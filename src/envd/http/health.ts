// GET /health: 204, no auth, never cached.
import type { FastifyInstance } from 'fastify'

export async function healthRoute(app: FastifyInstance) {
  app.get('/health', async (_req, reply) => reply.code(204).header('cache-control', 'no-store').send())
}
