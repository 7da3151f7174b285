// User volumes on Docker: named volumes of the local driver bound to a host directory the server
// owns (`type=none,o=bind,device=<dir>`), so `docker volume ls` shows them, containers mount them
// by name, and the server reads and writes their data directly. Only volumes labelled with this
// server's instance are listed or removed, never another tool's.
import type Docker from 'dockerode'
import { AppError } from '../../shared/errors.js'
import { LABELS, MANAGED_BY } from './labels.js'

/** A user volume as the labels of its Docker volume keep it. */
export type BackedVolume = Readonly<{ volumeId: string; name: string; createdAt: Date }>

export interface VolumeRuntime {
  /** Creates the Docker volume of `v`, bound to `hostDir` (which must exist when a container mounts it). */
  createVolume(v: BackedVolume, hostDir: string): Promise<void>
  /** `in_use`: a container (even a stopped one) still mounts it; it stays until a later try. */
  removeVolume(volumeId: string): Promise<'removed' | 'missing' | 'in_use'>
  /** This server's user volumes. */
  listVolumes(): Promise<BackedVolume[]>
}

/** The Docker volume name of a user volume (what a sandbox container mounts). */
export const dockerVolumeName = (volumeId: string) => `sandock-vol-${volumeId}`

const statusOf = (e: unknown) => (e as { statusCode?: number } | undefined)?.statusCode
const fail = (e: unknown, what: string) => new AppError('unavailable', `docker: ${what}: ${(e as Error).message}`, { cause: e })

export function createDockerVolumes(docker: Docker, opts: { instanceId: string }): VolumeRuntime {
  const own = { [LABELS.managedBy]: MANAGED_BY, [LABELS.instance]: opts.instanceId }
  return {
    async createVolume(v, hostDir) {
      await docker.createVolume({
        Name: dockerVolumeName(v.volumeId),
        Driver: 'local',
        DriverOpts: { type: 'none', o: 'bind', device: hostDir },
        Labels: { ...own, [LABELS.volumeId]: v.volumeId, [LABELS.volumeName]: v.name, [LABELS.volumeCreatedAt]: v.createdAt.toISOString() },
      }).catch((e: unknown) => {
        throw fail(e, `create volume ${v.volumeId}`)
      })
    },

    async removeVolume(volumeId) {
      try {
        await docker.getVolume(dockerVolumeName(volumeId)).remove()
        return 'removed'
      } catch (e) {
        if (statusOf(e) === 404) return 'missing'
        if (statusOf(e) === 409) return 'in_use'
        throw fail(e, `remove volume ${volumeId}`)
      }
    },

    async listVolumes() {
      const res = await docker.listVolumes({ filters: { label: [`${LABELS.managedBy}=${MANAGED_BY}`, `${LABELS.instance}=${opts.instanceId}`, LABELS.volumeId] } })
        .catch((e: unknown) => {
          throw fail(e, 'list volumes')
        })
      return (res.Volumes ?? []).flatMap((v) => {
        const l = v.Labels ?? {}
        const volumeId = l[LABELS.volumeId]
        const name = l[LABELS.volumeName]
        const createdAt = new Date(l[LABELS.volumeCreatedAt] ?? '')
        // Only ours, exactly as we name them: a label alone could be copied onto another tool's volume.
        if (!volumeId || !name || v.Name !== dockerVolumeName(volumeId) || Number.isNaN(createdAt.getTime())) return []
        return [{ volumeId, name, createdAt }]
      })
    },
  }
}
