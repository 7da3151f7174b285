// One machine's sandbox networking, for `sandock serve` and a cluster's node agent alike: the egress
// gateway (domain rules, transforms, egressProxy; `${e2b.secrets.<name>}` placeholders resolved
// through the given store) and the host firewall (the fences, the flow cap).
import type { Logger } from 'pino'
import type { ControlConfig } from '../control/config.js'
import { fenceDnsServers, hostResolvers } from '../node/egress/host-resolvers.js'
import type { SecretResolver } from '../node/egress/placeholders.js'
import { startEgress } from '../node/egress/start.js'
import { NETSTACK_RUNTIME } from '../node/runtime/checkpoints.js'
import { createHostFirewall, processRunner } from '../node/runtime/host-firewall.js'
import { createNetstackFilter } from '../node/runtime/netstack-filter.js'
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
  // gVisor's netstack: each sandbox's egress rules and the flow cap are the host's (by address).
  const netstack =
    config.containerRuntime === NETSTACK_RUNTIME
      ? createNetstackFilter({ instanceId, runner: processRunner, log })
      : undefined
  await netstack?.prepare()
  const fenced = await firewall.install(bridges, {
    gatewayPort: egress.gatewayPort,
    dnsServers: fenceDnsServers(resolvers, config.egressDnsServers),
    allowCidrs: config.allowInternalCidrs,
    ...(netstack ? { sandboxChain: netstack.chain } : {}),
  })
  if (netstack && !fenced)
    throw new Error(
      `SANDOCK_RUNTIME=${NETSTACK_RUNTIME} enforces egress rules with the host firewall, which is not installed (SANDOCK_FIREWALL=off, or no root or iptables)`,
    )
  if (fenced) runtime.capFlows?.(config.sandboxMaxFlows)
  if (netstack) runtime.hostEgress = netstack
  return {
    egress: netstack ? withNetstack(egress, () => netstack.install(config.sandboxMaxFlows)) : egress,
    firewall,
    netstack,
    egressDnsServers: config.egressDnsServers ?? resolvers,
  }
}

/** The gateway whose install() (once recovery re-attached the sandboxes) also loads the netstack chain. */
function withNetstack<E extends { install(): Promise<void> }>(egress: E, installChain: () => Promise<void>): E {
  return {
    ...egress,
    async install() {
      await egress.install()
      await installChain()
    },
  }
}

/**
 * At a clean stop, once the gateway is closed: the networks no sandbox is on any more, then the
 * host firewall (and the netstack chain) unless a sandbox still on them needs fencing until the
 * next start re-attaches it.
 */
export async function stopHostNetworking(
  net: Pick<Awaited<ReturnType<typeof startHostNetworking>>, 'firewall' | 'netstack'>,
  o: { config: ControlConfig; runtime: SandboxRuntime; log: Logger },
): Promise<void> {
  const removed = await Promise.all(
    [o.config.network, o.config.internalNetwork].map((n) =>
      o.runtime
        .removeNetworkIfUnused(n)
        .catch((err: unknown) => o.log.warn({ err, network: n }, 'removing a network failed')),
    ),
  )
  const left = removed.some((r) => !r)
  await net.firewall.remove({ keep: left })
  if (!left) await net.netstack?.remove()
}
