// POST /secrets: a new secret at version 1 (201).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import { NewSecret, Secret, secretBody, type SecretRouteDeps } from './schemas.js'

export const createSecretRoute: FastifyPluginAsyncTypebox<SecretRouteDeps> = async (app, { secrets }) => {
  app.post(
    '/secrets',
    { schema: { body: NewSecret, response: { 201: Secret, '4xx': ErrorBody } } },
    async (req, reply) => reply.code(201).send(secretBody(await secrets.create(req.body))),
  )
}
