// GET /secrets?limit&nextToken: one page in creation order; X-Next-Token only while more remain.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorBody } from '../schemas.js'
import { ListQuery, Secret, secretBody, type SecretRouteDeps } from './schemas.js'

export const listSecretsRoute: FastifyPluginAsyncTypebox<SecretRouteDeps> = async (app, { secrets }) => {
  app.get(
    '/secrets',
    { schema: { querystring: ListQuery, response: { 200: Type.Array(Secret), '4xx': ErrorBody } } },
    async (req, reply) => {
      const page = await secrets.list(req.query)
      if (page.nextToken) reply.header('x-next-token', page.nextToken)
      return page.items.map(secretBody)
    },
  )
}
