// `sandock serve`: config → logger → Docker (networks, host firewall) → the core (core.ts:
// templates, this host's node, sandboxes re-attached) → API and proxy listening → built-in images.
import { readFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import { isIPv4 } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { createLogger } from '../shared/logging.js'
import { listen } from '../shared/listen.js'
import { useStreamingGc } from '../shared/streaming-gc.js'
import { buildControlApp } from './app.js'
import type { ControlConfig } from './config.js'
import { createDomainListener } from './domain-listener.js'
import { createProxyServer } from './proxy/proxy-server.js'
import { createControlCore } from './core.js'
import { createEnvdClient } from './envd/client.js'
import { createDockerRuntime } from './runtime/docker-runtime.js'
import type { SecretResolver } from './egress/placeholders.js'
import { startEgress } from './egress/start.js'
import { createHostFirewall } from './runtime/host-firewall.js'
import { loadSecrets } from './secrets.js'
import { loadTls } from './tls.js'

export type RunningControl = { api: FastifyInstance; apiPort: number; proxyPort: number; close(): Promise<void> }

export async function startControl(config: ControlConfig, opts: { imageContext?: string } = {}): Promise<RunningControl> {
  // The proxy streams every file transfer through this process.
  useStreamingGc()
  const log = createLogger({ level: config.logLevel, name: 'sandock' })
  const secrets = await loadSecrets(config.dataDir, config.apiKeys)
  if (secrets.generatedKey) {
    // Printed once, when generated; never logged.
    process.stdout.write(`\nSandock generated an API key (shown only now: ${config.dataDir}/api-key.sha256 keeps just its SHA-256 digest):\n\n  E2B_API_KEY=${secrets.generatedKey}\n\n`)
  }
  const runtime = createDockerRuntime({ socketPath: config.dockerSocket, instanceId: secrets.instanceId, log, diskLimitMB: config.diskLimitMB })
  await runtime.ping().catch((e: unknown) => {
    throw new Error(`cannot reach Docker at ${config.dockerSocket}: ${(e as Error).message}`)
  })
  const runtimes = await runtime.runtimes()
  if (!runtimes.includes(config.containerRuntime)) {
    throw new Error(`SANDOCK_RUNTIME=${config.containerRuntime}, but Docker offers only ${runtimes.join(', ')}: register it in /etc/docker/daemon.json (for gVisor: .ci/ensure-runsc.sh) or unset SANDOCK_RUNTIME`)
  }
  await runtime.ensureNetwork(config.network, { internal: false })
  await runtime.ensureNetwork(config.internalNetwork, { internal: true })
  const bridges = await Promise.all([config.network, config.internalNetwork].map((n) => runtime.bridgeInterface(n)))
  // Placeholders resolve through the secret store (core.secrets), created with the core below.
  let secretStore: SecretResolver | undefined
  const egress = await startEgress({
    bridge: bridges[0]!, instanceId: secrets.instanceId, dataDir: config.dataDir, resolverServers: config.egressResolver,
    caFile: config.egressCaFile, gatewayPort: config.egressGatewayPort, allowInternalCidrs: config.allowInternalCidrs, log,
    secrets: { resolveSecret: async (name) => secretStore?.resolveSecret(name) },
  })
  const resolvers = await hostResolvers()
  const firewall = createHostFirewall({ mode: config.firewall, instanceId: secrets.instanceId, log })
  await firewall.install(bridges, { gatewayPort: egress.gatewayPort, dnsServers: fenceDnsServers(resolvers, config.egressDnsServers), allowCidrs: config.allowInternalCidrs })

  const core = createControlCore({
    config, runtime, envd: createEnvdClient(), log, secrets, egressDnsServers: config.egressDnsServers ?? resolvers, egress: egress.port, imageContext: opts.imageContext,
  })
  const { node, templates, builtinImages } = core
  secretStore = core.secrets
  await templates.recover()
  await core.volumes.recover()
  await node.recover()
  // Re-attached sandboxes' redirects replace the previous run's in one step (they pointed at a
  // closed port meanwhile: fail closed).
  await egress.install()

  let ready = false
  // The domain the SDK gets in Sandbox.domain: it builds https://<port>-<id>.<that> from it, so a
  // TLS listener off 443 is part of it. With SANDOCK_TLS=off, TLS ends in front of us on 443.
  const publicDomain = config.domain && config.tls === 'auto' && config.tlsPort !== 443 ? `${config.domain}:${config.tlsPort}` : config.domain
  const api = await buildControlApp({ log, node, templates, secrets: core.secrets, volumes: core.volumes, volumeTokens: core.volumeTokens, apiKeyDigests: secrets.apiKeyDigests, domain: publicDomain, ready: () => ready })
  const proxy = createProxyServer({ resolver: node.proxy, domain: config.domain, log: log.child({ component: 'proxy' }) })
  await api.listen({ port: config.apiPort, host: config.host })
  const proxyPort = await listen(proxy.server, config.proxyPort, config.host)
  const apiPort = (api.server.address() as { port: number }).port
  log.info({ apiPort, proxyPort, domain: config.domain || undefined, dataDir: config.dataDir }, 'sandock listening')

  let domainServer: Server | undefined
  if (config.domain) {
    const tls = config.tls === 'off' ? undefined : await loadTls({ domain: config.domain, dataDir: config.dataDir, certFile: config.tlsCertFile, keyFile: config.tlsKeyFile })
    domainServer = createDomainListener({ domain: config.domain, api, proxy, tls })
    await listen(domainServer, config.tlsPort, config.host)
    log.info({ domain: config.domain, port: config.tlsPort, tls: Boolean(tls), caPath: tls?.caPath }, 'domain listener up (api.<domain>, <port>-<id>.<domain>)')
    if (tls?.generated) process.stdout.write(`\nSandock generated a local CA for ${config.domain}; clients trust it with:\n\n  NODE_EXTRA_CA_CERTS=${tls.caPath}\n\n`)
  }

  // Listen first so the API answers (503 on /health) while a first start builds the base image.
  await builtinImages.ensureBase()
  ready = true
  node.startPool()
  // The derived built-ins (code-interpreter-v1, desktop) take minutes to build the first time: in
  // the background, one at a time; a create from one answers 503 until it is ready.
  // A build still running at close ends with the process (Docker cancels a build whose client is gone).
  void builtinImages.ensureDerived(config.buildBuiltins).catch((err: unknown) => log.error({ err }, 'built-in template images failed'))

  return {
    api,
    apiPort,
    proxyPort,
    async close() {
      await Promise.all([node.close({ discardPool: true }), api.close(), proxy.close(), domainServer && new Promise((r) => domainServer!.close(r)), templates.close()])
      await egress.close()
      core.secrets.close()
      core.volumes.close()
      // A server stopped for good leaves no networks behind; sandboxes still on them keep them,
      // and the firewall stays to fence them until the next start re-attaches them.
      let left = false
      for (const n of [config.network, config.internalNetwork]) {
        if (!(await runtime.removeNetworkIfUnused(n).catch((err: unknown) => log.warn({ err, network: n }, 'removing a network failed')))) left = true
      }
      await firewall.remove({ keep: left })
    },
  }
}

/**
 * The host's IPv4 resolvers (Docker's embedded DNS forwards to these); loopback ones are useless
 * from a sandbox. With only a loopback stub (systemd-resolved's 127.0.0.53), Docker forwards to the
 * stub's upstreams, listed in /run/systemd/resolve/resolv.conf.
 */
export async function hostResolvers(files = ['/etc/resolv.conf', '/run/systemd/resolve/resolv.conf']): Promise<string[]> {
  for (const file of files) {
    const text = await readFile(file, 'utf8').catch(() => '')
    const found = [...text.matchAll(/^\s*nameserver\s+(\S+)/gm)].map((m) => m[1]!).filter((ip) => isIPv4(ip) && !ip.startsWith('127.'))
    if (found.length > 0) return found
  }
  return []
}

/** Resolvers the forward fence lets sandboxes query on port 53: the host's (Docker's embedded DNS forwards there) and SANDOCK_EGRESS_DNS's. */
export const fenceDnsServers = (host: readonly string[], configured: readonly string[] | undefined): string[] => [...new Set([...host, ...(configured ?? [])])]
