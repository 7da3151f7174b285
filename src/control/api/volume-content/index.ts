// The volume content API (/volumecontent/{volumeID}/…), on the API listener and on api.<domain>.
// Its own scope: the only credential is the volume's token (`Authorization: Bearer`, no API key:
// auth.ts leaves these paths to this check), errors are `{code: <string>, message}`, and uploads
// reach the route as the raw request stream.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, UnauthenticatedError, type ErrorKind } from '../../../shared/errors.js'
import { statusOf } from '../../../shared/http-errors.js'
import { deletePathRoute } from './delete-path.js'
import { listDirRoute } from './list-dir.js'
import { makeDirRoute } from './make-dir.js'
import { readFileRoute } from './read-file.js'
import type { ContentRouteDeps } from './schemas.js'
import { statPathRoute } from './stat-path.js'
import { updatePathRoute } from './update-path.js'
import { writeFileRoute } from './write-file.js'

const KIND_OF_STATUS: Record<number, ErrorKind> = {
  400: 'invalid_argument',
  401: 'unauthenticated',
  403: 'permission_denied',
  404: 'not_found',
  409: 'conflict',
  413: 'invalid_argument',
  415: 'invalid_argument',
}

function sendContentError(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const fastifyStatus = (err as FastifyError).statusCode
  const status =
    err instanceof AppError ? statusOf(err) : fastifyStatus !== undefined && fastifyStatus < 500 ? fastifyStatus : 500
  const code = err instanceof AppError ? err.kind : (KIND_OF_STATUS[status] ?? 'internal')
  if (status >= 500) req.log.error({ err }, 'volume content request failed')
  else req.log.debug({ status, msg: err.message }, 'volume content request rejected')
  return reply
    .code(status)
    .send({ code, message: status >= 500 && !(err instanceof AppError) ? 'internal server error' : err.message })
}

export const volumeContentRoutes: FastifyPluginAsyncTypebox<ContentRouteDeps> = async (app, deps) => {
  app.setErrorHandler(sendContentError)
  // Bodies of PUT …/file stay a stream: the route writes them to disk as they arrive, unbounded.
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload))
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization
    const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null
    if (!m) throw new UnauthenticatedError('a volume token is required (Authorization: Bearer <token>)')
    await deps.volumeTokens.verify(m[1]!, (req.params as { volumeID?: string }).volumeID ?? '')
  })
  for (const route of [
    listDirRoute,
    makeDirRoute,
    readFileRoute,
    writeFileRoute,
    statPathRoute,
    updatePathRoute,
    deletePathRoute,
  ]) {
    await app.register(route, deps)
  }
}
