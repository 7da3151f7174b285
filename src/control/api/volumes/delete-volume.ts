// DELETE /volumes/{volumeID}: deletes the volume and its data, also while sandboxes mount it (204).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorBody } from '../schemas.js'
import { VolumeParams, type VolumeRouteDeps } from './schemas.js'

export const deleteVolumeRoute: FastifyPluginAsyncTypebox<VolumeRouteDeps> = async (app, { volumes }) => {
  app.delete(
    '/volumes/:volumeID',
    { schema: { params: VolumeParams, response: { 204: Type.Null(), '4xx': ErrorBody } } },
    async (req, reply) => {
      await volumes.remove(req.params.volumeID)
      return reply.code(204).send(null)
    },
  )
}
