// /sandock/v1/sandboxes/{id}/envd/*: the dashboard's same-origin way to a sandbox's envd (Connect
// RPCs, /files). Authenticated with the API key like every API route, forwarded with the sandbox's
// envd access token through the sandbox proxy's own forwarding code (streams pass unbuffered, a
// kill cuts them, envd's control routes stay unreachable).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyPluginAsync } from 'fastify'
import type { Logger } from 'pino'
import { AppError, InvalidArgumentError, SandboxNotFoundError } from '../../shared/errors.js'
import { createProxyServer } from '../../node/proxy/proxy-server.js'
import { ENVD_PORT } from '../../shared/envd.js'
import type { ProxyResolver, ProxyTarget } from '../../node/sandboxes/types.js'

export const ENVD_FORWARD_PREFIX = '/sandock/v1/sandboxes'

const SANDBOX_ID = /^[a-z0-9]+$/

// The API key and browser credentials stay on this side; routing and envd auth are set here, so a
// caller cannot point the request at another sandbox, port or token.
const DROPPED = [
  'x-api-key',
  'cookie',
  'e2b-traffic-access-token',
  'e2b-sandbox-id',
  'e2b-sandbox-port',
  'x-access-token',
  'forwarded',
  'x-forwarded-host',
]

/**
 * A cluster's way to a sandbox's envd: control has no sandboxes of its own, so it asks the
 * sandbox's node for its state and token, and its edge forwards to that node's proxy (which tracks
 * the stream and cuts it on a kill, as on one host).
 */
export type ClusterEnvdForward = Readonly<{
  /** The sandbox's state and envd token; undefined when there is no such sandbox. */
  target(sandboxId: string): Promise<Pick<ProxyTarget, 'state' | 'envdAccessToken'> | undefined>
  handle(req: IncomingMessage, res: ServerResponse): void
}>

export type EnvdForwardDeps = {
  resolver: ProxyResolver
  log: Logger
  /** envd's port in the sandbox; tests point it at a stand-in. */
  envdPort?: number
  /** On a cluster's control: through its edge instead of the resolver (which has no sandbox there). */
  cluster?: ClusterEnvdForward
}

/**
 * Forwards `GET|HEAD|POST /sandock/v1/sandboxes/{id}/envd/<path>` to `<path>` on the sandbox's
 * envd. Unknown sandbox → 404 and a paused one → 409, both with the API's {code, message} body;
 * a sandbox that goes away mid-request → the proxy's 502, or a cut stream.
 */
export const envdForwardRoute: FastifyPluginAsync<EnvdForwardDeps> = async (
  app,
  { resolver, log, envdPort = ENVD_PORT, cluster },
) => {
  // Its own proxy instance (never listening) over the same resolver, so kills cut these streams too.
  const proxy = createProxyServer({ resolver, domain: '', log: log.child({ component: 'dashboard-envd' }) })
  app.addHook('onClose', async () => proxy.close())
  // Bodies (Connect envelopes, uploads of any size) stream to envd untouched: no parsing, no limit.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined))

  app.route<{ Params: { sandboxID: string } }>({
    method: ['GET', 'HEAD', 'POST'],
    url: `${ENVD_FORWARD_PREFIX}/:sandboxID/envd/*`,
    handler: async (req, reply) => {
      const { sandboxID } = req.params
      if (!SANDBOX_ID.test(sandboxID)) throw new InvalidArgumentError('Invalid sandbox ID')
      const target = cluster ? await cluster.target(sandboxID) : resolver.lookup(sandboxID)
      if (target === undefined) throw new SandboxNotFoundError(sandboxID)
      if (target.state !== 'running')
        throw new AppError('conflict', `Sandbox "${sandboxID}" is paused: resume it to reach its envd`)
      const prefix = `${ENVD_FORWARD_PREFIX}/${sandboxID}/envd/`
      const raw = req.raw
      if (!raw.url?.startsWith(prefix)) throw new InvalidArgumentError('malformed envd path')
      raw.url = `/${raw.url.slice(prefix.length)}`
      for (const name of DROPPED) delete raw.headers[name]
      raw.headers['e2b-sandbox-id'] = sandboxID
      raw.headers['e2b-sandbox-port'] = String(envdPort)
      if (target.envdAccessToken !== undefined) raw.headers['x-access-token'] = target.envdAccessToken
      // Route by the headers above, never by the name this API was reached under.
      raw.headers.host = 'localhost'
      reply.hijack()
      ;(cluster ?? proxy).handle(raw, reply.raw)
    },
  })
}
