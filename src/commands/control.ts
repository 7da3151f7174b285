// `sandock control`: a stateless control replica (a replicated Swarm service). The E2B API on the
// same routes as `sandock serve`, over ClusterNode instead of LocalNode; the proxy's edge, which
// forwards to the owning node's proxy; the template catalog in PostgreSQL (builds run on nodes);
// and the catalog's reconciliation, done by one replica at a time. Nothing is kept here that
// another replica needs: tokens derive from the shared seed, and keys come from the shared secret (re-read, never stored).
import { mkdir } from 'node:fs/promises'
import type { Server } from 'node:http'
import { createLogger } from '../shared/logging.js'
import { listen } from '../shared/listen.js'
import { useStreamingGc } from '../shared/streaming-gc.js'
import { buildControlApp } from '../control/app.js'
import { loadControlConfig, type ControlConfig } from '../control/config.js'
import { createDomainListener } from '../control/domain-listener.js'
import { tokensFromSeed } from '../control/server-keys.js'
import { builtinTemplates } from '../node/builds/builtins.js'
import { createTemplateLookup } from '../control/templates/resolve.js'
import { createTemplateResolver } from '../node/sandboxes/template-resolver.js'
import { createTemplateService, templateFilesDir } from '../control/templates/service.js'
import { loadTls } from '../control/tls.js'
import { loadApiKeySet } from '../control/cluster/api-keys.js'
import { accessTokenStore } from '../control/access-tokens.js'
import { createClusterNode } from '../control/cluster/cluster-node.js'
import { loadClusterConfig, type ClusterConfig } from '../control/cluster/config.js'
import { createClusterEdge } from '../control/cluster/cluster-edge.js'
import { readSecretFile } from '../control/cluster/secret-file.js'
import { PgSecretStore } from '../control/cluster/pg-secret-store.js'
import { SECRET_STORE_KEY_PURPOSE } from '../control/secret-store/secret-store.js'
import { createDb, migrate, watchReachability, type Db } from '../control/cluster/pg.js'
import { PgTemplateStore } from '../control/cluster/pg-template-store.js'
import { startReconciler } from '../control/cluster/reconcile.js'
import { findSnapshotRow } from '../control/cluster/snapshots.js'
import { sharedUploads } from '../control/cluster/uploads.js'
import { spawnCounter } from '../control/templates/spawn-counter.js'
import { controlVolumes } from './cluster-volumes.js'
import { closeOnSignals } from './signals.js'
import { issueControlIdentity, loadClusterCa } from '../control/cluster/cluster-ca.js'
import { startEnrollmentSigner } from '../control/cluster/enrollment.js'
import { setEnrollPassword } from '../control/cluster/node-db-roles.js'

const TEMPLATE_LIMITS = { maxCpu: 32, maxMemoryMB: 65536 }
/**
 * A replica renews the lease of the builds it runs this often; a build whose lease is older than
 * BUILD_LEASE_EXPIRE_MS lost its replica (killed mid-build) and is failed by the reconciler.
 */
const BUILD_LEASE_RENEW_MS = 10_000
const BUILD_LEASE_EXPIRE_MS = 45_000

export type RunningClusterControl = { apiPort: number; proxyPort: number; close(): Promise<void> }

/** `sandock control [--help]`: runs until a signal; -1 = keep the process alive. */
export async function controlCommand(args: readonly string[]): Promise<number> {
  if (args.includes('--help')) {
    process.stdout.write(
      "Usage: sandock control\n\nA Docker Swarm cluster's control replica, configured by SANDOCK_* environment variables (see docs/cluster.md).\n",
    )
    return 0
  }
  const running = await startClusterControl(loadControlConfig(), loadClusterConfig(process.env, 'control'))
  closeOnSignals(() => running.close())
  return -1
}

/** GET /teams and the CLI's sign-in, when SANDOCK_ACCESS_TOKENS_FILE names a token file (a secret). */
function clusterAccessTokens(
  cluster: ClusterConfig,
  secrets: ReturnType<typeof tokensFromSeed>,
  log: ReturnType<typeof createLogger>,
) {
  if (!cluster.accessTokensFile) return {}
  return {
    accessTokens: accessTokenStore(cluster.accessTokensFile, (err) =>
      log.error({ err }, 'cannot read the access tokens: none is accepted until the file is fixed'),
    ),
    // One team for the cluster: the same id from every replica (derived from the shared seed).
    instanceId: secrets.deriveKey('team').toString('hex').slice(0, 16),
  }
}

/**
 * Mutual TLS to the agents: this replica's own control certificate, and the signer of nodes' CSRs.
 * The signer runs whenever the CA is configured, SANDOCK_CLUSTER_TLS=off too: enrollment is also
 * how a node gets its own database role.
 */
async function agentsTls(cluster: ClusterConfig, db: Db, nodeToken: string, log: ReturnType<typeof createLogger>) {
  if (!cluster.clusterTls) log.warn('SANDOCK_CLUSTER_TLS=off: control calls the node agents over plain HTTP')
  if (!cluster.clusterCaFile || !cluster.clusterCaKeyFile) {
    log.warn(
      'no cluster CA (SANDOCK_CLUSTER_CA_FILE, SANDOCK_CLUSTER_CA_KEY_FILE): nodes cannot enroll database roles of their own',
    )
    return { tls: undefined, stopSigning: async () => undefined }
  }
  const ca = await loadClusterCa(
    await readSecretFile(cluster.clusterCaFile, 'cluster CA certificate'),
    await readSecretFile(cluster.clusterCaKeyFile, 'cluster CA key'),
  )
  const stopSigning = startEnrollmentSigner(db, ca, nodeToken, log.child({ component: 'enrollment' }))
  return { tls: cluster.clusterTls ? await issueControlIdentity(ca) : undefined, stopSigning }
}

export async function startClusterControl(
  config: ControlConfig,
  cluster: ClusterConfig,
): Promise<RunningClusterControl> {
  // Every file transfer streams through this process (the edge, or this node's proxy).
  useStreamingGc()
  const log = createLogger({ level: config.logLevel, name: 'sandock-control' })
  // Every replica must present the same certificate: a generated CA would differ per replica.
  if (config.domain && config.tls === 'auto' && !config.tlsCertFile)
    throw new Error(
      'sandock control in domain mode needs SANDOCK_TLS_CERT and SANDOCK_TLS_KEY (Swarm secrets) or SANDOCK_TLS=off behind a TLS-terminating proxy',
    )
  const secrets = tokensFromSeed(await readSecretFile(cluster.tokenSeedFile, 'token seed'))
  const nodeToken = await readSecretFile(cluster.nodeTokenFile, 'node token')
  const db = createDb(cluster.databaseUrl, {
    password: cluster.databasePasswordFile && (await readSecretFile(cluster.databasePasswordFile, 'database password')),
  })
  await migrate(db)
  // Nodes log in with it only to enroll (node-db-roles.ts): derived from the node token they hold.
  await setEnrollPassword(db, nodeToken)
  // Each second: an outage is seen even by an idle replica, so no node is judged dead for the
  // heartbeats it could not write (nodes.ts).
  const stopWatching = watchReachability(db)
  const { tls, stopSigning } = await agentsTls(cluster, db, nodeToken, log)
  // Exactly the configured keys: the file is re-read every API_KEYS_RELOAD_MS (a key removed from
  // it stops working within that bound); a rotated Swarm secret restarts the replica.
  const keys = await loadApiKeySet({
    keys: config.apiKeys,
    file: cluster.apiKeysFile,
    onChange: (count) => log.info({ count }, 'API keys reloaded'),
    onError: (err) => log.error({ err }, 'API keys not reloaded'),
  })

  const store = new PgTemplateStore(db)
  const builtins = builtinTemplates({ baseImage: config.baseImage })
  // Control has no Docker: it resolves a built-in by name for placement (resources), and each node
  // answers for its own image of it (a node without a derived built-in built answers 503 and the
  // create moves to another node).
  const lookup = createTemplateLookup(store, builtins, {
    state: (name) => ({ state: 'ready', image: builtins.find((b) => b.name === name)?.image ?? name }),
  })
  const resolve = createTemplateResolver({
    lookup,
    snapshot: async (ref) => {
      const s = await findSnapshotRow(db, ref)
      return (
        s && { templateId: s.snapshotId, alias: s.names[0], image: s.image, cpuCount: s.cpuCount, memoryMB: s.memoryMB }
      )
    },
    cpuCount: config.defaultCpuCount,
    memoryMB: config.defaultMemoryMB,
  })
  const node = createClusterNode({
    db,
    log,
    nodeToken,
    ...(tls && { tls }),
    deadAfterMs: cluster.deadAfterMs,
    maxSandboxes: config.maxSandboxes,
    resolve,
    spawned: spawnCounter(store, log),
  })
  await mkdir(templateFilesDir(config.dataDir), { recursive: true, mode: 0o700 })
  // No recover() at start: builds in flight may be another replica's. Each replica renews the
  // leases of its own; the reconciler fails the builds whose replica stopped renewing them.
  const templates = createTemplateService({
    buildLease: { renewMs: BUILD_LEASE_RENEW_MS },
    store,
    builtins,
    node,
    log,
    dataDir: config.dataDir,
    uploadSecret: secrets.uploadSecret,
    maxConcurrentBuilds: config.maxConcurrentBuilds,
    buildLogMaxLines: config.buildLogMaxLines,
    limits: TEMPLATE_LIMITS,
    shareUploads: (local) => sharedUploads(db, local),
    lookup,
    builtinResources: { cpuCount: config.defaultCpuCount, memoryMB: config.defaultMemoryMB },
  })

  const publicDomain =
    config.domain && config.tls === 'auto' && config.tlsPort !== 443
      ? `${config.domain}:${config.tlsPort}`
      : config.domain
  const edge = createClusterEdge({ db, node, domain: config.domain, limits: config.proxyLimits, log, tls })
  const { proxy } = edge
  // Ready once a node is: before that a create has nowhere to go.
  let ready = false
  const api = await buildControlApp({
    log,
    node,
    templates,
    apiKeyDigests: keys.digests,
    domain: publicDomain,
    ready: () => ready,
    limits: config.proxyLimits,
    ...clusterAccessTokens(cluster, secrets, log),
    secrets: new PgSecretStore(db, secrets.deriveKey(SECRET_STORE_KEY_PURPOSE)),
    // User volumes when the shared directory is configured (metadata in PostgreSQL).
    ...(await controlVolumes(cluster, db, secrets, log)),
    dashboardEnvd: edge.dashboardEnvd,
  })
  api.addHook('onRequest', async (req) => {
    if (!ready && req.url === '/health') ready = (await node.nodes()).length > 0
  })
  await api.listen({ port: config.apiPort, host: config.host })
  const proxyPort = await listen(proxy.server, config.proxyPort, config.host)
  const apiPort = (api.server.address() as { port: number }).port
  log.info({ apiPort, proxyPort }, 'sandock control listening')

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
  }
  ready = (await node.nodes()).length > 0
  const reconciler = startReconciler(db, node, log.child({ component: 'reconcile' }), cluster.reconcileMs, {
    store,
    expireMs: BUILD_LEASE_EXPIRE_MS,
  })

  return {
    apiPort,
    proxyPort,
    async close() {
      keys.stop()
      stopWatching()
      edge.stop()
      await stopSigning()
      await reconciler.stop()
      await Promise.all([
        api.close(),
        proxy.close(),
        domainServer && new Promise((r) => domainServer!.close(r)),
        templates.close(),
      ])
      await db.end()
    },
  }
}
