// A node agent's Docker: reachable, with the configured runtime, and the sandboxes' two networks.
// Its fences and egress gateway are started as `sandock serve` starts them (host-networking.ts).
import type { Logger } from 'pino'
import type { ControlConfig } from '../control/config.js'
import type { ClusterConfig } from '../control/cluster/config.js'
import { createDockerRuntime } from '../node/runtime/docker-runtime.js'

/** This node's Docker, reachable and with the configured runtime, and the sandboxes' two networks. */
export async function nodeRuntime(config: ControlConfig, cluster: ClusterConfig, instanceId: string, log: Logger) {
  const runtime = createDockerRuntime({
    socketPath: config.dockerSocket,
    instanceId,
    log,
    diskLimitMB: config.diskLimitMB,
    logCap: { maxSizeMB: config.logMaxSizeMB, maxFiles: config.logMaxFiles },
    procRoot: cluster.hostProc,
  })
  await runtime.ping().catch((e: unknown) => {
    throw new Error(`cannot reach Docker at ${config.dockerSocket}: ${(e as Error).message}`)
  })
  if (!(await runtime.runtimes()).includes(config.containerRuntime))
    throw new Error(`SANDOCK_RUNTIME=${config.containerRuntime} is not registered with this node's Docker`)
  await runtime.ensureNetwork(config.network, { internal: false })
  await runtime.ensureNetwork(config.internalNetwork, { internal: true })
  return runtime
}
