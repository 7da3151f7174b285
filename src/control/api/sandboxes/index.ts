// Registers every sandbox and snapshot route.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { connectSandboxRoute } from './connect-sandbox.js'
import { createSandboxRoute } from './create-sandbox.js'
import { forkSandboxRoute } from './fork-sandbox.js'
import type { SandboxRouteDeps } from './deps.js'
import { getLogsRoute } from './get-logs.js'
import { getMetricsRoute } from './get-metrics.js'
import { getSandboxRoute } from './get-sandbox.js'
import { killSandboxRoute } from './kill-sandbox.js'
import { listSnapshotsRoute } from './list-snapshots.js'
import { listSandboxesRoute } from './list-sandboxes.js'
import { pauseSandboxRoute } from './pause-sandbox.js'
import { setTimeoutRoute } from './set-timeout.js'
import { snapshotSandboxRoute } from './snapshot-sandbox.js'
import { updateNetworkRoute } from './update-network.js'

export const sandboxRoutes: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, deps) => {
  for (const route of [
    createSandboxRoute,
    getSandboxRoute,
    killSandboxRoute,
    listSandboxesRoute,
    setTimeoutRoute,
    connectSandboxRoute,
    pauseSandboxRoute,
    getMetricsRoute,
    getLogsRoute,
    forkSandboxRoute,
    updateNetworkRoute,
    snapshotSandboxRoute,
    listSnapshotsRoute,
  ]) {
    await app.register(route, deps)
  }
}
