// buildEnvdApp(): envd's Fastify instance (HTTP routes + Connect services); it never listens.
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { sendError, sendNotFound } from '../shared/http-errors.js'
import { ENVD_VERSION } from '../shared/envd.js'
import { OwnChanges } from './filesystem/own-changes.js'
import { closeAllWatchers, createWatcherRegistry } from './filesystem/watchers.js'
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
import { registerRpc } from './rpc/routes.js'
import type { EnvdState } from './state.js'

export type EnvdAppDeps = Readonly<{
  state: EnvdState
  log: Logger
  users: { lookup: UserLookup; db: () => Promise<UserDb> }
  setprivPath: string | undefined
  /** Where /init's caBundle goes (default: the system trust store). */
  caPaths?: CaCertPaths
  /** Told when requests begin and end; the daemon passes one, tests usually do not. */
  idleMemory?: IdleMemoryReducer
  /** Starts commands without a PTY (closed with the app); without one, Node's child_process does. */
  spawner?: Spawner
}>

const OPEN_PATHS = new Set(['/health', '/init'])

/**
 * envd's routes check their input in code. Fastify's default compilers (Ajv, fast-json-stringify)
 * are loaded when the root instance is built and compiled at the first schema, which cost a third
 * of every start; these take their place, and a route that declares a schema fails loudly.
 */
const NO_SCHEMAS = {
  compilersFactory: {
    buildValidator: () => () => {
      throw new Error('envd routes check their input in code: a Fastify schema would load Ajv on every start')
    },
    buildSerializer: () => () => {
      throw new Error('envd routes declare no response schemas: a Fastify schema would load fast-json-stringify on every start')
    },
  },
}

export async function buildEnvdApp(deps: EnvdAppDeps): Promise<FastifyInstance> {
  const { state, log, users } = deps
  const app = Fastify({
    loggerInstance: log,
    // Per-request lines would be one per RPC; envd logs lifecycle, not traffic.
    logController: new LogController({ disableRequestLogging: true }),
    // Streams (process output, watches) may stay open for hours; keepalives flow every ~50 s.
    requestTimeout: 0,
    keepAliveTimeout: 120_000,
    schemaController: NO_SCHEMAS,
  }) as unknown as FastifyInstance
  app.setErrorHandler(sendError)
  app.setNotFoundHandler(sendNotFound)

  const idle = deps.idleMemory
  if (idle) {
    app.addHook('onRequest', (_req, reply, done) => {
      idle.begin()
      // 'close' fires once however the response ends (sent, failed, client gone).
      reply.raw.once('close', () => idle.end())
      done()
    })
    app.addHook('onClose', async () => idle.close())
  }

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-envd-version', ENVD_VERSION)
    const path = req.url.split('?')[0] ?? ''
    if (OPEN_PATHS.has(path)) return
    const header = req.headers['x-access-token']
    const token = typeof header === 'string' ? header : undefined
    if (path === '/files') {
      const operation = req.method === 'POST' ? 'write' : 'read'
      checkFilesAccess({ token: state.accessToken, header: token, query: req.query as FilesAuthQuery, operation })
    } else checkAccessToken(state.accessToken, token)
  })

  const table = new ProcessTable()
  const watchers = createWatcherRegistry()
  const own = new OwnChanges()
  app.addHook('onClose', async () => {
    table.killAll()
    // After the kills: the spawner sends them before it reads the end of its input.
    await deps.spawner?.close()
    await closeAllWatchers(watchers)
  })

  await app.register(healthRoute)
  await app.register(initRoute, { state, caPaths: deps.caPaths })
  await app.register(envsRoute, { state })
  await app.register(metricsRoute)
  await app.register(filesGetRoute, { state, lookup: users.lookup, own })
  await app.register(filesPostRoute, { state, lookup: users.lookup, own })
  await registerRpc(app, {
    state,
    lookup: users.lookup,
    log,
    fs: { state, users, watchers, own, log },
    proc: { state, table, setprivPath: deps.setprivPath, spawner: deps.spawner, log },
  })
  return app
}
