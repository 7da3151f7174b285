// GET /health: 204, no auth, never cached.
import type { Routes } from './router.js'

export function healthRoute(app: Routes) {
  app.get('/health', (_req, reply) => reply.code(204).header('cache-control', 'no-store').send())
}
