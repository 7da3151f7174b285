// GET /secrets/{secretID}: one secret's metadata, by id or name.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import { Secret, SecretParams, secretBody, type SecretRouteDeps } from './schemas.js'

export const getSecretRoute: FastifyPluginAsyncTypebox<SecretRouteDeps> = async (app, { secrets }) => {
  app.get(
    '/secrets/:secretID',
    { schema: { params: SecretParams, response: { 200: Secret, '4xx': ErrorBody } } },
    async (req) => secretBody(await secrets.get(req.params.secretID)),
  )
}
