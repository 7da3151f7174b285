// The interpreter's domain errors, and their one mapping to the wire: plain-text bodies with the
// statuses of upstream's server (contract §2), since the SDK shows the body text as the message.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../shared/errors.js'
import { statusOf } from '../shared/http-errors.js'
import { LANGUAGES } from './languages.js'

export class ContextNotFoundError extends AppError {
  constructor(readonly contextId: string) {
    super('not_found', `Context ${contextId} not found`)
  }
}

/**
 * A language with no kernel here. compat: upstream's text (Jupyter's "kernel is not available"
 * behind "Failed to create context: "), but a 400: the caller's mistake, not the server's (upstream: 500).
 */
export class UnknownLanguageError extends AppError {
  constructor(readonly language: string) {
    super(
      'invalid_argument',
      `Failed to create context: The '${language}' kernel is not available. Please pick another suitable kernel instead, or install that kernel. (available: ${LANGUAGES.join(', ')})`,
    )
  }
}

export class KernelStartError extends AppError {
  constructor(language: string, cause: unknown) {
    super('internal', `Failed to start the ${language} kernel: ${(cause as Error)?.message ?? String(cause)}`, {
      cause,
    })
  }
}

export function sendInterpreterError(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const fastifyErr = err as FastifyError
  let status: number
  let text: string
  if (err instanceof AppError) {
    status = statusOf(err)
    text = err.message
  } else if (fastifyErr.validation) {
    // compat: FastAPI answers a body that does not fit the model (e.g. non-string code) with 422.
    status = 422
    text = err.message
  } else if (fastifyErr.statusCode !== undefined && fastifyErr.statusCode < 500) {
    status = fastifyErr.statusCode
    text = err.message
  } else {
    status = 500
    text = 'internal server error'
  }
  if (status >= 500 && !(err instanceof AppError && err.kind === 'invalid_argument'))
    req.log.error({ err }, 'request failed')
  else req.log.debug({ status, msg: text }, 'request rejected')
  return reply.code(status).type('text/plain; charset=utf-8').send(text)
}
