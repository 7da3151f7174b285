// GET /health: JSON "OK" once the default contexts are up (the server listens only then).
import type { FastifyInstance } from 'fastify'

export async function healthRoute(app: FastifyInstance) {
  app.get('/health', async (_req, reply) =>
    reply.header('cache-control', 'no-store').type('application/json').send('"OK"'),
  )
}
