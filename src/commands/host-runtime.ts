// One machine's Docker, for `sandock serve` and a cluster's node agent alike: reachable, with the
// configured runtime, and the sandboxes' two networks. Its fences and egress gateway: host-networking.ts.
import type { Logger } from 'pino'
import type { ControlConfig } from '../control/config.js'
import { NETSTACK_RUNTIME } from '../node/runtime/checkpoints.js'
import { createDockerRuntime } from '../node/runtime/docker-runtime.js'

/**
 * This machine's Docker, reachable and with the configured runtime, and the sandboxes' two
 * networks; `procRoot` where the host's /proc is mounted elsewhere (a node agent's /host/proc).
 */
export async function hostRuntime(config: ControlConfig, instanceId: string, log: Logger, procRoot?: string) {
  const runtime = createDockerRuntime({
    socketPath: config.dockerSocket,
    instanceId,
    log,
    diskLimitMB: config.diskLimitMB,
    logCap: { maxSizeMB: config.logMaxSizeMB, maxFiles: config.logMaxFiles },
    ...(procRoot ? { procRoot } : {}),
  })
  await runtime.ping().catch((e: unknown) => {
    throw new Error(`cannot reach Docker at ${config.dockerSocket}: ${(e as Error).message}`)
  })
  await requireContainerRuntime(runtime, config.containerRuntime)
  if (config.containerRuntime === NETSTACK_RUNTIME && !(await runtime.checkpointsEnabled?.()))
    throw new Error(
      `SANDOCK_RUNTIME=${NETSTACK_RUNTIME} pauses with gVisor's checkpoints, which need Docker's checkpoint API: set "experimental": true in /etc/docker/daemon.json and restart dockerd (.ci/ensure-runsc.sh does both)`,
    )
  await runtime.ensureNetwork(config.network, { internal: false })
  await runtime.ensureNetwork(config.internalNetwork, { internal: true })
  return runtime
}

/**
 * Fails the start (`sandock serve`, a node agent) when Docker has no runtime named SANDOCK_RUNTIME,
 * naming the ones it has and how to register it.
 */
export async function requireContainerRuntime(runtime: { runtimes(): Promise<string[]> }, name: string): Promise<void> {
  const runtimes = await runtime.runtimes()
  if (!runtimes.includes(name)) {
    throw new Error(
      `SANDOCK_RUNTIME=${name}, but Docker offers only ${runtimes.join(', ')}: register it in /etc/docker/daemon.json (for gVisor: .ci/ensure-runsc.sh) or unset SANDOCK_RUNTIME`,
    )
  }
}
