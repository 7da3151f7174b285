// Registers the volume routes of the control API (X-API-Key, like every control route).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { createVolumeRoute } from './create-volume.js'
import { deleteVolumeRoute } from './delete-volume.js'
import { getVolumeRoute } from './get-volume.js'
import { listVolumesRoute } from './list-volumes.js'
import type { VolumeRouteDeps } from './schemas.js'

export const volumeRoutes: FastifyPluginAsyncTypebox<VolumeRouteDeps> = async (app, deps) => {
  for (const route of [createVolumeRoute, listVolumesRoute, getVolumeRoute, deleteVolumeRoute])
    await app.register(route, deps)
}
