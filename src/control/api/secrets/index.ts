// Registers the secrets routes in one scope that keeps values out of every answer and log line:
// `Cache-Control: no-store` on every response, bodies parsed here (512 KiB) so no parse error
// quotes the body, and every failure answered with upstream's fixed texts, never a detail.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, UnauthenticatedError } from '../../../shared/errors.js'
import { sendError, statusOf } from '../../../shared/http-errors.js'
import { readJsonBody } from '../../../shared/json-body.js'
import {
  InvalidSecretsRequestError,
  SECRETS_MESSAGES,
  SecretConflictError,
  SecretNotFoundError,
} from '../../secret-store/secret-store.js'
import { createSecretRoute } from './create-secret.js'
import { deleteSecretRoute } from './delete-secret.js'
import { getSecretRoute } from './get-secret.js'
import { listSecretsRoute } from './list-secrets.js'
import type { SecretRouteDeps } from './schemas.js'
import { updateSecretRoute } from './update-secret.js'

const BODY_LIMIT = 512 * 1024
const DRAIN_LIMIT = 4 * 1024 * 1024

/** Any failure as one of the fixed answers (undefined: the backend's 502); the request's content never reaches a message or a log. */
function toSecretsError(err: FastifyError | Error): AppError | undefined {
  if (err instanceof UnauthenticatedError) return new UnauthenticatedError(SECRETS_MESSAGES.unauthenticated)
  if (
    err instanceof SecretNotFoundError ||
    err instanceof SecretConflictError ||
    err instanceof InvalidSecretsRequestError
  )
    return err
  const status = err instanceof AppError ? statusOf(err) : ((err as FastifyError).statusCode ?? 500)
  return status < 500 ? new InvalidSecretsRequestError() : undefined
}

export const secretRoutes: FastifyPluginAsyncTypebox<SecretRouteDeps> = async (app, deps) => {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', (_req, payload, done) => {
    readJsonBody(payload, BODY_LIMIT, DRAIN_LIMIT).then(
      (body) => done(null, body),
      () => done(new InvalidSecretsRequestError(), undefined),
    )
  })
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store')
  })
  app.setErrorHandler((err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store')
    const mapped = toSecretsError(err)
    if (mapped) return sendError(mapped, req, reply)
    // Logged by name and code only: a message could quote what the request carried.
    req.log.error({ errName: err.name, errCode: (err as { code?: unknown }).code }, 'secrets request failed')
    return reply.code(502).send({ code: 502, message: SECRETS_MESSAGES.backend })
  })
  for (const route of [createSecretRoute, listSecretsRoute, getSecretRoute, updateSecretRoute, deleteSecretRoute]) {
    await app.register(route, deps)
  }
}
