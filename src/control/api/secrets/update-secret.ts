// POST /secrets/{secretID}: a new value as the next version (200, currentVersion + 1).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import { Secret, SecretParams, UpdateSecret, secretBody, type SecretRouteDeps } from './schemas.js'

export const updateSecretRoute: FastifyPluginAsyncTypebox<SecretRouteDeps> = async (app, { secrets }) => {
  app.post(
    '/secrets/:secretID',
    { schema: { params: SecretParams, body: UpdateSecret, response: { 200: Secret, '4xx': ErrorBody } } },
    async (req) => secretBody(await secrets.update(req.params.secretID, req.body)),
  )
}
