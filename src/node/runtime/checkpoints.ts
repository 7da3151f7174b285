// Memory on disk: gVisor's own checkpoint and restore (no CRIU), through Docker's experimental
// checkpoint API, for sandboxes under `runsc-netstack` (gVisor's own network stack: under
// `--network=host` runsc refuses to checkpoint). A checkpoint stops the container and writes its
// whole memory next to it (/var/lib/docker/containers/<id>/checkpoints/); a start from it restores
// every process, on whatever address Docker gives the container then (gVisor takes its interfaces
// from the namespace at restore). The image goes with the container.
//
// What runsc (2022) cannot save is a TCP connection on the sandbox's interface that is open or
// closing (TIME_WAIT included, 60 s): the save fails AND the sandbox's processes are gone (the
// container exits, its filesystem kept). So `openConnections` reads the sandbox's socket table
// (docker exec, never a connection of its own) first, and the caller checkpoints only when none
// is left; loopback connections are saved (gVisor's loopback can be).
import { PassThrough } from 'node:stream'
import type Docker from 'dockerode'
import { AppError, NotFoundError } from '../../shared/errors.js'
import { fromDockerError, ipOf, statusOf, type DockerClient } from './docker-client.js'

/** The runtime name of gVisor with its own network stack (`.ci/ensure-runsc.sh` registers it). */
export const NETSTACK_RUNTIME = 'runsc-netstack'

/** gVisor runtimes: `runsc` (the host's network stack inside the namespace) and `runsc-netstack`. */
export const isGvisor = (runtime: string | undefined) => runtime === 'runsc' || runtime === NETSTACK_RUNTIME

/** The one checkpoint a paused sandbox has. */
const CHECKPOINT = 'sandock-pause'

export type MemoryImages = Readonly<{
  /** Stops the container, its memory written to disk. A failure may have ended its processes. */
  save(containerId: string): Promise<void>
  /** Starts the container from its checkpoint (processes and memory back), then drops the image. */
  restore(containerId: string, network: string): Promise<{ ip: string }>
  /** Is the container running (a failed save may have ended it)? */
  running(containerId: string): Promise<boolean>
  /** Drops the image (a reboot instead of a restore); none is no error. */
  discard(containerId: string): Promise<void>
  /**
   * TCP connections on the sandbox's own interface that are not listening sockets (what runsc
   * cannot save); Infinity when the table could not be read (then nothing is risked).
   */
  openConnections(containerId: string): Promise<number>
}>

/**
 * Lines of /proc/net/tcp{,6} that runsc cannot save: state not LISTEN (0A) or CLOSE (07), and
 * not between two loopback addresses (127.0.0.0/8, ::1); Infinity for a text without the
 * table's header. Pure.
 */
export function unsavableConnections(procNetTcp: string): number {
  if (!/\blocal_address\b/.test(procNetTcp)) return Number.POSITIVE_INFINITY
  let n = 0
  for (const line of procNetTcp.split('\n')) {
    const f = line.trim().split(/\s+/)
    if (f.length < 4 || !/^\d+:$/.test(f[0]!)) continue
    const [local, remote, st] = [f[1]!, f[2]!, f[3]!]
    if (st === '0A' || st === '07') continue
    if (isLoopback(local) && isLoopback(remote)) continue
    n++
  }
  return n
}

/** `0100007F:1F40` (IPv4, little-endian) or a 32-hex-digit IPv6 address, with its port. */
function isLoopback(addrPort: string): boolean {
  const hex = addrPort.split(':')[0] ?? ''
  if (hex.length === 8) return hex.slice(6, 8).toUpperCase() === '7F'
  if (hex.length === 32) {
    const v = hex.toUpperCase()
    // ::1 as four little-endian words, or ::ffff:127.x.y.z (IPv4-mapped).
    return v === '00000000000000000000000001000000' || (v.startsWith('0000000000000000FFFF0000') && v.slice(30) === '7F')
  }
  return false
}

export function createMemoryImages(client: DockerClient): MemoryImages {
  const { docker } = client
  const dial = <T>(o: { path: string; method: string; body?: unknown; ok: number[]; what: string }) =>
    new Promise<T>((resolve, reject) => {
      docker.modem.dial(
        {
          path: o.path,
          method: o.method,
          options: o.body ?? {},
          statusCodes: { ...Object.fromEntries(o.ok.map((c) => [c, true])), 404: 'not found', 409: 'conflict', 500: 'server error' },
        },
        (err: unknown, data: unknown) => (err ? reject(fromDockerError(err, o.what)) : resolve(data as T)),
      )
    })

  return {
    async save(containerId) {
      await dial({
        path: `/containers/${containerId}/checkpoints?`,
        method: 'POST',
        body: { CheckpointID: CHECKPOINT, Exit: true },
        ok: [200, 201, 204],
        what: `checkpoint of ${containerId}`,
      })
    },

    async restore(containerId, network) {
      const c = docker.getContainer(containerId)
      // dockerode passes the options as the query (`?checkpoint=`), which its types do not list.
      await c.start({ checkpoint: CHECKPOINT } as Docker.ContainerStartOptions).catch((e: unknown) => {
        if (statusOf(e) !== 304) throw fromDockerError(e, `restore of ${containerId}`)
      })
      const info = await c.inspect().catch((e: unknown) => {
        throw fromDockerError(e, `inspect ${containerId}`)
      })
      const ip = ipOf(info, network)
      if (!ip) throw new AppError('internal', `restored sandbox container has no address on network ${network}`)
      // The image is spent: the next pause writes a new one (and it is the disk a paused sandbox costs).
      await this.discard(containerId).catch(() => undefined)
      return { ip }
    },

    async running(containerId) {
      return docker
        .getContainer(containerId)
        .inspect()
        .then(
          (i) => i.State.Running,
          () => false,
        )
    },

    async discard(containerId) {
      await dial({
        path: `/containers/${containerId}/checkpoints/${CHECKPOINT}?`,
        method: 'DELETE',
        ok: [200, 204],
        what: `checkpoint of ${containerId}`,
      }).catch((e: unknown) => {
        if (!(e instanceof NotFoundError)) throw e
      })
    },

    async openConnections(containerId) {
      const run = await docker
        .getContainer(containerId)
        .exec({ Cmd: ['cat', '/proc/net/tcp', '/proc/net/tcp6'], AttachStdout: true, AttachStderr: true, User: '0' })
        .catch((e: unknown) => {
          throw fromDockerError(e, `exec in ${containerId}`)
        })
      const stream = await run.start({ hijack: true, stdin: false })
      const out = new PassThrough()
      const chunks: Buffer[] = []
      out.on('data', (b: Buffer) => chunks.push(b))
      docker.modem.demuxStream(stream, out, new PassThrough().resume())
      await new Promise<void>((resolve, reject) => {
        stream.on('end', resolve)
        stream.on('close', resolve)
        stream.on('error', reject)
      })
      return unsavableConnections(Buffer.concat(chunks).toString('utf8'))
    },
  }
}
