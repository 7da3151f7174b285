// One machine's sandbox networking, for `sandock serve` and a cluster's node agent alike: the egress
// gateway (domain rules, transforms, egressProxy; `${e2b.secrets.<name>}` placeholders resolved
// through the given store) and the host firewall (the fences, the flow cap).
import type { Logger } from 'pino'
import type { ControlConfig } from '../control/config.js'
import { fenceDnsServers, hostResolvers } from '../node/egress/host-resolvers.js'
import type { SecretResolver } from '../node/egress/placeholders.js'
import { startEgress } from '../node/egress/start.js'
import { createHostFirewall } from '../node/runtime/host-firewall.js'
import type { SandboxRuntime } from '../node/runtime/types.js'

/**
 * The gateway on the sandbox bridge's address, then the host firewall that lets redirected
 * traffic reach it and fences every sandbox (with the flow cap where it could install).
 * `install()` of the gateway comes once the sandboxes are re-attached.
 */
export async function startHostNetworking(o: {
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
