// The node agent's calls: each SandboxNode verb (but the build stream and the proxy's
// connection tracking) by name, its arguments as a JSON array, its answer as JSON. One table used
// by both ends, so the agent and RemoteNode cannot disagree on a name or an argument's position.
import type { NodeMoves } from '../local-node.js'
import type { SandboxNode } from '../sandbox-node.js'

/** What the agent adds to the seam: its proxy's auto-resume and the node's status. */
export type AgentExtras = NodeMoves & {
  /** The proxy resolver's resume (auto-resume of a paused sandbox by traffic). */
  proxyResume(sandboxId: string): Promise<void>
}

export type AgentNode = Omit<SandboxNode, 'proxy' | 'build'> & AgentExtras

export const AGENT_METHODS = [
  'create',
  'get',
  'list',
  'kill',
  'pause',
  'resume',
  'connect',
  'setTimeout',
  'refresh',
  'updateNetwork',
  'metrics',
  'lastMetrics',
  'logs',
  'snapshot',
  'listSnapshots',
  'removeSnapshot',
  'fork',
  'poolStatus',
  'usesTemplate',
  'removeImage',
  'removeBuildContainers',
  'proxyResume',
  'moveOut',
  'moveIn',
  'moveAbort',
  'removeMoved',
] as const satisfies readonly (keyof AgentNode)[]

export type AgentMethod = (typeof AGENT_METHODS)[number]

/** Calls answered with SandboxInfo (or a list, a connect result, a fork's items): their Dates are revived, as are log lines' (remote-node.ts). */
export const RETURNS_SANDBOX = new Set<AgentMethod>(['create', 'get', 'resume', 'moveIn'])

export const isAgentMethod = (m: string): m is AgentMethod => (AGENT_METHODS as readonly string[]).includes(m)
