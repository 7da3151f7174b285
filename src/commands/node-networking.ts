// A node agent's Docker and sandbox networking: this node's Docker with the sandboxes' two
// networks, the host firewall (the fences, as on one host), and the egress gateway (domain rules,
// transforms, egressProxy), whose `${e2b.secrets.<name>}` placeholders resolve from the cluster's
// secret store.
import type { Logger } from 'pino'
import type { ControlConfig } from '../control/config.js'
import type { ClusterConfig } from '../control/cluster/config.js'
import { fenceDnsServers, hostResolvers } from '../node/egress/host-resolvers.js'
import type { SecretResolver } from '../node/egress/placeholders.js'
import { startEgress } from '../node/egress/start.js'
import { createDockerRuntime } from '../node/runtime/docker-runtime.js'
import { createHostFirewall } from '../node/runtime/host-firewall.js'
import type { SandboxRuntime } from '../node/runtime/types.js'

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

/**
 * The gateway on the sandbox bridge's address, then the host firewall that lets redirected
 * traffic reach it and fences every sandbox (with the flow cap where it could install), as
 * `sandock serve` does. `install()` of the gateway comes once the sandboxes are re-attached.
 */
export async function nodeNetworking(o: {
  config: ControlConfig
  runtime: SandboxRuntime
  instanceId: string
  secretStore: SecretResolver
  log: Logger
}) {
  const { config, runtime, instanceId, log } = o
  const bridges = await Promise.all([config.network, config.internalNetwork].map((n) => runtime.bridgeInterface(n)))
  const egress = await startEgress({
    bridge: bridges[0]!,
    instanceId,
    dataDir: config.dataDir,
    resolverServers: config.egressResolver,
    caFile: config.egressCaFile,
    gatewayPort: config.egressGatewayPort,
    allowInternalCidrs: config.allowInternalCidrs,
    log,
    secrets: { resolveSecret: (name) => o.secretStore.resolveSecret(name) },
  })
  const resolvers = await hostResolvers()
  const firewall = createHostFirewall({ mode: config.firewall, instanceId, log })
  const fenced = await firewall.install(bridges, {
    gatewayPort: egress.gatewayPort,
    dnsServers: fenceDnsServers(resolvers, config.egressDnsServers),
    allowCidrs: config.allowInternalCidrs,
  })
  if (fenced) runtime.capFlows?.(config.sandboxMaxFlows)
  return { egress, firewall, egressDnsServers: config.egressDnsServers ?? resolvers }
}
