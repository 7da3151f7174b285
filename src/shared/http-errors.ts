// Fastify error and not-found handlers: every failure leaves as the E2B body {code, message}.
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

export function sendError(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const statusCode = (err as FastifyError).statusCode
  const known = err instanceof AppError || (statusCode !== undefined && statusCode < 500)
  const code = err instanceof AppError ? statusOf(err) : known ? statusCode! : 500
  if (err instanceof RateLimitedError) reply.header('retry-after', String(err.retryAfterS))
  if (code >= 500) req.log.error({ err }, 'request failed')
  else req.log.debug({ code, msg: err.message }, 'request rejected')
  return reply.code(code).send({ code, message: known ? err.message : 'internal server error' })
}

export function sendNotFound(req: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ code: 404, message: `route ${req.method} ${req.url.split('?')[0]} not found` })
}
