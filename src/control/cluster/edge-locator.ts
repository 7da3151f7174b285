// Where the edge finds a sandbox's node: the catalog (its row and the node's heartbeat). While
// PostgreSQL cannot be asked, the nodes it last listed are asked instead whether they have the
// sandbox, so a running sandbox keeps serving through every replica, also one that never routed
// it before the outage.
import type { Logger } from 'pino'
import type { NodeTarget } from './edge-proxy.js'
import type { NodeRow } from './nodes.js'
import { DatabaseUnavailableError } from './pg.js'
import type { RemoteNode } from './remote-node.js'
import * as catalog from './sandbox-placements.js'
import type { Db } from './pg.js'

/** How often the list of live nodes is refreshed for an outage (besides every catalog look-up). */
const NODES_REFRESH_MS = 5000
/** How long a node may take to say whether it has a sandbox, during an outage. */
const ASK_TIMEOUT_MS = 3000

const targetOf = (n: NodeRow): NodeTarget => ({ nodeId: n.nodeId, address: n.address, proxyPort: n.proxyPort })

export function createEdgeLocator(deps: {
  db: Db
  nodes: () => Promise<NodeRow[]>
  remote: (n: NodeRow) => Pick<RemoteNode, 'get'>
  log: Logger
}): { locate(sandboxId: string): Promise<NodeTarget | undefined>; stop(): void } {
  let lastLive: NodeRow[] = []
  const refresh = async () => {
    lastLive = await deps.nodes()
    return lastLive
  }
  void refresh().catch(() => undefined)
  const timer = setInterval(() => void refresh().catch(() => undefined), NODES_REFRESH_MS)
  timer.unref()

  /** The node of the last live list that has the sandbox, asked all at once. */
  async function askNodes(sandboxId: string): Promise<NodeTarget | undefined> {
    const answers = await Promise.all(
      lastLive.map(async (n) => {
        const has = await Promise.race([
          deps
            .remote(n)
            .get(sandboxId)
            .then(Boolean, () => false),
          new Promise<false>((r) => setTimeout(r, ASK_TIMEOUT_MS, false).unref()),
        ])
        return has ? n : undefined
      }),
    )
    const found = answers.find(Boolean)
    return found && targetOf(found)
  }

  return {
    async locate(sandboxId) {
      try {
        const row = await catalog.rowOf(deps.db, sandboxId)
        const n = row && (await refresh()).find((x) => x.nodeId === row.nodeId)
        return n && targetOf(n)
      } catch (err) {
        if (!(err instanceof DatabaseUnavailableError)) throw err
        const found = await askNodes(sandboxId)
        if (!found) throw err
        deps.log.debug({ sandboxId, nodeId: found.nodeId }, 'edge: found without the catalog (PostgreSQL down)')
        return found
      }
    },
    stop: () => clearInterval(timer),
  }
}
