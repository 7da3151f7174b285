// The only module that talks to Docker: sandbox containers, networks and images, in domain terms.
import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import Docker from 'dockerode'
import type { Logger } from 'pino'
import { AppError, NotFoundError } from '../../shared/errors.js'
import { hardenedHostConfig, ICC_OPTION, storageDriverSupportsSize } from './hardening.js'
import { LABELS, MANAGED_BY } from './labels.js'
import { loadNetnsRuleset } from './netns-firewall.js'

export type ContainerSpec = Readonly<{
  sandboxId: string
  image: string
  labels: Record<string, string>
  env: Record<string, string>
  cpuCount: number
  memoryMB: number
  pidsLimit: number
  network: string
  /** Docker runtime (`runc`, `runsc`); undefined = the engine's default. */
  runtime?: string | undefined
  /** Host file bind-mounted read-only over /proc/sys/kernel/random/boot_id (gVisor only: runc refuses mounts in /proc). */
  bootIdFile?: string | undefined
  /** Puts /tmp on an anonymous volume (kept across stop/start, removed with the container). */
  tmpVolume?: boolean | undefined
}>

export type ManagedContainer = Readonly<{
  containerId: string
  labels: Record<string, string>
  state: 'running' | 'paused' | 'stopped'
  ip: string | undefined
  /** The image name the container was created from. */
  image: string
}>

export interface SandboxRuntime {
  /** Creates the bridge network (inter-container traffic off) unless it exists; warns when an existing one allows it. */
  ensureNetwork(name: string, opts: { internal: boolean }): Promise<void>
  /** The host interface of a bridge network (what the host firewall matches on). */
  bridgeInterface(network: string): Promise<string>
  /** Names of the runtimes the engine offers (`docker info`), e.g. runc, runsc. */
  runtimes(): Promise<string[]>
  /**
   * Replaces the filter table in the container's network namespace with `ruleset`
   * (iptables-restore syntax). Resolves false when the container is not running (nothing to do:
   * a stopped container has no namespace; the caller applies the rules after it boots).
   */
  setFirewall(containerId: string, ruleset: string): Promise<boolean>
  /** Creates and starts a sandbox container; resolves with its id and address. Removes it on failure. */
  start(spec: ContainerSpec): Promise<{ containerId: string; ip: string }>
  remove(containerId: string): Promise<void>
  /** Stops the container and keeps its filesystem (filesystem-only pause). */
  stop(containerId: string): Promise<void>
  /** Boots a stopped sandbox container again; resolves with its (possibly new) address. */
  restart(containerId: string, network: string): Promise<{ ip: string }>
  pause(containerId: string): Promise<void>
  unpause(containerId: string): Promise<void>
  /** This server's sandbox containers (by its instance label), in any state. */
  listManaged(): Promise<ManagedContainer[]>
  imageExists(image: string): Promise<boolean>
  /** Commits a container's filesystem as `image` (the container is frozen while it is copied). */
  commit(containerId: string, image: string, labels: Record<string, string>): Promise<void>
  /** This server's images carrying `label`, with their tags and labels. */
  listImages(label: string): Promise<{ tags: string[]; labels: Record<string, string>; createdS: number }[]>
  /** Removes an image; a conflict (a container still uses it) is a `conflict` error. */
  removeImage(image: string): Promise<void>
  /** Container stdout/stderr lines (envd logs), oldest first. */
  logs(containerId: string, opts: { sinceS?: number; tail?: number }): Promise<string[]>
  ping(): Promise<void>
  /** Builds `tag` from a context folder; `onLog` gets each output line. Fails on in-stream errors. */
  buildImage(opts: { contextDir: string; dockerfile: string; tag: string; onLog: (line: string) => void }): Promise<void>
}

const statusOf = (e: unknown) => (e as { statusCode?: number })?.statusCode

function fromDockerError(e: unknown, what: string): AppError {
  const code = statusOf(e)
  if (code === 404) return new NotFoundError(`${what} not found`, { cause: e })
  if (code === 409) return new AppError('conflict', `${what}: ${(e as Error).message}`, { cause: e })
  return new AppError('unavailable', `docker: ${what}: ${(e as Error).message}`, { cause: e })
}

/** Docker's multiplexed log stream → text lines (8-byte frame headers stripped). */
export function demuxLines(buf: Buffer): string[] {
  const out: string[] = []
  let text = ''
  if (buf.length >= 8 && (buf[0] === 1 || buf[0] === 2) && buf[1] === 0 && buf[2] === 0 && buf[3] === 0) {
    for (let i = 0; i + 8 <= buf.length; ) {
      const len = buf.readUInt32BE(i + 4)
      text += buf.subarray(i + 8, i + 8 + len).toString('utf8')
      i += 8 + len
    }
  } else text = buf.toString('utf8')
  for (const line of text.split('\n')) if (line !== '') out.push(line)
  return out
}

/**
 * `diskLimitMB` (0 = none) caps each sandbox's writable layer where the storage driver can; where
 * it cannot, the limit is logged once as not enforced and containers are created without it.
 */
export function createDockerRuntime(opts: { socketPath: string; instanceId: string; log: Logger; diskLimitMB?: number }): SandboxRuntime {
  const docker = new Docker({ socketPath: opts.socketPath })
  const log = opts.log
  let diskLimit: Promise<number> | undefined
  const diskLimitMB = (): Promise<number> => {
    const wanted = opts.diskLimitMB ?? 0
    diskLimit ??= wanted <= 0 ? Promise.resolve(0) : docker.info().then((info: { Driver?: string; DriverStatus?: [string, string][] }) => {
      if (storageDriverSupportsSize(info)) return wanted
      log.warn({ driver: info.Driver, diskLimitMB: wanted }, 'disk limit not enforced: the storage driver cannot limit a container\'s writable layer')
      return 0
    }, () => 0)
    return diskLimit
  }

  const ipOf = (info: Docker.ContainerInspectInfo | Docker.ContainerInfo, network: string | undefined): string | undefined => {
    const nets = info.NetworkSettings?.Networks ?? {}
    const n = (network && nets[network]) || Object.values(nets)[0]
    return n?.IPAddress || undefined
  }

  return {
    async ping() {
      await docker.ping()
    },

    async runtimes() {
      const info = (await docker.info().catch((e: unknown) => {
        throw fromDockerError(e, 'docker info')
      })) as { Runtimes?: Record<string, unknown> }
      return Object.keys(info.Runtimes ?? {})
    },

    async setFirewall(containerId, ruleset) {
      let pid: number
      try {
        pid = (await docker.getContainer(containerId).inspect()).State.Pid
      } catch (e) {
        throw fromDockerError(e, `container ${containerId}`)
      }
      if (!pid) return false
      await loadNetnsRuleset(pid, ruleset)
      return true
    },

    async ensureNetwork(name, { internal }) {
      const existing = (await docker.listNetworks({ filters: { name: [name] } })).find((n) => n.Name === name)
      if (existing) {
        if (existing.Options?.[ICC_OPTION] !== 'false') {
          log.warn({ network: name }, 'sandboxes on this network can reach each other (created without enable_icc=false); remove it to let sandock recreate it')
        }
        return
      }
      try {
        await docker.createNetwork({
          Name: name, Driver: 'bridge', Internal: internal, Labels: { [LABELS.managedBy]: MANAGED_BY },
          // Sandboxes on one network must not reach each other; the host (proxy) still reaches them all.
          Options: { [ICC_OPTION]: 'false' },
        })
        log.info({ network: name, internal }, 'network created')
      } catch (e) {
        if (statusOf(e) !== 409) throw fromDockerError(e, `network ${name}`)
      }
    },

    async bridgeInterface(network) {
      try {
        const info = (await docker.getNetwork(network).inspect()) as { Id: string; Options?: Record<string, string> }
        return info.Options?.['com.docker.network.bridge.name'] ?? `br-${info.Id.slice(0, 12)}`
      } catch (e) {
        throw fromDockerError(e, `network ${network}`)
      }
    },

    async start(spec) {
      let container: Docker.Container | undefined
      const create = (limitMB: number) => docker.createContainer({
        name: `sandock-${spec.sandboxId}`,
        Image: spec.image,
        Labels: { ...spec.labels, [LABELS.managedBy]: MANAGED_BY, [LABELS.instance]: opts.instanceId, [LABELS.sandboxId]: spec.sandboxId },
        Env: Object.entries(spec.env).map(([k, v]) => `${k}=${v}`),
        Hostname: spec.sandboxId.slice(0, 12),
        HostConfig: {
          ...hardenedHostConfig({ diskLimitMB: limitMB }),
          NetworkMode: spec.network,
          NanoCpus: Math.round(spec.cpuCount * 1e9),
          Memory: spec.memoryMB * 1024 * 1024,
          MemorySwap: spec.memoryMB * 1024 * 1024,
          PidsLimit: spec.pidsLimit,
          // tini as PID 1: reaps zombies and forwards signals to envd.
          Init: true,
          RestartPolicy: { Name: 'no' },
          ...(spec.runtime ? { Runtime: spec.runtime } : {}),
          // Under gVisor: a per-boot boot_id file (read-only) and /tmp on an anonymous volume.
          Mounts: [
            ...(spec.bootIdFile ? [{ Type: 'bind' as const, Source: spec.bootIdFile, Target: '/proc/sys/kernel/random/boot_id', ReadOnly: true }] : []),
            ...(spec.tmpVolume ? [{ Type: 'volume' as const, Source: '', Target: '/tmp' }] : []),
          ],
        },
      })
      try {
        const limitMB = await diskLimitMB()
        try {
          container = await create(limitMB)
        } catch (e) {
          // xfs without pquota (or a driver we misjudged) refuses StorageOpt: fall back once, for good.
          const code = statusOf(e)
          if (limitMB === 0 || (code !== 400 && code !== 500)) throw e
          container = await create(0)
          diskLimit = Promise.resolve(0)
          log.warn({ err: e, diskLimitMB: limitMB }, 'disk limit not enforced: Docker refused StorageOpt.size')
        }
        await container.start()
        const info = await container.inspect()
        const ip = ipOf(info, spec.network)
        if (!ip) throw new AppError('internal', `sandbox container has no address on network ${spec.network}`)
        return { containerId: container.id, ip }
      } catch (e) {
        if (container) await container.remove({ force: true }).catch(() => undefined)
        if (e instanceof AppError) throw e
        if (statusOf(e) === 404) throw new NotFoundError(`image ${spec.image} not found`, { cause: e })
        throw fromDockerError(e, 'create sandbox container')
      }
    },

    async remove(containerId) {
      try {
        await docker.getContainer(containerId).remove({ force: true, v: true })
      } catch (e) {
        if (statusOf(e) === 404) return
        throw fromDockerError(e, `container ${containerId}`)
      }
    },

    async stop(containerId) {
      try {
        // envd holds no state worth a grace period; SIGKILL after 1 s keeps pauses quick.
        await docker.getContainer(containerId).stop({ t: 1 })
      } catch (e) {
        if (statusOf(e) !== 304) throw fromDockerError(e, `stop ${containerId}`)
      }
    },

    async restart(containerId, network) {
      const container = docker.getContainer(containerId)
      try {
        await container.start()
      } catch (e) {
        if (statusOf(e) !== 304) throw fromDockerError(e, `start ${containerId}`)
      }
      const ip = ipOf(await container.inspect(), network)
      if (!ip) throw new AppError('internal', `sandbox container has no address on network ${network}`)
      return { ip }
    },

    async pause(containerId) {
      await docker.getContainer(containerId).pause().catch((e) => {
        throw fromDockerError(e, `pause ${containerId}`)
      })
    },

    async unpause(containerId) {
      const c = docker.getContainer(containerId)
      await c.unpause().catch(async (e) => {
        // What is asked for is a running container: one Docker already shows running and not
        // paused is a success, not an error (Docker 20.10 answers "is not paused" with a 500).
        const notPaused = /is not paused/.test((e as { message?: string })?.message ?? '')
        const state = notPaused ? await c.inspect().then((i) => i.State, () => undefined) : undefined
        if (state?.Running && !state.Paused) return
        throw fromDockerError(e, `unpause ${containerId}`)
      })
    },

    async listManaged() {
      const list = await docker.listContainers({ all: true, filters: { label: [`${LABELS.managedBy}=${MANAGED_BY}`, `${LABELS.instance}=${opts.instanceId}`, LABELS.sandboxId] } })
      return list.map((c) => ({
        containerId: c.Id,
        labels: c.Labels ?? {},
        state: c.State === 'running' ? 'running' : c.State === 'paused' ? 'paused' : 'stopped',
        ip: ipOf(c, c.HostConfig?.NetworkMode),
        image: c.Image,
      }))
    },

    async imageExists(image) {
      try {
        await docker.getImage(image).inspect()
        return true
      } catch (e) {
        if (statusOf(e) === 404) return false
        throw fromDockerError(e, `image ${image}`)
      }
    },

    async commit(containerId, image, labels) {
      const [repo, tag] = image.split(':')
      try {
        await docker.getContainer(containerId).commit({
          repo, tag, pause: true,
          changes: Object.entries({ ...labels, [LABELS.managedBy]: MANAGED_BY, [LABELS.instance]: opts.instanceId })
            .map(([k, v]) => `LABEL ${JSON.stringify(k)}=${JSON.stringify(v)}`),
        })
      } catch (e) {
        throw fromDockerError(e, `commit ${containerId}`)
      }
    },

    async listImages(label) {
      const images = await docker.listImages({ filters: { label: [`${LABELS.instance}=${opts.instanceId}`, label] } })
      return images.map((i) => ({ tags: (i.RepoTags ?? []).filter((t) => t !== '<none>:<none>'), labels: i.Labels ?? {}, createdS: i.Created }))
    },

    async removeImage(image) {
      try {
        await docker.getImage(image).remove()
      } catch (e) {
        if (statusOf(e) === 404) throw new NotFoundError(`image ${image} not found`, { cause: e })
        throw fromDockerError(e, `remove image ${image}`)
      }
    },

    async buildImage({ contextDir, dockerfile, tag, onLog }) {
      const files = (await readdir(contextDir, { recursive: true, withFileTypes: true }))
        .filter((d) => d.isFile() || d.isSymbolicLink())
        .map((d) => relative(contextDir, join(d.parentPath, d.name)))
      const stream = await docker.buildImage({ context: contextDir, src: files }, { t: tag, dockerfile, labels: { [LABELS.managedBy]: MANAGED_BY } })
      await new Promise<void>((resolve, reject) => {
        docker.modem.followProgress(stream, (err: Error | null, output: { error?: string }[]) => {
          // Build failures arrive as an in-stream `error` event on an HTTP 200.
          const failed = err?.message ?? output?.find((o) => o.error)?.error
          if (failed) reject(new AppError('internal', `image build ${tag} failed: ${failed}`))
          else resolve()
        }, (ev: { stream?: string; status?: string }) => {
          const line = (ev.stream ?? ev.status ?? '').trim()
          if (line) onLog(line)
        })
      })
    },

    async logs(containerId, { sinceS, tail }) {
      try {
        const buf = (await docker.getContainer(containerId).logs({
          stdout: true, stderr: true, follow: false, since: sinceS ?? 0, tail: tail ?? 1000, timestamps: false,
        })) as unknown as Buffer
        return demuxLines(Buffer.isBuffer(buf) ? buf : Buffer.from(String(buf)))
      } catch (e) {
        throw fromDockerError(e, `logs of ${containerId}`)
      }
    },
  }
}
