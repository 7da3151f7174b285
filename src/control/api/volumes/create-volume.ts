// POST /volumes: a new volume and a token for its content (201).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import { NewVolume, VolumeAndToken, volumeBody, type VolumeRouteDeps } from './schemas.js'

export const createVolumeRoute: FastifyPluginAsyncTypebox<VolumeRouteDeps> = async (app, { volumes, volumeTokens }) => {
  app.post(
    '/volumes',
    { schema: { body: NewVolume, response: { 201: VolumeAndToken, '4xx': ErrorBody } } },
    async (req, reply) => {
      const v = await volumes.create(req.body.name)
      return reply.code(201).send({ ...volumeBody(v), token: await volumeTokens.issue(v.volumeId) })
    },
  )
}
