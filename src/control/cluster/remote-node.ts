// RemoteNode: the node seam over HTTP to a node agent (agent-api/app.ts). Every verb is one POST
// /rpc/<method>; errors come back as their kind, so a sandbox's 404 or 409 on a node is the same
// 404 or 409 at the API. A node that cannot be reached is `unavailable` (NodeUnreachableError):
// the caller (placement, the catalog) decides whether that means "try another node" or "gone".
// The proxy's part stays on the agent (its own proxy tracks connections); only auto-resume is a call.
import { AppError } from '../../shared/errors.js'
import type { BuildJob, BuildLog, BuildResult } from '../../node/builds/build-types.js'
import { AGENT_METHODS, RETURNS_SANDBOX, type AgentMethod, type AgentNode } from '../../node/agent-api/methods.js'
import {
  bearer,
  decodeError,
  decodeForkItem,
  reviveSandbox,
  type BuildLine,
  type WireError,
  type WireForkItem,
} from '../../node/agent-api/wire.js'
import type { SandboxNode } from '../../node/sandbox-node.js'

/** The transport: global fetch in production, app.inject behind the same shape in the unit tier. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>

export class NodeUnreachableError extends AppError {
  constructor(
    readonly nodeId: string,
    cause: unknown,
  ) {
    super('unavailable', `node ${nodeId} is unreachable: ${(cause as Error)?.message ?? String(cause)}`, { cause })
  }
}

export type RemoteNode = Omit<SandboxNode, 'proxy'> &
  AgentNode & { readonly nodeId: string; status(): Promise<unknown> }

export type RemoteNodeOptions = Readonly<{
  nodeId: string
  /** http://<address>:<agent port> */
  baseUrl: string
  token: string
  fetch?: FetchLike
  /** Per call (creates wait for boots and ready commands: give them the longest). */
  timeoutMs?: number
}>

/** Calls that may take as long as a boot (a cold start, a resume, a fork, a snapshot commit). */
const SLOW = new Set<AgentMethod>(['create', 'resume', 'connect', 'fork', 'snapshot', 'pause', 'moveOut', 'moveIn'])

export function createRemoteNode(opts: RemoteNodeOptions): RemoteNode {
  const doFetch: FetchLike = opts.fetch ?? ((url, init) => fetch(url, init))
  const headers = { authorization: bearer(opts.token), 'content-type': 'application/json' }
  const timeoutMs = opts.timeoutMs ?? 30_000

  async function call(method: AgentMethod, args: unknown[]): Promise<unknown> {
    let res: Response
    try {
      res = await doFetch(`${opts.baseUrl}/rpc/${method}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ args }),
        signal: AbortSignal.timeout(SLOW.has(method) ? Math.max(timeoutMs, 300_000) : timeoutMs),
      })
    } catch (e) {
      throw new NodeUnreachableError(opts.nodeId, e)
    }
    const text = await res.text().catch((e: unknown) => {
      throw new NodeUnreachableError(opts.nodeId, e)
    })
    let body: { value?: unknown; error?: WireError }
    try {
      body = JSON.parse(text) as typeof body
    } catch {
      throw new NodeUnreachableError(opts.nodeId, new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`))
    }
    if (body.error) throw decodeError(body.error)
    if (!res.ok) throw new NodeUnreachableError(opts.nodeId, new Error(`HTTP ${res.status}`))
    const value = body.value
    if (RETURNS_SANDBOX.has(method)) return reviveSandbox(value as never)
    if (method === 'list') return (value as never[]).map(reviveSandbox)
    if (method === 'connect') {
      const v = value as { sandbox: never; resumed: boolean }
      return { sandbox: reviveSandbox(v.sandbox), resumed: v.resumed }
    }
    if (method === 'fork') return (value as WireForkItem[]).map(decodeForkItem)
    if (method === 'logs')
      return (value as Array<{ timestamp: string; line: string }>).map((l) => ({
        timestamp: new Date(l.timestamp),
        line: l.line,
      }))
    return value ?? undefined
  }

  const verbs = Object.fromEntries(
    AGENT_METHODS.map((m) => [m, (...args: unknown[]) => call(m, args)]),
  ) as unknown as AgentNode

  return {
    ...verbs,
    nodeId: opts.nodeId,

    async status() {
      const res = await doFetch(`${opts.baseUrl}/status`, {
        method: 'GET',
        headers,
        signal: AbortSignal.timeout(timeoutMs),
      }).catch((e: unknown) => {
        throw new NodeUnreachableError(opts.nodeId, e)
      })
      if (!res.ok) throw new NodeUnreachableError(opts.nodeId, new Error(`HTTP ${res.status}`))
      return res.json()
    },

    /** Streams the build's log lines into `out.log`; aborting `out.signal` closes the stream, which cancels it on the node. */
    async build(job: BuildJob, out: { log: BuildLog; signal: AbortSignal }): Promise<BuildResult> {
      let res: Response
      try {
        res = await doFetch(`${opts.baseUrl}/build`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ job }),
          signal: out.signal,
        })
      } catch (e) {
        if (out.signal.aborted) throw out.signal.reason
        throw new NodeUnreachableError(opts.nodeId, e)
      }
      if (!res.ok || !res.body)
        throw new NodeUnreachableError(
          opts.nodeId,
          new Error(`HTTP ${res.status}: ${await res.text().catch(() => '')}`),
        )
      let rest = ''
      const decoder = new TextDecoder()
      try {
        for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
          rest += decoder.decode(chunk, { stream: true })
          let nl: number
          while ((nl = rest.indexOf('\n')) >= 0) {
            const line = JSON.parse(rest.slice(0, nl)) as BuildLine
            rest = rest.slice(nl + 1)
            if ('log' in line) out.log(line.log.level, line.log.step, line.log.message)
            else if ('result' in line) return line.result
            else throw decodeError(line.error)
          }
        }
      } catch (e) {
        if (out.signal.aborted) throw out.signal.reason
        if (e instanceof AppError) throw e
        throw new NodeUnreachableError(opts.nodeId, e)
      }
      throw new NodeUnreachableError(opts.nodeId, new Error('the build stream ended without a result'))
    },
  }
}
