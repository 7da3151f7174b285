// Starting the egress gateway for `sandock serve`: it listens on the sandbox bridge's own address
// (where the host's REDIRECT delivers), with its resolver, the host trust store (plus
// SANDOCK_EGRESS_CA_CERTS) and the secret store; the redirect chain is installed once the
// sandboxes are re-attached (install()). Without root and iptables it is not started and
// policies that need it are refused.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Logger } from 'pino'
import { createEgressResolver } from './dial.js'
import { hostTrustStore } from './ca.js'
import { createEgressGateway } from './gateway.js'
import { createHostAddresses } from './host-addresses.js'
import { internalCheck } from './policy.js'
import { originalDst } from './original-dst.js'
import type { SecretResolver } from './placeholders.js'
import { createEgressPort, disabledEgressPort, type EgressPort } from './port.js'
import { createRedirectChain } from './redirect-chain.js'

export type RunningEgress = Readonly<{
  port: EgressPort
  /** The gateway's TCP port (undefined: not running); the host firewall lets redirected traffic reach it. */
  gatewayPort: number | undefined
  /** Loads the redirect rules of every sandbox re-attached so far, atomically. */
  install(): Promise<void>
  close(): Promise<void>
}>

const run = promisify(execFile)

export async function startEgress(o: {
  bridge: string
  instanceId: string
  dataDir: string
  resolverServers: readonly string[]
  caFile: string | undefined
  gatewayPort: number
  /** Internal CIDRs the operator opened (SANDOCK_ALLOW_INTERNAL_CIDRS): dialled like the internet. */
  allowInternalCidrs?: readonly string[]
  secrets: SecretResolver
  log: Logger
}): Promise<RunningEgress> {
  const log = o.log.child({ component: 'egress' })
  const resolver = createEgressResolver(o.resolverServers)
  // `ip` rather than os.networkInterfaces(): a bridge with no container yet is down, and libuv lists only running interfaces.
  const address = await run('ip', ['-4', '-o', 'addr', 'show', 'dev', o.bridge]).then(
    ({ stdout }) => /inet (\d+\.\d+\.\d+\.\d+)\//.exec(stdout)?.[1],
    () => undefined,
  )
  const why =
    process.getuid?.() !== 0
      ? 'not running as root'
      : !address
        ? `the sandbox bridge ${o.bridge} has no IPv4 address here (a server in a container?)`
        : await run('iptables', ['-w', '5', '-t', 'nat', '-S', 'PREROUTING']).then(
            () => undefined,
            () => 'iptables is not available',
          )
  if (why) {
    log.warn({ reason: why }, 'egress gateway not started: domain rules, transforms and egressProxy will be refused')
    return {
      port: disabledEgressPort(resolver.lookupAll),
      gatewayPort: undefined,
      install: async () => undefined,
      close: async () => undefined,
    }
  }
  const extra = o.caFile ? [await readFile(o.caFile, 'utf8')] : []
  // Every dial: never the always-denied ranges (minus the operator's) nor any address of the host.
  const internal = internalCheck({
    allowCidrs: o.allowInternalCidrs,
    isHostAddress: createHostAddresses().isHostAddress,
  })
  const gateway = createEgressGateway({
    resolver,
    secrets: o.secrets,
    trustedCa: hostTrustStore(extra),
    originalDst,
    internal,
    log,
  })
  const gatewayPort = await gateway.listen(address!, o.gatewayPort)
  const chain = createRedirectChain({ instanceId: o.instanceId, bridge: o.bridge, log })
  let installed = false
  log.info({ address, port: gatewayPort }, 'egress gateway listening')
  return {
    port: createEgressPort({
      gateway,
      chain,
      caDir: join(o.dataDir, 'egress-ca'),
      lookupAll: resolver.lookupAll,
      available: () => true,
    }),
    gatewayPort,
    async install() {
      await chain.install(gatewayPort)
      installed = true
    },
    async close() {
      await gateway.close()
      if (installed) await chain.release()
    },
  }
}
