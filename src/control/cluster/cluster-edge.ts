// A control replica's edge: the proxy that forwards sandbox traffic to each sandbox's node, the
// locator it asks (the catalog, or the nodes while PostgreSQL is down), and the dashboard's way to
// a sandbox's envd through it.
import type { Logger } from 'pino'
import type { TlsIdentity } from '../../node/agent-api/wire.js'
import type { ProxyLimits } from '../../node/proxy/proxy-limits.js'
import type { SandboxProxy } from '../../node/proxy/proxy-server.js'
import { SandboxNotFoundError } from '../../shared/errors.js'
import type { ClusterEnvdForward } from '../dashboard/envd-forward.js'
import type { ClusterNode } from './cluster-node.js'
import { createEdgeLocator } from './edge-locator.js'
import { createEdgeProxy } from './edge-proxy.js'
import type { Db } from './pg.js'

export type ClusterEdge = Readonly<{ proxy: SandboxProxy; dashboardEnvd: ClusterEnvdForward; stop(): void }>

export function createClusterEdge(deps: {
  db: Db
  node: Pick<ClusterNode, 'nodes' | 'remote' | 'get'>
  domain: string
  limits: ProxyLimits | undefined
  log: Logger
  /** This replica's control certificate for the node proxies (mutual TLS); undefined: plain HTTP. */
  tls?: TlsIdentity | undefined
}): ClusterEdge {
  const { node } = deps
  const log = deps.log.child({ component: 'edge' })
  const locator = createEdgeLocator({ db: deps.db, nodes: node.nodes, remote: node.remote, log })
  const proxy = createEdgeProxy({
    domain: deps.domain,
    log,
    limits: deps.limits,
    locate: locator.locate,
    ...(deps.tls && { tls: deps.tls }),
  })
  return {
    proxy,
    dashboardEnvd: {
      // The sandbox's node knows its state and envd token; the edge forwards to that node's proxy.
      target: (sandboxId) =>
        node.get(sandboxId).then(
          (s) => ({ state: s.state, envdAccessToken: s.envdAccessToken }),
          (e: unknown) => {
            if (e instanceof SandboxNotFoundError) return undefined
            throw e
          },
        ),
      handle: proxy.handle,
    },
    stop: () => locator.stop(),
  }
}
