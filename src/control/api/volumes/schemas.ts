// Wire shapes of the volume routes (E2B spec `Volume`, `VolumeAndToken`).
import { Type } from 'typebox'
import type { VolumeTokens } from '../../volumes/volume-tokens.js'
import type { Volume as VolumeModel, VolumesBackend } from '../../volumes/volumes-backend.js'

export const NewVolume = Type.Object({ name: Type.String() })
export const VolumeParams = Type.Object({ volumeID: Type.String() })
export const Volume = Type.Object({ volumeID: Type.String(), name: Type.String() })
export const VolumeAndToken = Type.Object({
  volumeID: Type.String(),
  name: Type.String(),
  token: Type.String(),
  domain: Type.Optional(Type.String()),
})

export const volumeBody = (v: VolumeModel) => ({ volumeID: v.volumeId, name: v.name })

export type VolumeRouteDeps = { volumes: VolumesBackend; volumeTokens: VolumeTokens }
