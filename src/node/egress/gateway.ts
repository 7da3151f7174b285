// The egress gateway: one TCP listener on the host that sandboxes with a domain, transform or
// proxy policy are redirected to (host-side iptables REDIRECT, see redirect-chain.ts). Per
// connection: which sandbox (its source address), where it was going (SO_ORIGINAL_DST), the
// hostname it names (Host on port 80, SNI on 443, none elsewhere), then the policy's verdict.
// Blocked connections are accepted and closed; allowed ones are dialled (by name when a domain
// allowed them) and piped, or intercepted when a transform rule names the host.
import net, { type Server, type Socket } from 'node:net'
import type { Logger } from 'pino'
import { createLeafMinter } from './ca.js'
import { dialAddress, dialByName, dialViaSocks, type EgressResolver } from './dial.js'
import { createInterceptor } from './intercept.js'
import { intercept, track, type Entry, type GatewaySandbox } from './gateway-intercept.js'
import type { SecretResolver } from './placeholders.js'
import { createHostAddresses } from './host-addresses.js'
import { internalCheck, type Verdict } from './policy.js'
import { readHostname, sniffHttp, sniffTls } from './sniff.js'

export type { GatewaySandbox } from './gateway-intercept.js'

export type OriginalDst = (socket: Socket) => { address: string; port: number }

export type GatewayDeps = Readonly<{
  resolver: EgressResolver
  secrets: SecretResolver
  /** PEM certificates the real upstreams of intercepted hosts are verified against (host store + extra). */
  trustedCa: readonly string[]
  originalDst: OriginalDst
  /** Addresses never dialled (default: the always-denied internal ranges and the host's own addresses). */
  internal?: (ip: string) => boolean
  /** Original destination ports whose Host (http) or SNI (tls) names the host: 80 and 443 (tests move them). */
  ports?: { http: number; tls: number }
  log: Logger
}>

export type EgressGateway = Readonly<{
  server: Server
  /** Serves (or, with a new policy, re-serves) the sandbox at `ip`; later connections see the new policy. */
  attach(ip: string, sandbox: GatewaySandbox): void
  /** Stops serving `ip`; `cut` (default) also closes its open connections. */
  detach(ip: string, opts?: { cut?: boolean }): void
  /** The sandbox served at `ip`. */
  lookup(ip: string): GatewaySandbox | undefined
  listen(host: string, port: number): Promise<number>
  close(): Promise<void>
}>

export function createEgressGateway(deps: GatewayDeps): EgressGateway {
  const { log } = deps
  const internal = deps.internal ?? internalCheck({ isHostAddress: createHostAddresses().isHostAddress })
  const ports = deps.ports ?? { http: 80, tls: 443 }
  const byIp = new Map<string, Entry>()
  const interceptor = createInterceptor({ secrets: deps.secrets, trustedCa: deps.trustedCa })
  const server = net.createServer({ noDelay: true, pauseOnConnect: true }, (socket) => {
    socket.on('error', () => undefined)
    void handle(socket).catch((err: unknown) => {
      log.warn({ err }, 'egress gateway connection failed')
      socket.destroy()
    })
  })

  async function handle(socket: Socket): Promise<void> {
    const entry = byIp.get(socket.remoteAddress?.replace(/^::ffff:/, '') ?? '')
    if (!entry) {
      socket.destroy()
      return
    }
    track(entry, socket)
    const { sandbox } = entry
    let dst: { address: string; port: number }
    try {
      dst = deps.originalDst(socket)
    } catch (err) {
      sandbox.log.warn({ err }, 'egress gateway: no original destination (not a redirected connection)')
      socket.destroy()
      return
    }
    if (dst.address === socket.localAddress?.replace(/^::ffff:/, '') && dst.port === socket.localPort) {
      // A connection made straight to the gateway's port, not redirected: nothing to forward.
      socket.destroy()
      return
    }
    const { hostname, head } = await sniffHostname(socket, dst.port, ports)
    const verdict: Verdict = sandbox.policy.decide(hostname, dst.address)
    const proxy = sandbox.policy.policy.egressProxy
    if (verdict === 'blocked') {
      // compat: upstream accepts, then closes without dialling.
      sandbox.log.debug({ host: hostname, ip: dst.address, port: dst.port }, 'egress blocked')
      socket.destroy()
      return
    }
    const headers =
      hostname && (dst.port === ports.http || dst.port === ports.tls) ? sandbox.policy.headersFor(hostname) : undefined
    // Allowed by name, or transformed (secrets go only where the name leads): dialled by that
    // name. Otherwise to the address the guest chose. Internal ranges are never dialled directly.
    const byName = hostname !== undefined && (verdict === 'domain' || headers !== undefined)
    const ipAllowed = (ip: string) => verdict === 'domain' || sandbox.policy.decide(undefined, ip) !== 'blocked'
    const dial = (): Promise<Socket> => {
      if (proxy) return dialViaSocks(deps.resolver, proxy, byName ? hostname! : dst.address, dst.port, { internal })
      if (byName) return dialByName(deps.resolver, hostname!, dst.port, ipAllowed, { internal })
      return dialAddress(dst.address, dst.port, { internal })
    }
    if (!proxy && !byName && internal(dst.address)) {
      socket.destroy()
      return
    }
    if (headers !== undefined) {
      intercept({ interceptor, tlsPort: ports.tls }, entry, socket, head, {
        hostname: hostname!,
        port: dst.port,
        headers,
        dial,
        byDomain: verdict === 'domain',
      })
      return
    }
    let upstream: Socket
    try {
      upstream = await dial()
    } catch (err) {
      sandbox.log.debug({ err, host: hostname, ip: dst.address, port: dst.port }, 'egress dial failed')
      socket.destroy()
      return
    }
    track(entry, upstream)
    if (socket.destroyed || !byIp.has(socket.remoteAddress?.replace(/^::ffff:/, '') ?? '')) {
      upstream.destroy()
      return
    }
    splice(socket, upstream, head)
  }

  return {
    server,
    attach(ip, sandbox) {
      const old = byIp.get(ip)
      const sameCa = old?.sandbox.ca?.certPem === sandbox.ca?.certPem
      // Upstream connections dialled under the previous policy are not reused (busy ones finish).
      for (const pool of old?.pools.values() ?? []) pool.retire()
      byIp.set(ip, {
        sandbox,
        minter: sameCa && old?.minter ? old.minter : sandbox.ca ? createLeafMinter(sandbox.ca) : undefined,
        sockets: old?.sockets ?? new Set(),
        pools: new Map(),
      })
    },
    detach(ip, opts = {}) {
      const entry = byIp.get(ip)
      byIp.delete(ip)
      for (const pool of entry?.pools.values() ?? []) {
        if (opts.cut !== false) pool.destroy()
        else pool.retire()
      }
      if (opts.cut !== false) for (const s of entry?.sockets ?? []) s.destroy()
    },
    lookup: (ip) => byIp.get(ip)?.sandbox,
    listen(host, port) {
      return new Promise((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => {
          server.removeListener('error', reject)
          resolve((server.address() as net.AddressInfo).port)
        })
      })
    },
    async close() {
      for (const ip of [...byIp.keys()]) this.detach(ip)
      interceptor.close()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
}

/** The hostname a redirected connection names (Host on the http port, SNI on the tls port) and the bytes read for it. */
async function sniffHostname(
  socket: Socket,
  port: number,
  ports: { http: number; tls: number },
): Promise<{ head: Buffer; hostname: string | undefined }> {
  if (port === ports.http) return readHostname(socket, sniffHttp)
  if (port === ports.tls) return readHostname(socket, sniffTls)
  return { head: Buffer.alloc(0), hostname: undefined }
}

/** Pipes the guest's socket and its upstream both ways (`head`, already read, goes first); either closing closes both. */
function splice(socket: Socket, upstream: Socket, head: Buffer): void {
  upstream.on('error', () => socket.destroy())
  socket.on('error', () => upstream.destroy())
  upstream.once('close', () => socket.destroy())
  socket.once('close', () => upstream.destroy())
  if (head.length > 0) upstream.write(head)
  socket.pipe(upstream)
  upstream.pipe(socket)
  socket.resume()
}
