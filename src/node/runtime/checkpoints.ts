// Memory on disk: gVisor's own checkpoint and restore (no CRIU), through Docker's experimental
// checkpoint API, for sandboxes under `runsc-netstack` (gVisor's own network stack: under
// `--network=host` runsc refuses to checkpoint). A checkpoint stops the container and writes its
// whole memory next to it (/var/lib/docker/containers/<id>/checkpoints/); a start from it restores
// every process, on whatever address Docker gives the container then (gVisor takes its interfaces
// from the namespace at restore). The image goes with the container.
//
// What runsc cannot save is a TCP connection on the sandbox's interface that is open or closing
// (TIME_WAIT included, 60 s), unless the runtime runs with --net-disconnect-ok (.ci/ensure-runsc.sh
// sets it), which resets them at the save instead. A save that leaves the container running
// (`Exit: false`) and is refused changes nothing, while a refused save that stops it ends the
// sandbox's processes (bench/gvisor-checkpoint-spike.mjs, runsc 2024-07-29). So `save` first writes
// a probe image leaving it running, then the image that stops it; should that second one fail and
// end the sandbox, the probe image holds its memory.
import { AppError, NotFoundError } from '../../shared/errors.js'
import { fromDockerError, ipOf, type DockerClient } from './docker-client.js'

/** The runtime name of gVisor with its own network stack (`.ci/ensure-runsc.sh` registers it). */
export const NETSTACK_RUNTIME = 'runsc-netstack'

/** gVisor runtimes: `runsc` (the host's network stack inside the namespace) and `runsc-netstack`. */
export const isGvisor = (runtime: string | undefined) => runtime === 'runsc' || runtime === NETSTACK_RUNTIME

/** The checkpoint a paused sandbox's memory is in; the probe's when the final save ended it. */
export const CHECKPOINT = 'sandock-pause'
const PROBE = 'sandock-probe'
const RESTORE_TRIES = 5

export type MemoryImages = Readonly<{
  /**
   * Writes the container's memory to disk and stops it: 'saved'; `{ refused }` with runsc's reason
   * when it cannot save it now (it keeps running, nothing changed); 'probe' when it stopped with
   * the probe image only.
   */
  save(containerId: string): Promise<'saved' | 'probe' | { refused: string }>
  /** Starts the container from its image (processes and memory back), then drops the images. */
  restore(containerId: string, network: string): Promise<{ ip: string }>
  /** Is the container running? */
  running(containerId: string): Promise<boolean>
  /** The MAC address the container was created with (what its restored processes send from), if one was set. */
  macOf(containerId: string): Promise<string | undefined>
  /** Drops the images (a reboot instead of a restore); none is no error. */
  discard(containerId: string): Promise<void>
  /** The name of the container's saved image (the probe's when only it is left), or undefined. */
  savedImage(containerId: string): Promise<string | undefined>
}>

export function createMemoryImages(client: DockerClient): MemoryImages {
  const { docker } = client
  const dial = <T>(o: { path: string; method: string; body?: unknown; ok: number[]; what: string }) =>
    new Promise<T>((resolve, reject) => {
      docker.modem.dial(
        {
          path: o.path,
          method: o.method,
          options: o.body ?? {},
          statusCodes: {
            ...Object.fromEntries(o.ok.map((c) => [c, true])),
            404: 'not found',
            409: 'conflict',
            500: 'server error',
          },
        },
        (err: unknown, data: unknown) => (err ? reject(fromDockerError(err, o.what)) : resolve(data as T)),
      )
    })
  const checkpoint = (containerId: string, id: string, exit: boolean) =>
    dial({
      path: `/containers/${containerId}/checkpoints?`,
      method: 'POST',
      body: { CheckpointID: id, Exit: exit },
      ok: [200, 201, 204],
      what: `checkpoint of ${containerId}`,
    })
  const drop = (containerId: string, id: string) =>
    dial({
      path: `/containers/${containerId}/checkpoints/${id}?`,
      method: 'DELETE',
      ok: [200, 204],
      what: `checkpoint of ${containerId}`,
    }).catch((e: unknown) => {
      // Docker 20.10 answers 500 "checkpoint … does not exist" for a missing one.
      if (!(e instanceof NotFoundError) && !/does not exist/.test((e as Error).message)) throw e
    })
  const savedImage = async (containerId: string) => {
    const images = await dial<{ Name: string }[] | null>({
      path: `/containers/${containerId}/checkpoints?`,
      method: 'GET',
      ok: [200],
      what: `checkpoints of ${containerId}`,
    })
    const names = (images ?? []).map((i) => i.Name)
    return names.includes(CHECKPOINT) ? CHECKPOINT : names.includes(PROBE) ? PROBE : undefined
  }
  const running = (containerId: string) =>
    docker
      .getContainer(containerId)
      .inspect()
      .then(
        (i) => i.State.Running,
        () => false,
      )

  return {
    async save(containerId) {
      await drop(containerId, CHECKPOINT)
      await drop(containerId, PROBE)
      const why = (e: unknown) => /save rejected[^:]*: ([^:]+)/.exec((e as Error).message)?.[1] ?? (e as Error).message
      try {
        await checkpoint(containerId, PROBE, false)
      } catch (e) {
        if (await running(containerId)) return { refused: why(e) }
        throw e
      }
      try {
        await checkpoint(containerId, CHECKPOINT, true)
      } catch (e) {
        // A connection opened since the probe: refused again, or this time the save ended it.
        if (await running(containerId)) {
          await drop(containerId, PROBE)
          return { refused: why(e) }
        }
        if (e instanceof AppError) return 'probe'
        throw e
      }
      await drop(containerId, PROBE)
      return 'saved'
    },

    async restore(containerId, network) {
      const c = docker.getContainer(containerId)
      const from = await savedImage(containerId)
      if (!from) throw new NotFoundError(`no memory image of container ${containerId}`)
      // `?checkpoint=` with an empty body (Docker refuses a start with one since API 1.24).
      const start = () =>
        dial({
          path: `/containers/${containerId}/start?`,
          method: 'POST',
          body: { _query: { checkpoint: from }, _body: {} },
          ok: [204, 304],
          what: `restore of ${containerId}`,
        })
      // Docker passes the image through containerd's content store, which refuses the second of two
      // identical uploads at once (forks of one snapshot restoring together): that one tries again.
      for (let tries = 1; ; tries++) {
        try {
          await start()
          break
        } catch (e) {
          if (tries >= RESTORE_TRIES || !/content sha256:\w+: already exists/.test((e as Error).message)) throw e
          await new Promise((r) => setTimeout(r, 100 * tries))
        }
      }
      const info = await c.inspect().catch((e: unknown) => {
        throw fromDockerError(e, `inspect ${containerId}`)
      })
      const ip = ipOf(info, network)
      if (!ip) throw new AppError('internal', `restored sandbox container has no address on network ${network}`)
      // The image is spent: the next pause writes a new one (and it is the disk a paused sandbox costs).
      await this.discard(containerId).catch(() => undefined)
      return { ip }
    },

    running,

    async macOf(containerId) {
      const info = await docker
        .getContainer(containerId)
        .inspect()
        .catch((e: unknown) => {
          throw fromDockerError(e, `inspect ${containerId}`)
        })
      return (info.Config as { MacAddress?: string }).MacAddress || undefined
    },

    async discard(containerId) {
      await drop(containerId, CHECKPOINT)
      await drop(containerId, PROBE)
    },
    savedImage,
  }
}
