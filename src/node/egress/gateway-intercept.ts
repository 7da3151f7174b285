// A connection the egress gateway intercepts (a transform rule names its host): plain http handed
// to the interceptor, TLS terminated first with a leaf from the sandbox's CA; upstreams kept alive
// per host, port and dial route in the sandbox's entry. Also the types of a served sandbox.
import type { Socket } from 'node:net'
import type { Logger } from 'pino'
import type { LeafMinter, SandboxCa } from './ca.js'
import { terminateTls, type createInterceptor, type UpstreamPool } from './intercept.js'
import type { CompiledPolicy } from './policy.js'

type Interceptor = ReturnType<typeof createInterceptor>

/** A sandbox the gateway serves: its policy and, when it has transform rules, its CA. */
export type GatewaySandbox = Readonly<{
  sandboxId: string
  policy: CompiledPolicy
  ca: SandboxCa | undefined
  log: Logger
}>

/** A served sandbox: its policy, leaf minter, open sockets, and kept-alive upstreams of its transformed hosts (this policy's only). */
export type Entry = {
  sandbox: GatewaySandbox
  minter: LeafMinter | undefined
  sockets: Set<Socket>
  pools: Map<string, UpstreamPool>
}

/** Keeps `sockets` in the entry's set while they are open (a detach cuts them). */
export function track(entry: Entry, ...sockets: Socket[]) {
  for (const s of sockets) {
    entry.sockets.add(s)
    s.once('close', () => entry.sockets.delete(s))
  }
}

/** Hands a connection to the interceptor (TLS terminated first on the tls port); without a CA a TLS one is closed. */
export function intercept(
  deps: { interceptor: Interceptor; tlsPort: number },
  entry: Entry,
  socket: Socket,
  head: Buffer,
  t: {
    hostname: string
    port: number
    headers: Record<string, string>
    dial: () => Promise<Socket>
    byDomain: boolean
  },
) {
  const secureUpstream = t.port === deps.tlsPort
  // How the upstream is dialled depends on the host, the port and whether a domain allowed it.
  const key = `${t.hostname.toLowerCase()}|${t.port}|${t.byDomain}`
  let pool = entry.pools.get(key)
  if (!pool)
    entry.pools.set(
      key,
      (pool = deps.interceptor.createPool({ hostname: t.hostname, tls: secureUpstream, dial: t.dial })),
    )
  const target = {
    hostname: t.hostname,
    port: t.port,
    headers: t.headers,
    tls: secureUpstream,
    pool,
    log: entry.sandbox.log,
  }
  if (!target.tls) {
    if (head.length > 0) socket.unshift(head)
    deps.interceptor.handle(socket, target)
    socket.resume()
    return
  }
  if (!entry.minter) {
    entry.sandbox.log.warn({ host: t.hostname }, 'egress transform needs TLS interception but the sandbox has no CA')
    socket.destroy()
    return
  }
  const secure = terminateTls(socket, head, t.hostname, entry.minter)
  track(entry, secure)
  secure.on('error', () => socket.destroy())
  secure.once('secure', () => deps.interceptor.handle(secure as unknown as Socket, target))
  socket.resume()
}
