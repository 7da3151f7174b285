// buildInterpreterApp(): the code-interpreter's Fastify instance (port 49999); it never listens.
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { ContextRegistry } from './contexts.js'
import { sendInterpreterError } from './errors.js'
import { createContextRoute } from './http/create-context.js'
import { deleteContextRoute } from './http/delete-context.js'
import { executeRoute } from './http/execute.js'
import { healthRoute } from './http/health.js'
import { listContextsRoute } from './http/list-contexts.js'
import { restartContextRoute } from './http/restart-context.js'

export type InterpreterAppDeps = Readonly<{
  registry: ContextRegistry
  log: Logger
  envdUrl: string
  baseEnv: NodeJS.ProcessEnv
  keepaliveMs?: number
}>

export async function buildInterpreterApp(deps: InterpreterAppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    logController: new LogController({ disableRequestLogging: true }),
    // compat: upstream keeps idle connections 640 s (uvicorn --timeout-keep-alive 640); runs stream for as long as they take.
    keepAliveTimeout: 640_000,
    requestTimeout: 0,
    // A non-string `code` must fail validation (422), not be coerced into a string and run.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  }) as unknown as FastifyInstance
  app.setErrorHandler(sendInterpreterError)
  app.setNotFoundHandler((req, reply) =>
    reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .send(`route ${req.method} ${req.url.split('?')[0]} not found`),
  )
  // compat: the SDK sends Content-Type: application/json on every call, body or not (restart, delete, list).
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body)
    if (text.trim() === '') return done(null, undefined)
    try {
      done(null, JSON.parse(text))
    } catch {
      done(Object.assign(new Error('the request body is not valid JSON'), { statusCode: 400 }), undefined)
    }
  })
  // compat: upstream allows any origin (CORS) on every route.
  app.addHook('onRequest', async (req, reply) => {
    reply.header('access-control-allow-origin', '*')
    if (req.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('access-control-allow-methods', '*')
        .header('access-control-allow-headers', '*')
        .send()
    }
  })
  const { registry } = deps
  await app.register(healthRoute)
  await app.register(listContextsRoute, { registry })
  await app.register(createContextRoute, { registry })
  await app.register(deleteContextRoute, { registry })
  await app.register(restartContextRoute, { registry })
  await app.register(executeRoute, {
    registry,
    envdUrl: deps.envdUrl,
    baseEnv: deps.baseEnv,
    keepaliveMs: deps.keepaliveMs,
  })
  return app
}
