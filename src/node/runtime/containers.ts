// Sandbox containers on Docker: hardened create and start, stop/restart, freeze, removal, listing
// this server's containers, logs, and loading egress rules into a container's namespace.
import type Docker from 'dockerode'
import { AppError, NotFoundError } from '../../shared/errors.js'
import { fromDockerError, ipOf, statusOf, type DockerClient } from './docker-client.js'
import { engineNofileCeiling } from './engine-limits.js'
import { hardenedHostConfig, storageDriverSupportsSize, type LogCap } from './hardening.js'
import { LABELS, MANAGED_BY } from './labels.js'
import { collectLogStream, createLogCollector } from './log-reader.js'
import { capFlowsOf, type FlowCap } from './flow-cap.js'
import { loadNetnsRuleset } from './netns-firewall.js'
import { isPoolContainer, specFromLabels, specLabels } from './sandbox-labels.js'
import type { ContainerSpec, SandboxRuntime } from './types.js'

type ContainerOps = Pick<
  SandboxRuntime,
  'start' | 'remove' | 'stop' | 'restart' | 'pause' | 'unpause' | 'listManaged' | 'listForeign' | 'logs' | 'setFirewall'
>

/**
 * `diskLimitMB` (0 = none) caps each sandbox's writable layer where the storage driver can; where
 * it cannot, the limit is logged once as not enforced and containers are created without it.
 */
export function createContainers(
  client: DockerClient,
  opts: { diskLimitMB?: number; procRoot?: string; logCap?: LogCap; flowCap?: FlowCap },
): ContainerOps {
  const { docker, log } = client
  let diskLimit: Promise<number> | undefined
  const diskLimitMB = (): Promise<number> => {
    const wanted = opts.diskLimitMB ?? 0
    diskLimit ??=
      wanted <= 0
        ? Promise.resolve(0)
        : docker.info().then(
            (info: { Driver?: string; DriverStatus?: [string, string][] }) => {
              if (storageDriverSupportsSize(info)) return wanted
              log.warn(
                { driver: info.Driver, diskLimitMB: wanted },
                "disk limit not enforced: the storage driver cannot limit a container's writable layer",
              )
              return 0
            },
            () => 0,
          )
    return diskLimit
  }

  // A nofile ulimit above the engine's own hard limit fails every create: capped to it, once, with a warning.
  let nofileCeiling: Promise<number | undefined> | undefined
  const nofileOf = async (wanted: number | undefined): Promise<number | undefined> => {
    if (!wanted) return undefined
    nofileCeiling ??= engineNofileCeiling(opts.procRoot).then((ceiling) => {
      if (ceiling !== undefined && ceiling < wanted)
        log.warn(
          { nofileLimit: wanted, engineLimit: ceiling },
          "sandbox nofile limit lowered to the Docker engine's own hard limit",
        )
      return ceiling
    })
    const ceiling = await nofileCeiling
    return ceiling === undefined ? wanted : Math.min(wanted, ceiling)
  }

  const create = async (spec: ContainerSpec, limitMB: number) =>
    docker.createContainer({
      name: `sandock-${spec.sandbox.sandboxId}`,
      Image: spec.image,
      Labels: {
        ...specLabels(spec.sandbox, { pool: spec.pool }),
        ...client.ownLabels,
        [LABELS.sandboxId]: spec.sandbox.sandboxId,
      },
      Env: Object.entries(spec.env).map(([k, v]) => `${k}=${v}`),
      Hostname: spec.sandbox.sandboxId.slice(0, 12),
      HostConfig: {
        ...hardenedHostConfig({ diskLimitMB: limitMB, logCap: opts.logCap }),
        NetworkMode: spec.network,
        NanoCpus: Math.round(spec.cpuCount * 1e9),
        Memory: spec.memoryMB * 1024 * 1024,
        MemorySwap: spec.memoryMB * 1024 * 1024,
        PidsLimit: spec.pidsLimit,
        ...(await nofileOf(spec.nofileLimit).then((n) =>
          n ? { Ulimits: [{ Name: 'nofile', Soft: n, Hard: n }] } : {},
        )),
        // tini as PID 1: reaps zombies and forwards signals to envd.
        Init: true,
        RestartPolicy: { Name: 'no' },
        ...(spec.runtime ? { Runtime: spec.runtime } : {}),
        // Under gVisor: a per-boot boot_id file (read-only); volumes (gVisor: /tmp) survive a reboot.
        Mounts: [
          ...(spec.bootIdFile
            ? [
                {
                  Type: 'bind' as const,
                  Source: spec.bootIdFile,
                  Target: '/proc/sys/kernel/random/boot_id',
                  ReadOnly: true,
                },
              ]
            : []),
          ...(spec.volumes ?? []).map((v) => ({
            Type: 'volume' as const,
            Source: v.name,
            Target: v.target,
            ...(v.noCopy ? { VolumeOptions: { NoCopy: true } as Docker.MountSettings['VolumeOptions'] } : {}),
          })),
        ],
      },
    })

  return {
    async start(spec) {
      let container: Docker.Container | undefined
      try {
        const limitMB = await diskLimitMB()
        try {
          container = await create(spec, limitMB)
        } catch (e) {
          // xfs without pquota (or a driver we misjudged) refuses StorageOpt: fall back once, for good.
          const code = statusOf(e)
          if (limitMB === 0 || (code !== 400 && code !== 500)) throw e
          container = await create(spec, 0)
          diskLimit = Promise.resolve(0)
          log.warn({ err: e, diskLimitMB: limitMB }, 'disk limit not enforced: Docker refused StorageOpt.size')
        }
        await container.start()
        const info = await container.inspect()
        const ip = ipOf(info, spec.network)
        if (!ip) throw new AppError('internal', `sandbox container has no address on network ${spec.network}`)
        await capFlowsOf(container, info.State.Pid, opts.flowCap, opts.procRoot)
        return { containerId: container.id, ip }
      } catch (e) {
        if (container) await container.remove({ force: true }).catch(() => undefined)
        if (!(e instanceof AppError) && statusOf(e) === 404)
          throw new NotFoundError(`image ${spec.image} not found`, { cause: e })
        throw fromDockerError(e, 'create sandbox container')
      }
    },

    async remove(containerId) {
      await docker
        .getContainer(containerId)
        .remove({ force: true, v: true })
        .catch((e: unknown) => {
          if (statusOf(e) !== 404) throw fromDockerError(e, `container ${containerId}`)
        })
    },

    async stop(containerId) {
      // envd holds no state worth a grace period; SIGKILL after 1 s keeps pauses quick.
      await docker
        .getContainer(containerId)
        .stop({ t: 1 })
        .catch((e: unknown) => {
          if (statusOf(e) !== 304) throw fromDockerError(e, `stop ${containerId}`)
        })
    },

    async restart(containerId, network) {
      const container = docker.getContainer(containerId)
      await container.start().catch((e: unknown) => {
        if (statusOf(e) !== 304) throw fromDockerError(e, `start ${containerId}`)
      })
      const info = await container.inspect().catch((e: unknown) => {
        throw fromDockerError(e, `inspect ${containerId}`)
      })
      const ip = ipOf(info, network)
      if (!ip) throw new AppError('internal', `sandbox container has no address on network ${network}`)
      // A new start is a new network namespace: the cap goes in again, or the container stops.
      await capFlowsOf(container, info.State.Pid, opts.flowCap, opts.procRoot).catch(async (e: unknown) => {
        await container.stop({ t: 1 }).catch(() => undefined)
        throw e
      })
      return { ip }
    },

    async pause(containerId) {
      await docker
        .getContainer(containerId)
        .pause()
        .catch((e: unknown) => {
          throw fromDockerError(e, `pause ${containerId}`)
        })
    },

    async unpause(containerId) {
      const c = docker.getContainer(containerId)
      await c.unpause().catch(async (e: unknown) => {
        // What is asked for is a running container. When Docker refuses (20.10 answers a 500 for
        // one that is not paused, e.g. after a racing resume), its state decides, not its message.
        const state = await c.inspect().then(
          (i) => i.State,
          () => undefined,
        )
        if (state?.Running && !state.Paused) return
        throw fromDockerError(e, `unpause ${containerId}`)
      })
    },

    async listForeign(network) {
      const list = await docker.listContainers({
        all: true,
        filters: { label: [`${LABELS.managedBy}=${MANAGED_BY}`, LABELS.sandboxId], network: [network] },
      })
      return list.filter((c) => c.Labels?.[LABELS.instance] !== client.instanceId).map((c) => c.Id)
    },

    async listManaged() {
      const list = await docker.listContainers({
        all: true,
        filters: {
          label: [`${LABELS.managedBy}=${MANAGED_BY}`, `${LABELS.instance}=${client.instanceId}`, LABELS.sandboxId],
        },
      })
      return list.map((c) => {
        const labels = c.Labels ?? {}
        return {
          containerId: c.Id,
          spec: specFromLabels(labels),
          pool: isPoolContainer(labels),
          state: c.State === 'running' ? 'running' : c.State === 'paused' ? 'paused' : 'stopped',
          ip: ipOf(c, c.HostConfig?.NetworkMode),
          image: c.Image,
        }
      })
    },

    async logs(containerId, read) {
      // Docker's since/until are whole seconds (the rest is cut by the collector). Only a plain
      // newest-first read up to now can let Docker pick the tail; any other reads the stream
      // through, holding no more than the read keeps.
      const useTail = read.newestFirst && !read.match && (read.untilMs === undefined || read.untilMs >= Date.now())
      const options = {
        stdout: true,
        stderr: true,
        follow: false,
        timestamps: true,
        since: read.sinceMs === undefined ? 0 : Math.floor(read.sinceMs / 1000),
        ...(read.untilMs === undefined ? {} : { until: Math.floor(read.untilMs / 1000) + 1 }),
        ...(useTail ? { tail: Math.max(1, read.limit) } : {}),
      }
      // dockerode buffers a whole non-follow answer: dial for the stream instead.
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => {
        docker.modem.dial(
          {
            path: `/containers/${encodeURIComponent(containerId)}/logs?`,
            method: 'GET',
            isStream: true,
            options,
            statusCodes: { 200: true, 404: 'no such container', 500: 'server error' },
          },
          (err: unknown, s: unknown) => (err ? reject(err) : resolve(s as NodeJS.ReadableStream)),
        )
      }).catch((e: unknown) => {
        throw fromDockerError(e, `logs of ${containerId}`)
      })
      return collectLogStream(stream, createLogCollector(read))
    },

    async setFirewall(containerId, ruleset) {
      const pid = await docker
        .getContainer(containerId)
        .inspect()
        .then(
          (i) => i.State.Pid,
          (e: unknown) => {
            throw fromDockerError(e, `container ${containerId}`)
          },
        )
      if (!pid) return false
      await loadNetnsRuleset(pid, ruleset, { procRoot: opts.procRoot })
      return true
    },
  }
}
