// Creating and starting one sandbox container: the Docker create options (hardened host config,
// limits, mounts), the engine's caps on them (disk limit, nofile), and the start with its clean-up.
import type Docker from 'dockerode'
import { AppError, NotFoundError } from '../../shared/errors.js'
import { fromDockerError, ipOf, statusOf, type DockerClient } from './docker-client.js'
import { engineNofileCeiling } from './engine-limits.js'
import { capFlowsOf, type FlowCap } from './flow-cap.js'
import { hardenedHostConfig, storageDriverSupportsSize, type LogCap } from './hardening.js'
import { LABELS } from './labels.js'
import { nameSlotted, slotNetworkConfig } from './network-slots.js'
import { specLabels } from './sandbox-labels.js'
import type { ContainerSpec, SandboxRuntime } from './types.js'

export type ContainerStartDeps = { diskLimitMB?: number; procRoot?: string; logCap?: LogCap; flowCap?: FlowCap }

/** Docker's create options for a sandbox container with the given (already capped) limits. */
export function containerCreateOptions(
  spec: ContainerSpec,
  caps: { limitMB: number; nofile: number | undefined; logCap?: LogCap; ownLabels: Readonly<Record<string, string>> },
): Docker.ContainerCreateOptions {
  const n = caps.nofile
  const slot = spec.slot && slotNetworkConfig(spec.slot)
  return {
    name: `sandock-${spec.sandbox.sandboxId}`,
    Image: spec.image,
    Labels: {
      ...specLabels(spec.sandbox, { pool: spec.pool }),
      ...caps.ownLabels,
      [LABELS.sandboxId]: spec.sandbox.sandboxId,
      ...(spec.runtime ? { [LABELS.runtime]: spec.runtime } : {}),
      ...slot?.labels,
    },
    Env: Object.entries(spec.env).map(([k, v]) => `${k}=${v}`),
    // Docker refuses a hostname with a slot's network mode: it is set once the container runs.
    ...(slot ? {} : { Hostname: hostnameOf(spec) }),
    ...(slot || !spec.macAddress ? {} : { MacAddress: spec.macAddress }),
    HostConfig: {
      ...hardenedHostConfig({ diskLimitMB: caps.limitMB, logCap: caps.logCap }),
      NetworkMode: slot?.NetworkMode ?? spec.network,
      NanoCpus: Math.round(spec.cpuCount * 1e9),
      Memory: spec.memoryMB * 1024 * 1024,
      MemorySwap: spec.memoryMB * 1024 * 1024,
      PidsLimit: spec.pidsLimit,
      ...(n ? { Ulimits: [{ Name: 'nofile', Soft: n, Hard: n }] } : {}),
      // tini as PID 1: reaps zombies and forwards signals to envd.
      Init: true,
      RestartPolicy: { Name: 'no' },
      ...(spec.runtime ? { Runtime: spec.runtime } : {}),
      // Under gVisor: a per-boot boot_id file (read-only), the resolvers (netstack); volumes (gVisor: /tmp) survive a reboot.
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
        ...(spec.resolvConf
          ? [{ Type: 'bind' as const, Source: spec.resolvConf, Target: '/etc/resolv.conf', ReadOnly: true }]
          : []),
        ...(spec.volumes ?? []).map((v) => ({
          Type: 'volume' as const,
          Source: v.name,
          Target: v.target,
          ...(v.noCopy ? { VolumeOptions: { NoCopy: true } as Docker.MountSettings['VolumeOptions'] } : {}),
        })),
      ],
    },
  }
}

/**
 * What the engine lets a container have, asked once: the disk limit (0 where the storage driver
 * cannot enforce one, logged once) and the nofile ceiling (a wanted limit above it is lowered).
 */
function createEngineCaps({ docker, log }: DockerClient, opts: ContainerStartDeps) {
  let diskLimit: Promise<number> | undefined
  let nofileCeiling: Promise<number | undefined> | undefined
  return {
    diskLimitMB(): Promise<number> {
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
    },
    /** Docker refused the size option after all: no disk limit from now on. */
    dropDiskLimit(): void {
      diskLimit = Promise.resolve(0)
    },
    // A nofile ulimit above the engine's own hard limit fails every create: capped to it, once, with a warning.
    async nofileOf(wanted: number | undefined): Promise<number | undefined> {
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
    },
  }
}

/**
 * `start`: creates, starts and inspects a sandbox container; on any failure the container is
 * removed. `diskLimitMB` (0 = none) caps each sandbox's writable layer where the storage driver
 * can; where it cannot, the limit is logged once as not enforced and containers are created without it.
 */
export function createContainerStart(
  client: DockerClient,
  opts: ContainerStartDeps,
): Pick<SandboxRuntime, 'start' | 'createStopped'> {
  const { docker, log } = client
  const caps = createEngineCaps(client, opts)
  const create = async (spec: ContainerSpec, limitMB: number) =>
    docker.createContainer(
      containerCreateOptions(spec, {
        limitMB,
        nofile: await caps.nofileOf(spec.nofileLimit),
        logCap: opts.logCap,
        ownLabels: client.ownLabels,
      }),
    )
  return {
    /** Created, never started (a sandbox moved here, paused): its first start is a resume's reboot. */
    async createStopped(spec) {
      try {
        return { containerId: (await create(spec, await caps.diskLimitMB())).id }
      } catch (e) {
        if (statusOf(e) === 404) throw new NotFoundError(`image ${spec.image} not found`, { cause: e })
        throw fromDockerError(e, 'create sandbox container')
      }
    },

    async start(spec) {
      let container: Docker.Container | undefined
      try {
        const limitMB = await caps.diskLimitMB()
        try {
          container = await create(spec, limitMB)
        } catch (e) {
          // xfs without pquota (or a driver we misjudged) refuses StorageOpt: fall back once, for good.
          const code = statusOf(e)
          if (limitMB === 0 || (code !== 400 && code !== 500)) throw e
          container = await create(spec, 0)
          caps.dropDiskLimit()
          log.warn({ err: e, diskLimitMB: limitMB }, 'disk limit not enforced: Docker refused StorageOpt.size')
        }
        await container.start()
        const info = await container.inspect()
        const ip = spec.slot?.ip ?? ipOf(info, spec.network)
        if (!ip) throw new AppError('internal', `sandbox container has no address on network ${spec.network}`)
        // A slot's namespace has its flow cap already.
        if (spec.slot) await nameSlotted(info.State.Pid, hostnameOf(spec), opts.procRoot)
        else await capFlowsOf(container, info.State.Pid, opts.flowCap, opts.procRoot)
        return { containerId: container.id, ip }
      } catch (e) {
        if (container) await container.remove({ force: true }).catch(() => undefined)
        if (!(e instanceof AppError) && statusOf(e) === 404)
          throw new NotFoundError(`image ${spec.image} not found`, { cause: e })
        throw fromDockerError(e, 'create sandbox container')
      }
    },
  }
}

const hostnameOf = (spec: ContainerSpec) => spec.sandbox.sandboxId.slice(0, 12)
