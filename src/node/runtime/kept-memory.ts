// Snapshots that keep their processes (runsc-netstack): a snapshot keeps its source's memory
// image (checkpoints.ts) in a Docker volume of its own (`keep`); a sandbox created from
// the snapshot gets a copy as its pause image before its first start (`plant`), and `restore` starts
// it with the source's processes. Docker 20.10 refuses a checkpoint directory of one's choosing, and
// offers no API to a container's images: the copies go through helper containers (never started)
// that bind the image's directory on the engine's host, so the server needs no access to that host's
// files (it may run in a container).
import type Docker from 'dockerode'
import { NotFoundError } from '../../shared/errors.js'
import { CHECKPOINT, type MemoryImages } from './checkpoints.js'
import { fromDockerError, statusOf, type DockerClient } from './docker-client.js'
import { LABELS } from './labels.js'

/** A snapshot's memory (runsc-netstack), kept with it in a Docker volume. */
export type KeptMemory = Readonly<{
  /**
   * Keeps the image of a container saved by `save` (stopped) as snapshot `snapshotId`'s memory;
   * `token` is the envd access token its processes hold (what a restored envd accepts first).
   */
  keep(containerId: string, snapshotId: string, token: string | undefined): Promise<void>
  /**
   * Puts snapshot `snapshotId`'s memory into a created (never started) container as its image, for
   * `restore`: the envd token it holds; undefined when no memory is kept for the snapshot.
   */
  plant(containerId: string, snapshotId: string): Promise<{ token: string | undefined } | undefined>
  /** Drops a snapshot's memory; none is no error. */
  forget(snapshotId: string): Promise<void>
  /** The snapshots whose memory is kept (a start drops those whose snapshot is gone). */
  kept(): Promise<string[]>
}>

/** The volume a snapshot's memory is kept in. */
export const memoryVolume = (snapshotId: string) => `sandock-memory-${snapshotId}`
/** On a memory volume: the envd access token the kept processes hold. */
const TOKEN_LABEL = 'sandock.envd-token'

export function createKeptMemory(client: DockerClient, images: Pick<MemoryImages, 'savedImage'>): KeptMemory {
  const { docker } = client
  const rootDir = (() => {
    let root: Promise<string> | undefined
    return () =>
      (root ??= docker.info().then(
        (i: { DockerRootDir?: string }) => i.DockerRootDir ?? '/var/lib/docker',
        (e: unknown) => {
          root = undefined
          throw fromDockerError(e, 'docker info')
        },
      ))
  })()
  /**
   * Copies an image directory into `to` (a volume or a directory of the engine's host) as
   * `sandock-pause`: `from` binds it at /sandock-from/sandock-pause. Two helper containers from
   * `image`, never started, bind one each, and the archive passes from one to the other (Docker
   * locks a container for the length of an archive read, so one helper cannot take its own).
   */
  async function copyThrough(image: string, from: string, to: string): Promise<void> {
    const helper = (bind: string) =>
      docker
        .createContainer({
          Image: image,
          NetworkDisabled: true,
          // Ours, without a sandbox id (an image's labels are inherited): a crash's leftover is removed at the next start.
          Labels: { ...client.ownLabels, [LABELS.sandboxId]: '' },
          HostConfig: { Binds: [bind], NetworkMode: 'none' },
        })
        .catch((e: unknown) => {
          throw fromDockerError(e, 'create a memory copy helper container')
        })
    const helpers: Docker.Container[] = []
    try {
      const source = await helper(from)
      helpers.push(source)
      const target = await helper(`${to}:/sandock-to`)
      helpers.push(target)
      const tar = await source.getArchive({ path: `/sandock-from/${CHECKPOINT}` })
      await target.putArchive(tar, { path: '/sandock-to' })
    } catch (e) {
      throw fromDockerError(e, `copy the memory image ${from}`)
    } finally {
      for (const h of helpers) await h.remove({ force: true }).catch(() => undefined)
    }
  }
  const containerDir = async (containerId: string) => {
    const info = await docker
      .getContainer(containerId)
      .inspect()
      .catch((e: unknown) => {
        throw fromDockerError(e, `inspect ${containerId}`)
      })
    return { dir: `${await rootDir()}/containers/${info.Id}`, image: info.Image }
  }
  const self: KeptMemory = {
    async keep(containerId, snapshotId, token) {
      // Its pause image, or the probe's (a sandbox that the final save ended): kept as the former.
      const from = await images.savedImage(containerId)
      if (!from) throw new NotFoundError(`no memory image of container ${containerId}`)
      const { dir, image } = await containerDir(containerId)
      const volume = memoryVolume(snapshotId)
      await docker
        .createVolume({
          Name: volume,
          Labels: {
            ...client.ownLabels,
            [LABELS.snapshotMemory]: snapshotId,
            ...(token ? { [TOKEN_LABEL]: token } : {}),
          },
        })
        .catch((e: unknown) => {
          throw fromDockerError(e, `create volume ${volume}`)
        })
      try {
        await copyThrough(image, `${dir}/checkpoints/${from}:/sandock-from/${CHECKPOINT}:ro`, volume)
      } catch (e) {
        await self.forget(snapshotId).catch(() => undefined)
        throw e
      }
    },

    async plant(containerId, snapshotId) {
      const volume = memoryVolume(snapshotId)
      const labels = await docker
        .getVolume(volume)
        .inspect()
        .then(
          (v) => (v.Labels ?? {}) as Record<string, string>,
          (e: unknown) => {
            if (statusOf(e) === 404) return undefined
            throw fromDockerError(e, `inspect volume ${volume}`)
          },
        )
      if (!labels) return undefined
      const { dir, image } = await containerDir(containerId)
      // The volume holds `sandock-pause/`.
      await copyThrough(image, `${volume}:/sandock-from:ro`, `${dir}/checkpoints`)
      return { token: labels[TOKEN_LABEL] }
    },

    async forget(snapshotId) {
      await docker
        .getVolume(memoryVolume(snapshotId))
        .remove()
        .catch((e: unknown) => {
          if (statusOf(e) !== 404) throw fromDockerError(e, `remove volume ${memoryVolume(snapshotId)}`)
        })
    },

    async kept() {
      const { Volumes } = await docker
        .listVolumes({ filters: { label: [`${LABELS.instance}=${client.instanceId}`, LABELS.snapshotMemory] } })
        .catch((e: unknown) => {
          throw fromDockerError(e, 'list memory volumes')
        })
      return (Volumes ?? []).map((v) => (v.Labels ?? {})[LABELS.snapshotMemory]!).filter(Boolean)
    },
  }
  return self
}
