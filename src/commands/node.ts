// `sandock node`: one node agent per machine (a global Swarm service on the host network). Today's
// node (LocalNode: runtime, sandbox lifecycle, warm pool, template builder) behind the agent API
// (node/agent-api) that control calls, today's sandbox proxy for the edge to forward to, and a
// registration in PostgreSQL kept alive by heartbeats. Templates and snapshots come from
// PostgreSQL and the registry: an image this node lacks is pulled on first use; a build's image is
// pushed. Containers' labels stay the truth: a restarted agent re-attaches as `sandock serve` does.
import { createSocket } from 'node:dgram'
import { availableParallelism, totalmem } from 'node:os'
import { createLogger } from '../shared/logging.js'
import { listen } from '../shared/listen.js'
import { useStreamingGc } from '../shared/streaming-gc.js'
import { loadControlConfig, type ControlConfig } from '../control/config.js'
import { localNodeSettings } from '../control/core.js'
import { createEnvdClient } from '../node/envd-client/client.js'
import { buildAgentApp } from '../node/agent-api/app.js'
import { createLocalNode } from '../node/local-node.js'
import { createProxyServer } from '../node/proxy/proxy-server.js'
import { loadInstanceId } from '../control/server-keys.js'
import { createBuiltinImages } from '../node/builds/builtin-images.js'
import { baseTemplate, builtinTemplates } from '../node/builds/builtins.js'
import { createTemplateLookup, refreshingLookup } from '../control/templates/resolve.js'
import { templateFilesDir } from '../control/templates/service.js'
import { SqliteLayerCache } from '../control/templates/sqlite-layer-cache.js'
import { openTemplatesDb } from '../control/templates/templates-db.js'
import { loadClusterConfig, type ClusterConfig } from '../control/cluster/config.js'
import { heartbeat, registerNode, type NodeStatus } from '../control/cluster/nodes.js'
import { PgTemplateStore } from '../control/cluster/pg-template-store.js'
import { createClusterSnapshots } from '../control/cluster/snapshots.js'
import { readSecretFile } from '../control/cluster/secret-file.js'
import { PgSecretStore } from '../control/cluster/pg-secret-store.js'
import { nodeVolumes } from './cluster-volumes.js'
import { nodeImages } from './node-images.js'
import { startHostNetworking } from './host-networking.js'
import { nodeDatabase, nodeKeys } from './node-credentials.js'
import { hostRuntime } from './host-runtime.js'
import { closeOnSignals } from './signals.js'
import { clusterBuild, clusterMover } from './node-registry.js'
import { NODE_ADMIN_COMMANDS } from './node-admin-commands.js'

const BUILD_CHECK_TIMEOUT_MS = 10 * 60 * 1000

/** The local address this machine uses towards `host` (a UDP "connect" sends nothing): what others reach it at. */
async function addressTowards(host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = createSocket('udp4')
    s.once('error', reject)
    s.connect(9, host, () => {
      const { address } = s.address()
      s.close()
      resolve(address)
    })
  })
}

/** Control reaches the agent at: SANDOCK_NODE_ADDRESS, else the address this node reaches
 * PostgreSQL from, else (a Unix socket: the stack's pg-relay) this node's Swarm address. */
async function agentAddress(cluster: ClusterConfig, swarmAddress: (() => Promise<string | undefined>) | undefined) {
  const dbUrl = new URL(cluster.databaseUrl)
  const dbHost = dbUrl.searchParams.get('host')?.startsWith('/') ? undefined : dbUrl.hostname
  const address =
    cluster.nodeAddress ?? (dbHost ? await addressTowards(dbHost) : await swarmAddress?.().catch(() => undefined))
  if (!address) throw new Error('cannot tell the address control reaches this node at: set SANDOCK_NODE_ADDRESS')
  return address
}

export type RunningNodeAgent = { nodeId: string; agentPort: number; proxyPort: number; close(): Promise<void> }

/** `sandock node [--help]`: runs until a signal; -1 = keep the process alive. */
export async function nodeCommand(args: readonly string[]): Promise<number> {
  const [sub, ...rest] = args
  if (sub && (NODE_ADMIN_COMMANDS as readonly string[]).includes(sub))
    return (await import('./node-admin.js')).nodeAdminCommand(sub, rest)
  if (args.includes('--help')) {
    process.stdout.write(
      "Usage: sandock node\n\nA Docker Swarm cluster's node agent, configured by SANDOCK_* environment variables (see docs/cluster.md).\n" +
        'Operators: sandock node list|cordon|uncordon|drain (inside a control replica; sandock node drain --help).\n',
    )
    return 0
  }
  const running = await startNodeAgent(loadControlConfig(), loadClusterConfig(process.env, 'node'))
  closeOnSignals(() => running.close())
  return -1
}

export async function startNodeAgent(
  config: ControlConfig,
  cluster: ClusterConfig,
  opts: { imageContext?: string } = {},
): Promise<RunningNodeAgent> {
  // Every file transfer streams through this process (the edge, or this node's proxy).
  useStreamingGc()
  const log = createLogger({ level: config.logLevel, name: 'sandock-node' }).child({ nodeId: cluster.nodeId })
  const keys = await nodeKeys(cluster, config.dataDir)
  const nodeToken = await readSecretFile(cluster.nodeTokenFile, 'node token')
  const instanceId = await loadInstanceId(config.dataDir)
  // Docker and its runtime first: a node that cannot run sandboxes says so before it enrolls.
  const runtime = await hostRuntime(config, instanceId, log, cluster.hostProc)
  const { db, tls } = await nodeDatabase(cluster, nodeToken, config.dataDir, log)
  // Placeholders in egress rules resolve from the cluster's secret store (the same key everywhere).
  const secretStore = new PgSecretStore(db, keys.secretStoreKey)
  const networking = { config, runtime, instanceId, secretStore, log }
  const { egress, firewall, netstack, egressDnsServers } = await startHostNetworking(networking)

  const { registryAuth, ensureImage } = await nodeImages(cluster, runtime, log)

  const builtins = builtinTemplates({ baseImage: config.baseImage })
  const store = new PgTemplateStore(db)
  // The step cache stays on this node (its layers are this node's images).
  const layersDb = openTemplatesDb(config.dataDir)
  const layers = new SqliteLayerCache(layersDb)
  const builtinImages = createBuiltinImages({ runtime, builtins, log, imageContext: opts.imageContext })
  const lookup = refreshingLookup(createTemplateLookup(store, builtins, builtinImages), builtinImages.refresh)
  const filesDir = templateFilesDir(config.dataDir)
  // User volumes from the shared directory; without it a volumeMounts names no known volume (400).
  const shared = await nodeVolumes(cluster, db, runtime, log)
  const { volumes } = shared
  const local = createLocalNode({
    runtime,
    envd: createEnvdClient(),
    log,
    tokens: keys.tokens,
    volumes: volumes ?? { idOf: () => undefined, released: () => undefined },
    settings: localNodeSettings(config, egressDnsServers, builtins),
    egress: egress.port,
    templates: async (ref) => {
      const found = await lookup(ref)
      if (found.template) await ensureImage(found.template.image)
      return found
    },
    defaults: { cpuCount: config.defaultCpuCount, memoryMB: config.defaultMemoryMB },
    builds: { layers, filesDir, base: baseTemplate(builtins), readyTimeoutMs: BUILD_CHECK_TIMEOUT_MS },
    mover: clusterMover(cluster.registry, runtime, registryAuth, ensureImage),
    snapshots: createClusterSnapshots({
      db,
      runtime,
      nodeId: cluster.nodeId,
      registry: cluster.registry,
      registryAuth,
      ensureImage,
    }),
  })
  const leftovers = await local.removeBuildContainers()
  if (leftovers) log.info({ removed: leftovers }, 'removed build containers left by a restart')
  await local.recover()
  // Docker volumes here of volumes deleted while this agent was down.
  await volumes?.sweep()
  // Re-attached sandboxes' redirects replace the previous run's in one step (fail closed meanwhile).
  await egress.install()

  const build = clusterBuild({
    db,
    filesDir,
    ensureImage,
    local,
    registry: cluster.registry,
    runtime,
    registryAuth,
    log,
  })

  const status = async (): Promise<NodeStatus> => ({
    pools: await local.poolStatus(),
    images: await runtime.imageTags(),
    sandboxes: (await local.list()).length,
  })
  const app = await buildAgentApp({
    node: { ...local, build, proxyResume: (id) => local.proxy.resume(id) },
    token: nodeToken,
    tls,
    log: log.child({ component: 'agent-api' }),
    status,
  })
  // Its clients are the control's edge proxies: a per-client cap would count every user as one.
  const proxy = createProxyServer({
    resolver: local.proxy,
    domain: config.domain,
    log: log.child({ component: 'proxy' }),
    limits: { ...config.proxyLimits, perClientConnections: 0 },
    ...(tls && { tls }),
  })
  await app.listen({ port: cluster.agentPort, host: config.host })
  const proxyPort = await listen(proxy.server, config.proxyPort, config.host)
  const agentPort = (app.server.address() as { port: number }).port

  const address = await agentAddress(cluster, runtime.swarmAddress?.bind(runtime))
  // The base image: pulled from the registry when it lives there, else built here (first start).
  const base = baseTemplate(builtins)
  await ensureImage(base.image).catch((err: unknown) =>
    log.warn({ err, image: base.image }, 'pulling the base image failed; building it'),
  )
  await builtinImages.ensureBase()
  await registerNode(db, {
    nodeId: cluster.nodeId,
    address,
    apiPort: agentPort,
    proxyPort,
    cpuCount: cluster.nodeCpus ?? availableParallelism(),
    memoryMB: cluster.nodeMemoryMB ?? Math.floor(totalmem() / 2 ** 20),
    status: await status(),
  })
  log.info({ address, agentPort, proxyPort }, 'node agent registered')
  local.startPool()
  // The derived built-ins (code-interpreter-v1, desktop, mcp-gateway) are built on each node that starts them
  // (minutes, in the background; SANDOCK_BUILD_BUILTINS=off leaves it to `sandock templates
  // build-builtin` on the node): until one is ready here, this node answers 503 for it and control
  // places the create on another node.
  void builtinImages
    .ensureDerived(config.buildBuiltins)
    .catch((err: unknown) => log.error({ err }, 'built-in template images failed'))

  let beating: Promise<void> | undefined
  const timer = setInterval(() => {
    beating ??= status()
      .then((s) => heartbeat(db, cluster.nodeId, s))
      .catch((err: unknown) => log.warn({ err }, 'heartbeat failed'))
      .finally(() => {
        beating = undefined
      })
  }, cluster.heartbeatMs)

  return {
    nodeId: cluster.nodeId,
    agentPort,
    proxyPort,
    async close() {
      clearInterval(timer)
      await beating
      await Promise.all([app.close(), proxy.close(), local.close()])
      layersDb.close()
      await egress.close()
      await firewall.remove().then(() => netstack?.remove())
      await shared.close()
      await db.end()
    },
  }
}
