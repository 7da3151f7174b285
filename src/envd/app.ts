// buildEnvdApp(): envd's HTTP server (its routes and the Connect services on node:http); the
// caller listens.
import http from 'node:http'
import type { Logger } from 'pino'
import { ENVD_VERSION } from '../shared/envd.js'
import { OwnChanges } from './filesystem/own-changes.js'
import { closeAllWatchers, createWatcherRegistry } from './filesystem/watcher-registry.js'
import { envsRoute } from './http/envs.js'
import { filesGetRoute } from './http/files-get.js'
import { filesPostRoute } from './http/files-post.js'
import { healthRoute } from './http/health.js'
import type { CaCertPaths } from './host/ca-certs.js'
import { initRoute } from './http/init.js'
import { metricsRoute } from './http/metrics.js'
import { checkAccessToken, checkFilesAccess, type FilesAuthQuery } from './http/signing.js'
import type { IdleMemoryReducer } from './idle-memory.js'
import type { UserDb, UserLookup } from './identity/users.js'
import { ProcessTable } from './process/process-table.js'
import type { Spawner } from './process/spawner.js'
import { createRouter } from './http/router.js'
import { createRpcHandler } from './rpc/routes.js'
import type { EnvdState } from './state.js'

export type EnvdAppDeps = Readonly<{
  state: EnvdState
  log: Logger
  users: { lookup: UserLookup; db: () => Promise<UserDb> }
  setprivPath: string | undefined
  /** Where /init's caBundle goes (default: the system trust store). */
  caPaths?: CaCertPaths
  /**
   * Where /init writes the sandbox's `.E2B_SANDBOX_ID` and `.E2B_TEMPLATE_ID` (upstream: /run/e2b);
   * the daemon passes it, in-process tests do not (nothing written).
   */
  runDir?: string
  /** Told when requests begin and end; the daemon passes one, tests usually do not. */
  idleMemory?: IdleMemoryReducer
  /** Starts commands without a PTY (closed with the app); without one, Node's child_process does. */
  spawner?: Spawner
}>

const OPEN_PATHS = new Set(['/health', '/init'])

export type EnvdApp = Readonly<{
  server: http.Server
  listen(o: { port: number; host: string }): Promise<void>
  /** Runs `fn` when the app closes (after the server stopped accepting). */
  onClose(fn: () => Promise<void> | void): void
  /** Stops accepting, ends idle connections, kills the processes it started, closes watchers. */
  close(): Promise<void>
}>

export async function buildEnvdApp(deps: EnvdAppDeps): Promise<EnvdApp> {
  const { state, log, users } = deps
  const idle = deps.idleMemory
  const table = new ProcessTable()
  const watchers = createWatcherRegistry()
  const own = new OwnChanges()
  const closers: (() => Promise<void> | void)[] = [
    async () => {
      table.killAll()
      // After the kills: the spawner sends them before it reads the end of its input.
      await deps.spawner?.close()
      await closeAllWatchers(watchers)
    },
  ]
  if (idle) closers.push(() => idle.close())

  const router = createRouter()
  healthRoute(router)
  initRoute(router, { state, caPaths: deps.caPaths, runDir: deps.runDir, log })
  envsRoute(router, { state })
  metricsRoute(router)
  filesGetRoute(router, { state, lookup: users.lookup, own })
  filesPostRoute(router, { state, lookup: users.lookup, own })
  const rpc = createRpcHandler({
    state,
    lookup: users.lookup,
    log,
    fs: { state, users, watchers, own, log },
    proc: { state, table, setprivPath: deps.setprivPath, spawner: deps.spawner, log },
  })

  const listener = router.listener({
    log,
    before(req, reply) {
      if (idle) {
        idle.begin()
        // 'close' fires once however the response ends (sent, failed, client gone).
        reply.raw.once('close', () => idle.end())
      }
      reply.header('x-envd-version', ENVD_VERSION)
      if (OPEN_PATHS.has(req.path)) return
      const header = req.headers['x-access-token']
      const token = typeof header === 'string' ? header : undefined
      if (req.path === '/files') {
        const operation = req.method === 'POST' ? 'write' : 'read'
        checkFilesAccess({ token: state.accessToken, header: token, query: req.query as FilesAuthQuery, operation })
      } else checkAccessToken(state.accessToken, token)
    },
    fallback: rpc,
  })
  const server = http.createServer(listener)
  // Streams (process output, watches) may stay open for hours; keepalives flow every ~50 s.
  server.requestTimeout = 0
  server.keepAliveTimeout = 120_000

  let closing: Promise<void> | undefined
  return {
    server,
    listen: ({ port, host }) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => {
          server.removeListener('error', reject)
          resolve()
        })
      }),
    onClose: (fn) => void closers.push(fn),
    close: () =>
      (closing ??= (async () => {
        const stopped = server.listening
          ? new Promise<void>((resolve) => server.close(() => resolve()))
          : Promise.resolve()
        server.closeIdleConnections()
        for (const fn of closers) await fn()
        await stopped
      })()),
  }
}
