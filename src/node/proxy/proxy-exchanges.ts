// The proxied requests and upgrades in flight: each is registered with the sandbox's resolver so
// a kill or pause can cut it mid-stream (contract 7.4), and counted per sandbox (the per-sandbox
// connection cap).
import type http from 'node:http'
import type { Duplex } from 'node:stream'
import type { ProxyResolver } from '../sandboxes/types.js'

/** One proxied request or upgrade: what a kill or pause has to cut. */
export type Exchange = {
  closed: boolean
  /** The sandbox started answering (response head or 101 received): only a cut can end it now. */
  responded: boolean
  upgraded: boolean
  upstreamReq: http.ClientRequest | undefined
  upstreamSocket: Duplex | undefined
  retryTimer: NodeJS.Timeout | undefined
}

export class ExchangeTracker {
  private readonly byRequest = new WeakMap<http.IncomingMessage, Exchange>()
  private readonly perSandbox = new Map<string, number>()
  private readonly cuts = new Set<() => void>()

  constructor(private readonly resolver: Pick<ProxyResolver, 'track'>) {}

  /** The exchange of a request the proxy forwards (the http-proxy events name the request). */
  of(req: http.IncomingMessage): Exchange | undefined {
    return this.byRequest.get(req)
  }

  inFlight(sandboxId: string): number {
    return this.perSandbox.get(sandboxId) ?? 0
  }

  /**
   * Registers the exchange of `req`; `done` ends it (idempotent). A cut ends the upstream side
   * and calls `cutSockets` to answer or break the client's side.
   */
  open(req: http.IncomingMessage, sandboxId: string, cutSockets: () => void): { ex: Exchange; done: () => void } {
    const ex: Exchange = {
      closed: false,
      responded: false,
      upgraded: false,
      upstreamReq: undefined,
      upstreamSocket: undefined,
      retryTimer: undefined,
    }
    this.byRequest.set(req, ex)
    // compat: kill and pause cut the connection; a response under way must break, never end
    // gracefully. `cutSockets` answers what the sandbox has not started answering (see callers).
    const cut = () => {
      if (ex.closed) return
      ex.closed = true
      clearTimeout(ex.retryTimer)
      ex.upstreamReq?.destroy()
      ex.upstreamSocket?.destroy()
      cutSockets()
    }
    const release = this.resolver.track(sandboxId, cut)
    this.cuts.add(cut)
    this.perSandbox.set(sandboxId, this.inFlight(sandboxId) + 1)
    let counted = true
    const done = () => {
      ex.closed = true
      clearTimeout(ex.retryTimer)
      release()
      this.cuts.delete(cut)
      if (!counted) return
      counted = false
      const left = (this.perSandbox.get(sandboxId) ?? 1) - 1
      if (left <= 0) this.perSandbox.delete(sandboxId)
      else this.perSandbox.set(sandboxId, left)
    }
    return { ex, done }
  }

  /** Cuts every exchange in flight (the proxy is closing). */
  cutAll(): void {
    for (const cut of [...this.cuts]) cut()
  }
}
