// GET /envs: the daemon's global env vars (internal E2B_* and /init's envVars).
import { processGlobals, type EnvdState } from '../state.js'
import type { Routes } from './router.js'

export function envsRoute(app: Routes, { state }: { state: EnvdState }) {
  app.get('/envs', (_req, reply) => reply.header('cache-control', 'no-store').send(processGlobals(state)))
}
