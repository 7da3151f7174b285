// DELETE /secrets/{secretID}: removes the secret and every version of it (204).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorBody } from '../schemas.js'
import { SecretParams, type SecretRouteDeps } from './schemas.js'

export const deleteSecretRoute: FastifyPluginAsyncTypebox<SecretRouteDeps> = async (app, { secrets }) => {
  app.delete(
    '/secrets/:secretID',
    { schema: { params: SecretParams, response: { 204: Type.Null(), '4xx': ErrorBody } } },
    async (req, reply) => {
      await secrets.remove(req.params.secretID)
      return reply.code(204).send(null)
    },
  )
}
