// What the proxy learns from http-proxy's events about each exchange (its upstream request, whether
// the sandbox answered, an upgraded socket), and the breaks it passes on: an upstream that dies
// mid-response breaks the client's response too.
import http from 'node:http'
import type { ProxyServer } from 'http-proxy-3'
import type { Logger } from 'pino'
import type { ExchangeTracker } from './proxy-exchanges.js'
import { coalesceStreamedWrites } from './coalesce-writes.js'

/** Wires `proxy`'s events to the exchanges they belong to. */
export function trackExchanges(proxy: ProxyServer, exchanges: ExchangeTracker, log: Logger): void {
  proxy.on('proxyReq', (proxyReq, req) => {
    const ex = exchanges.of(req)
    if (ex) ex.upstreamReq = proxyReq
  })
  // An upstream that dies mid-response must break the client's response too: piping alone would leave it hanging.
  proxy.on('proxyRes', (proxyRes, req, res) => {
    const ex = exchanges.of(req)
    if (ex) ex.responded = true
    proxyRes.once('close', () => {
      if (!proxyRes.complete) res.destroy()
    })
    // compat: a streamed response's headers go out at once, not with its first body byte (Node
    // holds them until then). The code interpreter's /execute relies on it: the SDK's request
    // timer stops at the headers. The library copies them onto `res` right after this event.
    if (proxyRes.headers['content-length'] === undefined && res instanceof http.ServerResponse)
      coalesceStreamedWrites(proxyRes, res)
  })
  proxy.on('proxyReqWs', (proxyReq, req) => {
    const ex = exchanges.of(req)
    if (!ex) return
    ex.upstreamReq = proxyReq
    proxyReq.once('response', () => {
      ex.responded = true
    })
    proxyReq.once('upgrade', (_res, socket) => {
      ex.responded = true
      ex.upgraded = true
      ex.upstreamSocket = socket
    })
  })
  // The library emits (rather than calls back) errors of an upgraded client socket.
  proxy.on('error', (err, _req, res) => {
    log.debug({ err }, 'proxied socket failed')
    if (!(res instanceof http.ServerResponse)) res.destroy()
  })
}
