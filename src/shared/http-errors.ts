// Fastify error and not-found handlers (and envd's plain HTTP layer, through errorAnswer): every
// failure leaves as the E2B body {code, message}.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, RateLimitedError, type ErrorKind } from './errors.js'

const STATUS: Record<ErrorKind, number> = {
  invalid_argument: 400,
  failed_precondition: 400,
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  already_exists: 409,
  conflict: 409,
  resource_exhausted: 429,
  internal: 500,
  unknown: 500,
  unimplemented: 501,
  unavailable: 503,
  deadline_exceeded: 504,
}

export function statusOf(err: AppError): number {
  return err.httpStatus ?? STATUS[err.kind]
}

/** What a failure answers: its status, headers and the E2B body (500s never say why). */
export function errorAnswer(err: unknown): {
  status: number
  headers: Record<string, string>
  body: { code: number; message: string }
} {
  const e = err instanceof Error ? err : new Error(String(err))
  const statusCode = (e as FastifyError).statusCode
  const known = e instanceof AppError || (statusCode !== undefined && statusCode < 500)
  const status = e instanceof AppError ? statusOf(e) : known ? statusCode! : 500
  const headers: Record<string, string> = e instanceof RateLimitedError ? { 'retry-after': String(e.retryAfterS) } : {}
  return { status, headers, body: { code: status, message: known ? e.message : 'internal server error' } }
}

/**
 * The control API's answer: errorAnswer's, plus upstream's optional `error_code` (contract 1.4):
 * the error's own when it names one, else `internal_server_error` on a 500, as upstream sends.
 */
export function sendError(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const a = errorAnswer(err)
  for (const [k, v] of Object.entries(a.headers)) reply.header(k, v)
  if (a.status >= 500) req.log.error({ err }, 'request failed')
  else req.log.debug({ code: a.status, msg: err.message }, 'request rejected')
  const errorCode =
    (err instanceof AppError ? err.errorCode : undefined) ?? (a.status === 500 ? 'internal_server_error' : undefined)
  return reply.code(a.status).send(errorCode ? { ...a.body, error_code: errorCode } : a.body)
}

/** The body of a request no route serves. */
export function notFoundBody(method: string, url: string): { code: 404; message: string } {
  return { code: 404, message: `route ${method} ${url.split('?')[0]} not found` }
}

export function sendNotFound(req: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(notFoundBody(req.method, req.url))
}
