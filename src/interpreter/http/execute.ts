// POST /execute: runs code in a context and streams NDJSON lines; headers leave at once, a
// keepalive every 5 s of silence, `end_of_execution` last, then the body ends (contract §3-4).
import type { FastifyInstance } from 'fastify'
import { InvalidArgumentError } from '../../shared/errors.js'
import type { ContextRegistry } from '../contexts.js'
import { runInContext, type RunDeps } from '../execution.js'
import { ENV_NAME } from '../languages.js'
import { encodeLine, type StreamLine } from '../ndjson.js'
import { ExecuteBody } from './schemas.js'

export const KEEPALIVE_MS = 5000

export async function executeRoute(
  app: FastifyInstance,
  deps: RunDeps & { registry: ContextRegistry; keepaliveMs?: number },
) {
  const { registry } = deps
  app.post<{ Body: ExecuteBody }>('/execute', { schema: { body: ExecuteBody } }, async (req, reply) => {
    const { code, context_id: contextId, language } = req.body
    if (contextId && language) throw new InvalidArgumentError('Only one of context_id or language can be provided')
    const envVars = req.body.env_vars ?? {}
    const bad = Object.keys(envVars).find((k) => !ENV_NAME.test(k))
    if (bad !== undefined) throw new InvalidArgumentError(`invalid environment variable name: ${JSON.stringify(bad)}`)
    // compat: a lazily created default context is started before the headers (a failure is a 500).
    const context = contextId ? registry.get(contextId) : await registry.defaultFor(language ?? undefined)
    const header = req.headers['x-access-token']
    const accessToken = typeof header === 'string' ? header : undefined

    reply.hijack()
    const res = reply.raw
    res.writeHead(200, {
      'content-type': 'application/x-ndjson',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    })
    res.flushHeaders()
    let lastWrite = Date.now()
    let finished = false
    let cellStarted = false
    let interrupted = false
    const write = (line: StreamLine) => {
      if (res.destroyed || res.writableEnded) return
      res.write(encodeLine(line))
      lastWrite = Date.now()
    }
    const keepaliveMs = deps.keepaliveMs ?? KEEPALIVE_MS
    const keepalive = setInterval(
      () => {
        if (Date.now() - lastWrite >= keepaliveMs - 50) write({ type: 'keepalive' })
      },
      Math.max(100, Math.floor(keepaliveMs / 5)),
    )
    const interrupt = () => {
      if (interrupted || finished || !cellStarted) return
      interrupted = true
      req.log.debug({ contextId: context.id }, 'client went away; interrupting the kernel')
      context.kernel
        .interrupt()
        .catch((err: unknown) => req.log.warn({ err, contextId: context.id }, 'kernel interrupt failed'))
    }
    // compat: a client abort (or SDK timeout) interrupts the cell, so the context's next run starts at once.
    res.once('close', interrupt)
    try {
      await runInContext(deps, {
        context,
        code,
        envVars,
        accessToken,
        emit: write,
        onCellStarted: () => {
          cellStarted = true
          if (res.destroyed) interrupt()
        },
        abandoned: () => res.destroyed,
      })
      write({ type: 'end_of_execution' })
    } catch (err) {
      req.log.error({ err, contextId: context.id }, 'execution failed')
      write({ type: 'error', name: 'InternalError', value: (err as Error).message, traceback: '' })
      write({ type: 'end_of_execution' })
    } finally {
      finished = true
      clearInterval(keepalive)
      res.end()
    }
  })
}
