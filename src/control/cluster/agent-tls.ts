// Control's side of mutual TLS to a node agent: an HTTPS transport (RemoteNode's FetchLike) that
// shows this replica's control certificate and accepts the agent only when its certificate chains
// to the cluster CA and names the node being called (OU=node, CN=<node id>): node A's certificate
// cannot answer for node B, wherever B's address points. One keep-alive agent per node.
import https from 'node:https'
import { Readable } from 'node:stream'
import type { PeerCertificate } from 'node:tls'
import { NODE_ROLE, type TlsIdentity } from '../../node/agent-api/wire.js'
import type { FetchLike } from './remote-node.js'

/** undefined when `peer` is the certificate of node `nodeId`; else the error the handshake fails with. */
export function checkNodeIdentity(nodeId: string, peer: PeerCertificate): Error | undefined {
  const { CN, OU } = peer.subject ?? {}
  if (OU === NODE_ROLE && CN === nodeId) return undefined
  return new Error(`the agent's certificate names ${OU}:${CN}, not node ${nodeId}`)
}

export type AgentTransport = { fetch: FetchLike; close(): void }

/** HTTPS to node `nodeId`'s agent as a control replica (`identity`: its certificate, key and the CA). */
export function agentTransport(identity: TlsIdentity, nodeId: string): AgentTransport {
  const agent = new https.Agent({
    ...identity,
    keepAlive: true,
    minVersion: 'TLSv1.3',
    checkServerIdentity: (_host, peer) => checkNodeIdentity(nodeId, peer),
  })
  const fetch: FetchLike = (url, init) =>
    new Promise((resolve, reject) => {
      const req = https.request(
        url,
        { method: init.method, headers: init.headers, agent, signal: init.signal },
        (res) => {
          const headers = new Headers()
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v)
          const status = res.statusCode ?? 502
          const body = status === 204 || status === 304 ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>)
          resolve(new Response(body, { status, headers }))
        },
      )
      req.once('error', reject)
      req.end(init.body)
    })
  return { fetch, close: () => agent.destroy() }
}
