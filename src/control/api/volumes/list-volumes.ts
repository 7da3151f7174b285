// GET /volumes: every volume, without tokens.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorBody } from '../schemas.js'
import { Volume, volumeBody, type VolumeRouteDeps } from './schemas.js'

export const listVolumesRoute: FastifyPluginAsyncTypebox<VolumeRouteDeps> = async (app, { volumes }) => {
  app.get('/volumes', { schema: { response: { 200: Type.Array(Volume), '4xx': ErrorBody } } }, async () =>
    (await volumes.list()).map(volumeBody),
  )
}
