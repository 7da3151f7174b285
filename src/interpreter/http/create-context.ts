// POST /contexts {language?, cwd?}: a new kernel (default python in the default workdir).
import type { FastifyInstance } from 'fastify'
import { info, type ContextRegistry } from '../contexts.js'
import { ContextInfo, CreateContextBody } from './schemas.js'

export async function createContextRoute(app: FastifyInstance, { registry }: { registry: ContextRegistry }) {
  app.post<{ Body: CreateContextBody }>(
    '/contexts',
    { schema: { body: CreateContextBody, response: { 200: ContextInfo } } },
    async (req) => {
      const ctx = await registry.create(req.body?.language ?? undefined, req.body?.cwd ?? undefined)
      return info(ctx)
    },
  )
}
