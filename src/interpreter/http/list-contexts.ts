// GET /contexts: every context in creation order, the defaults first (contract trap 6).
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { ContextRegistry } from '../contexts.js'
import { ContextInfo } from './schemas.js'

export async function listContextsRoute(app: FastifyInstance, { registry }: { registry: ContextRegistry }) {
  app.get('/contexts', { schema: { response: { 200: Type.Array(ContextInfo) } } }, async () => registry.list())
}
