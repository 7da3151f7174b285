// `sandock serve`: config → logger → Docker (networks, host firewall) → the core (core.ts:
// templates, this host's node, sandboxes re-attached) → API and proxy listening → built-in images.
import { join } from 'node:path'
import type { Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { createLogger } from '../shared/logging.js'
import { listen } from '../shared/listen.js'
import { useStreamingGc } from '../shared/streaming-gc.js'
import { buildControlApp } from '../control/app.js'
import { loadControlConfig, type ControlConfig } from '../control/config.js'
import { createDomainListener } from '../control/domain-listener.js'
import { createProxyServer } from '../node/proxy/proxy-server.js'
import { createControlCore } from '../control/core.js'
import { createEnvdClient } from '../node/envd-client/client.js'
import type { SecretResolver } from '../node/egress/placeholders.js'
import { startHostNetworking, stopHostNetworking } from './host-networking.js'
import { hostRuntime } from './host-runtime.js'
import { loadServerKeys } from '../control/server-keys.js'
import { ACCESS_TOKENS_FILE, accessTokenStore } from '../control/access-tokens.js'
import { loadTls } from '../control/tls.js'
import { raiseInotifyLimits } from '../node/runtime/host-limits.js'
import { fenceVolumesDir } from '../node/volumes/volumes-dir.js'
import type { Logger } from 'pino'
import type { LocalNode } from '../node/local-node.js'
import type { Runtime } from '../node/runtime/types.js'
import { closeOnSignals } from './signals.js'
import { settlesWithin } from '../shared/settles-within.js'

/** How long a clean stop waits for the warm pool's boots to stop before it removes their containers itself. */
const POOL_CLOSE_BUDGET_MS = 2000

/** Removes this server's warm-pool containers that no sandbox has claimed (booting or ready). */
async function removeUnclaimedPool(
  runtime: Pick<Runtime, 'listManaged' | 'remove'>,
  node: Pick<LocalNode, 'list'>,
  log: Logger,
): Promise<void> {
  const claimed = new Set((await node.list()).map((s) => s.sandboxId))
  const unclaimed = (await runtime.listManaged()).filter((c) => c.pool && !claimed.has(c.spec?.sandboxId ?? ''))
  await Promise.all(
    unclaimed.map((c) =>
      runtime.remove(c.containerId).then(
        () => log.info({ containerId: c.containerId }, 'pool container removed at shutdown'),
        (err: unknown) => log.warn({ err, containerId: c.containerId }, 'removing a pool container failed'),
      ),
    ),
  )
}

/** Removes this server's network slots no container joins any more (pool containers removed at shutdown left theirs). */
async function removeUnjoinedSlots(runtime: Pick<Runtime, 'slots'>): Promise<void> {
  const unjoined = ((await runtime.slots?.list().catch(() => [])) ?? []).filter((h) => !h.joined)
  await Promise.all(unjoined.map((h) => runtime.slots?.destroy(h.holderId).catch(() => undefined)))
}

/** `sandock serve [--help]`: runs until a signal; -1 = keep the process alive. */
export async function serveCommand(args: readonly string[]): Promise<number> {
  if (args.includes('--help')) {
    process.stdout.write(
      'Usage: sandock serve\n\nConfigured by SANDOCK_* environment variables (see docs/configuration.md).\n',
    )
    return 0
  }
  const control = await startControl(loadControlConfig())
  closeOnSignals(() => control.close())
  return -1
}

export type RunningControl = { api: FastifyInstance; apiPort: number; proxyPort: number; close(): Promise<void> }

export async function startControl(
  config: ControlConfig,
  opts: { imageContext?: string } = {},
): Promise<RunningControl> {
  // The proxy streams every file transfer through this process.
  useStreamingGc()
  const log = createLogger({ level: config.logLevel, name: 'sandock' })
  const keys = await loadServerKeys(config.dataDir, config.apiKeys)
  if (keys.generatedKey) {
    // Printed once, when generated; never logged.
    process.stdout.write(
      `\nSandock generated an API key (shown only now: ${config.dataDir}/api-key.sha256 keeps just its SHA-256 digest):\n\n  E2B_API_KEY=${keys.generatedKey}\n\n`,
    )
  }
  const runtime = await hostRuntime(config, keys.instanceId, log)
  if (config.inotifyLimits === 'auto') await raiseInotifyLimits(log)
  // Placeholders resolve through the secret store (core.secrets), created with the core below.
  let secretStore: SecretResolver | undefined
  const { egress, firewall, netstack, egressDnsServers } = await startHostNetworking({
    config,
    runtime,
    instanceId: keys.instanceId,
    secretStore: { resolveSecret: async (name) => secretStore?.resolveSecret(name) },
    log,
  })

  const core = createControlCore({
    config,
    runtime,
    envd: createEnvdClient(),
    log,
    keys,
    egressDnsServers,
    egress: egress.port,
    imageContext: opts.imageContext,
  })
  const { node, templates, builtinImages } = core
  secretStore = core.secrets
  await templates.recover()
  // 0700 even when it existed (Compose's bind source is created 0755), and nosuid,nodev.
  const volumesDir = await fenceVolumesDir(config.volumesDir, log, { dockerSocket: config.dockerSocket })
  await core.volumes.recover()
  await node.recover()
  // Re-attached sandboxes' redirects replace the previous run's in one step (they pointed at a
  // closed port meanwhile: fail closed).
  await egress.install()

  let ready = false
  // The domain the SDK gets in Sandbox.domain: it builds https://<port>-<id>.<that> from it, so a
  // TLS listener off 443 is part of it. With SANDOCK_TLS=off, TLS ends in front of us on 443.
  const publicDomain =
    config.domain && config.tls === 'auto' && config.tlsPort !== 443
      ? `${config.domain}:${config.tlsPort}`
      : config.domain
  const api = await buildControlApp({
    log,
    node,
    templates,
    secrets: core.secrets,
    volumes: core.volumes,
    volumeTokens: core.volumeTokens,
    apiKeyDigests: keys.apiKeyDigests,
    accessTokens: accessTokenStore(join(config.dataDir, ACCESS_TOKENS_FILE), (e) =>
      log.error({ err: e }, 'cannot read the access tokens: none is accepted until the file is fixed'),
    ),
    instanceId: keys.instanceId,
    domain: publicDomain,
    ready: () => ready,
    limits: config.proxyLimits,
  })
  const proxy = createProxyServer({
    resolver: node.proxy,
    domain: config.domain,
    log: log.child({ component: 'proxy' }),
    limits: config.proxyLimits,
  })
  await api.listen({ port: config.apiPort, host: config.host })
  const proxyPort = await listen(proxy.server, config.proxyPort, config.host)
  const apiPort = (api.server.address() as { port: number }).port
  log.info({ apiPort, proxyPort, domain: config.domain || undefined, dataDir: config.dataDir }, 'sandock listening')

  let domainServer: Server | undefined
  if (config.domain) {
    const tls =
      config.tls === 'off'
        ? undefined
        : await loadTls({
            domain: config.domain,
            dataDir: config.dataDir,
            certFile: config.tlsCertFile,
            keyFile: config.tlsKeyFile,
          })
    domainServer = createDomainListener({ domain: config.domain, api, proxy, tls, limits: config.proxyLimits })
    await listen(domainServer, config.tlsPort, config.host)
    log.info(
      { domain: config.domain, port: config.tlsPort, tls: Boolean(tls), caPath: tls?.caPath },
      'domain listener up (api.<domain>, <port>-<id>.<domain>)',
    )
    if (tls?.generated)
      process.stdout.write(
        `\nSandock generated a local CA for ${config.domain}; clients trust it with:\n\n  NODE_EXTRA_CA_CERTS=${tls.caPath}\n\n`,
      )
  }

  // Listen first so the API answers (503 on /health) while a first start builds the base image.
  await builtinImages.ensureBase()
  ready = true
  node.startPool()
  // The derived built-ins (code-interpreter-v1, desktop, mcp-gateway) take minutes to build the first time: in
  // the background, one at a time; a create from one answers 503 until it is ready.
  // A build still running at close ends with the process (Docker cancels a build whose client is gone).
  void builtinImages
    .ensureDerived(config.buildBuiltins)
    .catch((err: unknown) => log.error({ err }, 'built-in template images failed'))

  return {
    api,
    apiPort,
    proxyPort,
    async close() {
      const nodeClosed = node.close({ discardPool: true })
      await Promise.all([
        settlesWithin(nodeClosed, POOL_CLOSE_BUDGET_MS),
        api.close(),
        proxy.close(),
        domainServer && new Promise((r) => domainServer!.close(r)),
        templates.close(),
      ])
      await Promise.all([
        (async () => {
          // A refill boot caught in Docker's create/start removes its container only once Docker
          // answers, which on a loaded host outlasts the exit deadline: past a budget, the pool
          // containers no sandbox claimed are removed here (the API is closed: no claim is in flight).
          if (!(await settlesWithin(nodeClosed, 0))) await removeUnclaimedPool(runtime, node, log)
          await nodeClosed.then(() => removeUnjoinedSlots(runtime))
        })(),
        // None of this waits for the pool: it runs meanwhile, so the whole stop fits the deadline.
        (async () => {
          await egress.close()
          core.secrets.close()
          core.volumes.close()
          await volumesDir.release()
        })(),
      ])
      // A server stopped for good leaves no networks behind; sandboxes still on them keep them,
      // and the firewall stays to fence them until the next start re-attaches them.
      await stopHostNetworking({ firewall, netstack }, { config, runtime, log })
    },
  }
}
