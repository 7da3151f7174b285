// buildControlApp(): the E2B control API as a Fastify instance (never listens).
import { Ajv } from 'ajv'
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Logger } from 'pino'
import { sendError, sendNotFound } from '../shared/http-errors.js'
import { registerApiKeyAuth } from './api/auth.js'
import { cliLoginRoutes } from './api/cli-login.js'
import { teamRoutes } from './api/teams.js'
import type { AccessTokens } from './access-tokens.js'
import { dashboardRoutes } from './dashboard/index.js'
import type { ClusterEnvdForward } from './dashboard/envd-forward.js'
import { readJsonBody } from '../shared/json-body.js'
import { sandboxRoutes } from './api/sandboxes/index.js'
import { templateRoutes } from './api/templates/index.js'
import type { SandboxNode } from '../node/sandbox-node.js'
import type { TemplateService } from './templates/service.js'
import { secretRoutes } from './api/secrets/index.js'
import type { SecretsBackend } from './secret-store/secret-store.js'
import { volumeContentRoutes } from './api/volume-content/index.js'
import { volumeRoutes } from './api/volumes/index.js'
import type { VolumesBackend } from './volumes/volumes-backend.js'
import type { VolumeTokens } from './volumes/volume-tokens.js'
import {
  CONNECTIONS_CHECKING_INTERVAL_MS,
  DEFAULT_PROXY_LIMITS,
  fenceServer,
  type ProxyLimits,
} from '../node/proxy/proxy-limits.js'

export type ControlAppDeps = Readonly<{
  log: Logger
  /** Where sandboxes live: this host's LocalNode in one-host mode. */
  node: SandboxNode
  templates: TemplateService
  /** Users' secrets: this host's store, or the cluster's (PostgreSQL). */
  secrets?: SecretsBackend
  /**
   * Users' volumes: this host's store, or the cluster's (PostgreSQL and a shared directory). A
   * cluster's control without SANDOCK_VOLUMES_DIR has none: their routes are then 404.
   */
  volumes?: VolumesBackend
  volumeTokens?: VolumeTokens
  /** SHA-256 digests of the accepted API keys. */
  apiKeyDigests: readonly Buffer[]
  /** Issued access tokens (GET /teams, the CLI's sign-in) and their API keys; without it those routes are 404. */
  accessTokens?: AccessTokens
  /** Names this server's team (GET /teams). */
  instanceId?: string
  domain: string
  /** Whether the server can create sandboxes yet (Docker reachable, built-in images present). */
  ready: () => boolean
  /** Head and body timeouts and the per-client cap of the API's listener (proxy/proxy-limits.ts). */
  limits?: ProxyLimits
  /** The built dashboard (default: found beside the bundle, see dashboard/serve-dashboard.ts). */
  dashboardDir?: string
  /** A cluster's control: the dashboard reaches envd through the edge (dashboard/envd-forward.ts). */
  dashboardEnvd?: ClusterEnvdForward
}>

const BODY_LIMIT = 4 * 1024 * 1024
// An oversized body is read (and discarded) up to this size so its 413 reaches the client.
const DRAIN_LIMIT = 64 * 1024 * 1024

export async function buildControlApp(deps: ControlAppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // Slow clients: a head must arrive within the limit (checked every 2 s, not Node's 30 s);
    // bodies must keep arriving (fenceServer) rather than finish within a deadline, since volume
    // uploads stream; idle keep-alive as Fastify's default.
    http: { connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
    keepAliveTimeout: 72_000,
    requestTimeout: 0,
    connectionTimeout: 0,
  }).withTypeProvider<TypeBoxTypeProvider>()
  fenceServer(app.server, deps.limits ?? DEFAULT_PROXY_LIMITS)
  // Query strings and path params are text, so they are coerced ("5" → 5); JSON bodies are not:
  // {"metadata":{"a":1}} is a 400, never a silently stored "1".
  const coercing = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false, allErrors: false })
  const strict = new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: false, allErrors: false })
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema))
  app.setErrorHandler(sendError)
  app.setNotFoundHandler(sendNotFound)
  // compat: bodies arrive chunked; some are empty where the body is optional (pause, connect).
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', (_req, payload, done) => {
    readJsonBody(payload, BODY_LIMIT, DRAIN_LIMIT).then(
      (body) => done(null, body),
      (e: Error) => done(e, undefined),
    )
  })
  app.addHook('preValidation', async (req) => {
    if (req.method === 'POST' && (req.body === undefined || req.body === null)) req.body = {}
  })
  registerApiKeyAuth(app as unknown as FastifyInstance, deps.apiKeyDigests, deps.accessTokens)

  app.get('/health', async (_req, reply) =>
    deps.ready()
      ? reply.code(200).send({ status: 'ok', pools: await deps.node.poolStatus() })
      : reply.code(503).send({ code: 503, message: 'not ready: the base template image is still being prepared' }),
  )
  await app.register(sandboxRoutes, { node: deps.node, domain: deps.domain })
  await app.register(templateRoutes, { templates: deps.templates, node: deps.node })
  await app.register(dashboardRoutes, {
    resolver: deps.node.proxy,
    log: deps.log,
    assetsDir: deps.dashboardDir,
    cluster: deps.dashboardEnvd,
  })
  if (deps.accessTokens) {
    await app.register(teamRoutes, { accessTokens: deps.accessTokens, instanceId: deps.instanceId ?? '' })
    await app.register(cliLoginRoutes, { accessTokens: deps.accessTokens })
  }
  if (deps.secrets) await app.register(secretRoutes, { secrets: deps.secrets })
  if (deps.volumes && deps.volumeTokens) {
    await app.register(volumeRoutes, { volumes: deps.volumes, volumeTokens: deps.volumeTokens })
    await app.register(volumeContentRoutes, { volumes: deps.volumes, volumeTokens: deps.volumeTokens })
  }
  return app as unknown as FastifyInstance
}
