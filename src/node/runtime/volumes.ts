// User volumes on Docker: named volumes of the local driver bound to a host directory the server
// owns (`type=none,o=bind,device=<dir>`), so `docker volume ls` shows them, containers mount them
// by name, and the server reads and writes their data directly. Only volumes labelled with this
// server's instance (and named as it names them) are listed or removed, never another tool's.
import { fromDockerError, statusOf, type DockerClient } from './docker-client.js'
import { LABELS } from './labels.js'
import type { VolumeRuntime } from './types.js'

/** The Docker volume name of a user volume (what a sandbox container mounts). */
export const dockerVolumeName = (volumeId: string) => `sandock-vol-${volumeId}`

export function createVolumes(client: DockerClient): VolumeRuntime {
  const { docker } = client
  return {
    async createVolume(v, hostDir) {
      await docker
        .createVolume({
          Name: dockerVolumeName(v.volumeId),
          Driver: 'local',
          DriverOpts: { type: 'none', o: 'bind', device: hostDir },
          Labels: {
            ...client.ownLabels,
            [LABELS.volumeId]: v.volumeId,
            [LABELS.volumeName]: v.name,
            [LABELS.volumeCreatedAt]: v.createdAt.toISOString(),
          },
        })
        .catch((e: unknown) => {
          throw fromDockerError(e, `volume ${v.volumeId}`)
        })
    },

    async removeVolume(volumeId) {
      try {
        await docker.getVolume(dockerVolumeName(volumeId)).remove()
        return 'removed'
      } catch (e) {
        if (statusOf(e) === 404) return 'missing'
        if (statusOf(e) === 409) return 'in_use'
        throw fromDockerError(e, `volume ${volumeId}`)
      }
    },

    async listVolumes() {
      const filters = { label: [...Object.entries(client.ownLabels).map(([k, v]) => `${k}=${v}`), LABELS.volumeId] }
      const res = await docker.listVolumes({ filters }).catch((e: unknown) => {
        throw fromDockerError(e, 'volumes')
      })
      return (res.Volumes ?? []).flatMap((v) => {
        const l = v.Labels ?? {}
        const volumeId = l[LABELS.volumeId]
        const name = l[LABELS.volumeName]
        const createdAt = new Date(l[LABELS.volumeCreatedAt] ?? '')
        // Only ours, exactly as we name them: labels alone could be copied onto another tool's volume.
        if (!volumeId || !name || v.Name !== dockerVolumeName(volumeId) || Number.isNaN(createdAt.getTime())) return []
        return [{ volumeId, name, createdAt }]
      })
    },
  }
}
