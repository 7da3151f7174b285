// The runtime on Docker: one client, assembled from the per-resource modules. Only runtime/
// imports dockerode.
import type { Logger } from 'pino'
import { createBuildContainers } from './build-containers.js'
import { createMemoryImages } from './checkpoints.js'
import { createKeptMemory } from './kept-memory.js'
import { createContainers } from './containers.js'
import { createDockerClient, fromDockerError } from './docker-client.js'
import type { FlowCap } from './flow-cap.js'
import type { LogCap } from './hardening.js'
import { createImages } from './images.js'
import { createNetworks } from './networks.js'
import { createSlotRuntime } from './network-slots.js'
import type { Runtime } from './types.js'
import { createVolumes } from './volumes.js'

/** `procRoot`: where the host's /proc is mounted (a node agent without the host's PID namespace: /host/proc). */
export function createDockerRuntime(opts: {
  socketPath: string
  instanceId: string
  log: Logger
  diskLimitMB?: number
  procRoot?: string
  logCap?: LogCap
}): Runtime {
  const client = createDockerClient(opts)
  const flowCap: FlowCap = { maxFlows: 0 }
  const memoryImages = createMemoryImages(client)
  return {
    ...createContainers(client, {
      diskLimitMB: opts.diskLimitMB,
      procRoot: opts.procRoot,
      logCap: opts.logCap,
      flowCap,
    }),
    ...createImages(client),
    ...createNetworks(client),
    ...createBuildContainers(client, { procRoot: opts.procRoot, flowCap }),
    capFlows(maxFlows) {
      flowCap.maxFlows = maxFlows
    },
    ...createVolumes(client),
    memoryImages,
    keptMemory: createKeptMemory(client, memoryImages),
    slots: createSlotRuntime(client, { procRoot: opts.procRoot, flowCap }),
    async ping() {
      await client.docker.ping()
    },
    async runtimes() {
      const info = (await client.docker.info().catch((e: unknown) => {
        throw fromDockerError(e, 'docker info')
      })) as { Runtimes?: Record<string, unknown> }
      return Object.keys(info.Runtimes ?? {})
    },
    async checkpointsEnabled() {
      const info = (await client.docker.info().catch((e: unknown) => {
        throw fromDockerError(e, 'docker info')
      })) as { ExperimentalBuild?: boolean }
      return info.ExperimentalBuild === true
    },
    async swarmAddress() {
      const info = (await client.docker.info().catch((e: unknown) => {
        throw fromDockerError(e, 'docker info')
      })) as { Swarm?: { NodeAddr?: string; LocalNodeState?: string } }
      return info.Swarm?.LocalNodeState === 'active' && info.Swarm.NodeAddr ? info.Swarm.NodeAddr : undefined
    },
  }
}
