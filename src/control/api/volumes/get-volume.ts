// GET /volumes/{volumeID}: the volume with a fresh token on every call.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody } from '../schemas.js'
import { VolumeAndToken, VolumeParams, volumeBody, type VolumeRouteDeps } from './schemas.js'

export const getVolumeRoute: FastifyPluginAsyncTypebox<VolumeRouteDeps> = async (app, { volumes, volumeTokens }) => {
  app.get(
    '/volumes/:volumeID',
    { schema: { params: VolumeParams, response: { 200: VolumeAndToken, '4xx': ErrorBody } } },
    async (req) => {
      const v = await volumes.get(req.params.volumeID)
      return { ...volumeBody(v), token: await volumeTokens.issue(v.volumeId) }
    },
  )
}
