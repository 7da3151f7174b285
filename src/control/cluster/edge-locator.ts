// Where the edge finds a sandbox's node: the catalog (its row and the node's heartbeat). While
// PostgreSQL cannot be asked, the nodes it last listed are asked instead whether they have the
// sandbox, so a running sandbox keeps serving through every replica, also one that never routed
// it before the outage. Anyone can send the edge a sandbox id, so what that costs the nodes is
// bounded: one look-up per id at a time, a miss remembered for a while, and a cap on the look-ups
// in flight (past it the outage is the answer at once).
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
/** During an outage: look-ups (each asks every node once) in flight at most, per edge. */
export const MAX_ASKS_IN_FLIGHT = 16
/** During an outage: how long an id no node had is answered without asking again, and how many such ids are kept. */
export const MISS_REMEMBERED_MS = 10_000
const MAX_MISSES = 4096

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

  const inFlight = new Map<string, Promise<NodeTarget | undefined>>()
  const misses = new Map<string, number>()

  /** askNodes, bounded: joined when already asked, a recent miss answered at once, none past the cap. */
  function askNodesBounded(sandboxId: string): Promise<NodeTarget | undefined> {
    const joined = inFlight.get(sandboxId)
    if (joined) return joined
    const missedAt = misses.get(sandboxId)
    if (missedAt !== undefined && Date.now() - missedAt < MISS_REMEMBERED_MS) return Promise.resolve(undefined)
    if (inFlight.size >= MAX_ASKS_IN_FLIGHT) return Promise.resolve(undefined)
    const asking = askNodes(sandboxId)
      .then((found) => {
        if (found) misses.delete(sandboxId)
        else {
          // Oldest first: a Map iterates in insertion order.
          misses.delete(sandboxId)
          misses.set(sandboxId, Date.now())
          if (misses.size > MAX_MISSES) misses.delete(misses.keys().next().value as string)
        }
        return found
      })
      .finally(() => inFlight.delete(sandboxId))
    inFlight.set(sandboxId, asking)
    return asking
  }

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
        misses.clear() // the outage is over: what no node had then may exist now
        const n = row && (await refresh()).find((x) => x.nodeId === row.nodeId)
        return n && targetOf(n)
      } catch (err) {
        if (!(err instanceof DatabaseUnavailableError)) throw err
        const found = await askNodesBounded(sandboxId)
        if (!found) throw err
        deps.log.debug({ sandboxId, nodeId: found.nodeId }, 'edge: found without the catalog (PostgreSQL down)')
        return found
      }
    },
    stop: () => clearInterval(timer),
  }
}
