// GET /envs: the daemon's global env vars (internal E2B_* and /init's envVars).
import type { FastifyInstance } from 'fastify'
import { processGlobals, type EnvdState } from '../state.js'

export async function envsRoute(app: FastifyInstance, { state }: { state: EnvdState }) {
  app.get('/envs', async (_req, reply) => reply.header('cache-control', 'no-store').send(processGlobals(state)))
}
