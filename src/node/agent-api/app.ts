// buildAgentApp(): the node agent's internal HTTP API (never listens): POST /rpc/<method> with
// {"args": [...]} answers {"value"} or {"error"} with the error kind's status; POST /build streams
// a template build as NDJSON (log lines, then the result or the error; closing the request
// cancels the build); GET /status is the node's report. Every route but /health needs the node
// token (a Swarm secret shared by control and agents) as a bearer token. With `tls` (the default
// in a cluster) it serves HTTPS with the node's certificate and admits only a client certificate
// from the cluster CA with the control role (a node's own certificate cannot call another agent).
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { PassThrough } from 'node:stream'
import type { TLSSocket } from 'node:tls'
import { AppError, UnauthenticatedError } from '../../shared/errors.js'
import { statusOf } from '../../shared/http-errors.js'
import { safeEqual } from '../../shared/safe-equal.js'
import type { BuildJob } from '../builds/build-types.js'
import type { SandboxNode } from '../sandbox-node.js'
import { isAgentMethod, type AgentNode } from './methods.js'
import { bearer, CONTROL_ROLE, encodeError, encodeForkItem, type BuildLine, type TlsIdentity } from './wire.js'

/** Requests carry create requests and build jobs (steps inline), never files. */
const BODY_LIMIT = 8 * 1024 * 1024

export type AgentAppDeps = Readonly<{
  node: AgentNode & Pick<SandboxNode, 'build'>
  /** The node token: every caller shows it. */
  token: string
  log: Logger
  /** The node's report for GET /status (placement reads the same from PostgreSQL). */
  status: () => Promise<unknown>
  /** Mutual TLS: this node's certificate and key, and the cluster CA its clients must chain to. */
  tls?: TlsIdentity
}>

export async function buildAgentApp(deps: AgentAppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    ...(deps.tls && {
      https: { ...deps.tls, requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.3' as const },
    }),
  })
  // Every failure leaves in the agent's own shape, {"error": {kind, message}}, which RemoteNode decodes.
  app.setErrorHandler((err: Error, req, reply) => {
    const status = err instanceof AppError ? statusOf(err) : ((err as { statusCode?: number }).statusCode ?? 500)
    if (status >= 500) req.log.error({ err }, 'agent request failed')
    const error =
      err instanceof AppError || status >= 500
        ? encodeError(err)
        : { kind: 'invalid_argument' as const, message: err.message }
    return reply.code(status).send({ error })
  })
  const expected = bearer(deps.token)
  app.addHook('onRequest', async (req) => {
    // The handshake admitted only certificates of the cluster CA; of those, only control's may call.
    if (deps.tls && (req.raw.socket as TLSSocket).getPeerCertificate().subject?.OU !== CONTROL_ROLE)
      throw new UnauthenticatedError('the client certificate is not a control replica’s')
    if (req.url === '/health') return
    const got = req.headers.authorization
    if (typeof got !== 'string' || !safeEqual(got, expected))
      throw new UnauthenticatedError('node token missing or wrong')
  })

  app.get('/health', async () => ({ status: 'ok' }))
  app.get('/status', async () => deps.status())

  app.post<{ Params: { method: string }; Body: { args?: unknown[] } }>('/rpc/:method', async (req, reply) => {
    const { method } = req.params
    if (!isAgentMethod(method))
      return reply.code(404).send({ error: { kind: 'not_found', message: `no agent method '${method}'` } })
    const args = Array.isArray(req.body?.args) ? req.body.args : []
    const fn = deps.node[method] as (...a: unknown[]) => Promise<unknown>
    const value = await fn(...args)
    return {
      value:
        method === 'fork' ? (value as Parameters<typeof encodeForkItem>[0][]).map(encodeForkItem) : (value ?? null),
    }
  })

  app.post<{ Body: { job: BuildJob } }>('/build', async (req, reply) => {
    const out = new PassThrough()
    const write = (line: BuildLine) => out.write(`${JSON.stringify(line)}\n`)
    const abort = new AbortController()
    // The caller going away (control cancelled the build, or died) cancels it here.
    reply.raw.once('close', () => {
      if (!out.writableEnded) abort.abort(new Error('the build was cancelled by control'))
    })
    void deps.node
      .build(req.body.job, {
        log: (level, step, message) => write({ log: { level, step, message } }),
        signal: abort.signal,
      })
      .then(
        (result) => write({ result }),
        (e: unknown) => write({ error: encodeError(e) }),
      )
      .finally(() => out.end())
    return reply.code(200).header('content-type', 'application/x-ndjson').send(out)
  })
  return app as unknown as FastifyInstance
}
