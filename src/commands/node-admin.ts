// `sandock node drain|cordon|uncordon|list`: an operator's node commands, run inside a control
// replica (`docker exec <control task> sandock node drain node1`) with that replica's
// configuration: PostgreSQL, and the cluster CA to reach the agents with a control certificate.
// No network-facing admin API: whoever can exec into the control service is the operator already.
import { AppError } from '../shared/errors.js'
import { createLogger } from '../shared/logging.js'
import { loadClusterConfig, type ClusterConfig } from '../control/cluster/config.js'
import { issueControlIdentity, loadClusterCa } from '../control/cluster/cluster-ca.js'
import { drainNode } from '../control/cluster/drain.js'
import { findNode, parseDrainArgs } from '../control/cluster/drain-plan.js'
import { createNodeReach } from '../control/cluster/node-reach.js'
import { allNodes, liveNodes, setSchedulable } from '../control/cluster/nodes.js'
import { createDb, type Db } from '../control/cluster/pg.js'
import { readSecretFile } from '../control/cluster/secret-file.js'

const USAGE = `Usage (inside a control replica: docker exec <control task> sandock node ...):
  sandock node list                      the registered nodes: live, schedulable, sandboxes
  sandock node cordon <nodeId>           no new sandboxes or builds on it (running ones keep running)
  sandock node uncordon <nodeId>         schedulable again
  sandock node drain <nodeId> [--timeout 10m] [--pause-running]
      cordons the node and moves its paused sandboxes to other nodes through the registry (same
      sandbox id, still paused; a frozen one loses its memory: it moves as a filesystem pause).
      Running sandboxes: waited for (they end, or pause and move) up to --timeout (default 10m);
      --pause-running pauses them first and moves them too. Safe to run again after a failure.
`

const write = (line: string) => process.stdout.write(`${line}\n`)

/** Runs one node command; the exit code (0 done, 1 something failed or is still running, 2 bad input). */
export async function nodeAdminCommand(sub: string, args: readonly string[]): Promise<number> {
  if (args.includes('--help')) {
    process.stdout.write(USAGE)
    return 0
  }
  let cluster: ClusterConfig
  try {
    cluster = loadClusterConfig(process.env, 'control')
  } catch (e) {
    process.stderr.write(`sandock node ${sub}: run it inside a control replica (${(e as Error).message})\n`)
    return 2
  }
  const db = createDb(cluster.databaseUrl, {
    max: 2,
    password: cluster.databasePasswordFile && (await readSecretFile(cluster.databasePasswordFile, 'database password')),
  })
  try {
    return await run(sub, args, cluster, db)
  } catch (e) {
    const known = e instanceof AppError
    process.stderr.write(`sandock node ${sub}: ${known ? e.message : ((e as Error)?.stack ?? String(e))}\n`)
    return known && e.kind === 'invalid_argument' ? 2 : 1
  } finally {
    await db.end().catch(() => undefined)
  }
}

async function run(sub: string, args: readonly string[], cluster: ClusterConfig, db: Db): Promise<number> {
  if (sub === 'list') return listNodes(db, cluster)
  if (sub === 'cordon' || sub === 'uncordon') {
    const [nodeId, ...extra] = args
    if (!nodeId || extra.length > 0) throw new AppError('invalid_argument', `usage: sandock node ${sub} <nodeId>`)
    findNode(await allNodes(db), nodeId)
    await setSchedulable(db, nodeId, sub === 'uncordon')
    write(
      `node ${nodeId} ${sub === 'cordon' ? 'cordoned: no new sandboxes or builds are placed on it' : 'uncordoned: schedulable'}`,
    )
    return 0
  }
  const opts = parseDrainArgs(args)
  const log = createLogger({ level: 'error', name: 'sandock-node-drain' })
  const reach = createNodeReach({
    db,
    log,
    nodeToken: await readSecretFile(cluster.nodeTokenFile, 'node token'),
    deadAfterMs: cluster.deadAfterMs,
    tls: await controlTls(cluster),
  })
  const report = await drainNode({ db, reach, log, out: write }, opts)
  write(
    `drain of ${opts.nodeId}: ${report.moved.length} moved, ${report.failed.length} failed, ${report.stillRunning.length} still running`,
  )
  return report.failed.length + report.stillRunning.length > 0 ? 1 : 0
}

/** A control certificate of this replica's cluster CA (undefined with SANDOCK_CLUSTER_TLS=off). */
async function controlTls(cluster: ClusterConfig) {
  if (!cluster.clusterTls) return undefined
  const ca = await loadClusterCa(
    await readSecretFile(cluster.clusterCaFile, 'cluster CA certificate'),
    await readSecretFile(cluster.clusterCaKeyFile!, 'cluster CA key'),
  )
  return issueControlIdentity(ca)
}

async function listNodes(db: Db, cluster: ClusterConfig): Promise<number> {
  const live = new Set((await liveNodes(db, cluster.deadAfterMs)).map((n) => n.nodeId))
  for (const n of await allNodes(db))
    write(
      `${n.nodeId}\t${live.has(n.nodeId) ? 'live' : 'down'}\t${n.schedulable ? 'schedulable' : 'cordoned'}\t${n.status.sandboxes} sandboxes\t${n.address}`,
    )
  return 0
}
