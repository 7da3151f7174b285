// Reaching the nodes of a cluster from control: a remote per live node, an answer from every live
// node (fan-out), and a call on a sandbox's own node, keeping the sandbox catalog true on the way
// (a sandbox whose node is dead, or that its node no longer has, is forgotten and reported gone).
import type { Logger } from 'pino'
import { SandboxNotFoundError } from '../../shared/errors.js'
import type { SandboxInfo } from '../../node/sandboxes/types.js'
import { createRemoteNode, NodeUnreachableError, type FetchLike, type RemoteNode } from './remote-node.js'
import * as catalog from './sandbox-placements.js'
import { liveNodes, type NodeRow } from './nodes.js'
import type { Db } from './pg.js'
import type { TlsIdentity } from '../../node/agent-api/wire.js'
import { agentTransport, type AgentTransport } from './agent-tls.js'

export type NodeReach = ReturnType<typeof createNodeReach>

export function createNodeReach(deps: {
  db: Db
  log: Logger
  nodeToken: string
  deadAfterMs: number
  fetch?: FetchLike | undefined
  /** Mutual TLS to the agents: this replica's control certificate (cluster-ca.ts); unset: plain HTTP. */
  tls?: TlsIdentity | undefined
}) {
  const { db, log, tls } = deps
  const remotes = new Map<string, { baseUrl: string; remote: RemoteNode }>()
  const transports = new Map<string, AgentTransport>()
  /** The node's HTTPS transport: it accepts only that node's certificate. */
  const transport = (nodeId: string) => {
    let t = transports.get(nodeId)
    if (!t) transports.set(nodeId, (t = agentTransport(tls!, nodeId)))
    return t.fetch
  }

  function remote(n: NodeRow): RemoteNode {
    const baseUrl = `${tls ? 'https' : 'http'}://${n.address}:${n.apiPort}`
    const known = remotes.get(n.nodeId)
    if (known?.baseUrl === baseUrl) return known.remote
    const fetch = deps.fetch ?? (tls ? transport(n.nodeId) : undefined)
    const r = createRemoteNode({ nodeId: n.nodeId, baseUrl, token: deps.nodeToken, fetch })
    remotes.set(n.nodeId, { baseUrl, remote: r })
    return r
  }

  const nodes = () => liveNodes(db, deps.deadAfterMs)

  /** Every live node's answer, leaving out (and logging) the ones that fail. */
  async function fanOut<T>(
    what: string,
    fn: (r: RemoteNode) => Promise<T>,
  ): Promise<Array<{ node: NodeRow; value: T }>> {
    const live = await nodes()
    const settled = await Promise.allSettled(live.map(async (node) => ({ node, value: await fn(remote(node)) })))
    return settled.flatMap((s, i) => {
      if (s.status === 'fulfilled') return [s.value]
      log.warn({ err: s.reason, nodeId: live[i]!.nodeId, what }, 'a node did not answer')
      return []
    })
  }

  /**
   * Runs `fn` on the sandbox's node. Not in the catalog: asks every live node (a row not written
   * yet). On a dead node, or one that no longer has it: the row goes and the answer is 404.
   */
  async function onSandbox<T>(sandboxId: string, fn: (r: RemoteNode) => Promise<T>): Promise<T> {
    const row = await catalog.rowOf(db, sandboxId)
    const live = await nodes()
    let node = row && live.find((n) => n.nodeId === row.nodeId)
    if (row && !node) {
      await catalog.forget(db, [sandboxId])
      log.info({ sandboxId, nodeId: row.nodeId }, 'sandbox reported gone: its node is dead')
      throw new SandboxNotFoundError(sandboxId)
    }
    if (!node) {
      const found = (
        await Promise.all(
          live.map(async (n) =>
            (await remote(n)
              .get(sandboxId)
              .catch(() => undefined))
              ? n
              : undefined,
          ),
        )
      ).find(Boolean)
      if (!found) throw new SandboxNotFoundError(sandboxId)
      node = found
    }
    try {
      return await fn(remote(node))
    } catch (e) {
      if (e instanceof SandboxNotFoundError) await catalog.forget(db, [sandboxId])
      if (e instanceof NodeUnreachableError && !(await nodes()).some((n) => n.nodeId === node.nodeId)) {
        await catalog.forget(db, [sandboxId])
        throw new SandboxNotFoundError(sandboxId)
      }
      throw e
    }
  }

  /** Records sandboxes made on `nodeId` (a fork's) in the catalog. */
  const recordAll = async (nodeId: string, sandboxes: SandboxInfo[]) => {
    for (const s of sandboxes)
      await catalog.record(db, {
        sandboxId: s.sandboxId,
        nodeId,
        templateId: s.templateId,
        cpuCount: s.cpuCount,
        memoryMB: s.memoryMB,
      })
  }

  return { remote, nodes, fanOut, onSandbox, recordAll }
}
