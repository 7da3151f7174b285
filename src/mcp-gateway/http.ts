// The gateway's HTTP face: MCP's streamable HTTP at /mcp (stateless: a server per request over the
// shared backends), behind the access token the SDK made at create (`Authorization: Bearer`).
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { Aggregate } from './aggregate.js'

export type GatewayHttpOptions = Readonly<{
  host: string
  port: number
  token: string
  aggregate: Aggregate
  log(line: string): void
}>

const digest = (s: string) => createHash('sha256').update(s).digest()

function jsonRpcError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }))
}

function authorized(req: IncomingMessage, expected: Buffer): boolean {
  const header = req.headers.authorization ?? ''
  const m = /^Bearer\s+(.+)$/i.exec(header)
  // Digests of equal length: the comparison takes the same time whatever was sent.
  return m !== null && timingSafeEqual(digest(m[1]!.trim()), expected)
}

/** Listens; resolves once the port is bound. */
export function startGatewayHttp(opts: GatewayHttpOptions): Promise<HttpServer> {
  const expected = digest(opts.token)
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (path === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      return
    }
    if (path !== '/mcp') return jsonRpcError(res, 404, `no ${path} here: the MCP gateway answers at /mcp`)
    if (!authorized(req, expected))
      return jsonRpcError(res, 401, 'missing or wrong access token (Authorization: Bearer <sandbox.getMcpToken()>)', {
        'www-authenticate': 'Bearer',
      })
    // Stateless: no sessions to keep, so no server-initiated stream (GET) and nothing to end (DELETE).
    if (req.method !== 'POST') return jsonRpcError(res, 405, 'this gateway takes POST only', { allow: 'POST' })
    const mcp = opts.aggregate.createServer()
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    res.on('close', () => {
      void transport.close()
      void mcp.close()
    })
    try {
      await mcp.connect(transport)
      await transport.handleRequest(req, res)
    } catch (e) {
      opts.log(`request failed: ${(e as Error).message}`)
      if (!res.headersSent) jsonRpcError(res, 500, 'the gateway failed to answer')
    }
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}
