// Registers the dashboard: its static files at /dashboard and the Sandock routes it needs beyond the E2B API.
import type { FastifyPluginAsync } from 'fastify'
import type { Logger } from 'pino'
import type { ProxyResolver } from '../../node/sandboxes/types.js'
import { envdForwardRoute, type ClusterEnvdForward } from './envd-forward.js'
import { serveDashboard } from './serve-dashboard.js'

export type DashboardDeps = {
  resolver: ProxyResolver
  log: Logger
  assetsDir?: string
  envdPort?: number
  cluster?: ClusterEnvdForward
}

export const dashboardRoutes: FastifyPluginAsync<DashboardDeps> = async (app, deps) => {
  await app.register(serveDashboard, { assetsDir: deps.assetsDir })
  await app.register(envdForwardRoute, {
    resolver: deps.resolver,
    log: deps.log,
    envdPort: deps.envdPort,
    cluster: deps.cluster,
  })
}
