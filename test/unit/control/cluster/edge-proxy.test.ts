// The edge while the catalog (PostgreSQL) cannot be asked: a sandbox it routed before keeps being
// forwarded to the node the catalog last named (running sandboxes keep serving), one it never
// routed gets a 503 with a body that says why, and once the catalog answers again its answer wins;
// and its own errors as a node proxy gives them (HTML for a browser, JSON for an SDK).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createEdgeProxy, type NodeTarget } from '../../../../src/control/cluster/edge-proxy.js'
import { DatabaseUnavailableError } from '../../../../src/control/cluster/pg.js'
import { createLogger } from '../../../../src/shared/logging.js'

const log = createLogger({ level: 'silent', name: 'unit' })

/** A node proxy that answers with its name and the sandbox asked for. */
async function nodeProxy(name: string): Promise<NodeTarget> {
  const server = http.createServer((req, res) => res.end(`${name}:${req.headers['e2b-sandbox-id']}`))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  onTestFinished(() => new Promise<void>((r) => server.close(() => r())))
  return { nodeId: name, address: '127.0.0.1', proxyPort: (server.address() as AddressInfo).port }
}

describe('the edge without its catalog', () => {
  it('routes a sandbox it knows to its last known node, answers 503 for one it does not, and follows the catalog again', async () => {
    const [n1, n2] = [await nodeProxy('n1'), await nodeProxy('n2')]
    let catalog: Record<string, NodeTarget> | 'down' = { a: n1 }
    const edge = createEdgeProxy({
      domain: 'sandock.test',
      log,
      routeCacheMs: 0, // every request asks the catalog
      locate: async (id) => {
        if (catalog === 'down') throw new DatabaseUnavailableError(new Error('connect ECONNREFUSED'))
        return catalog[id]
      },
    })
    await new Promise<void>((r) => edge.server.listen(0, '127.0.0.1', r))
    onTestFinished(() => edge.close())
    const url = `http://127.0.0.1:${(edge.server.address() as AddressInfo).port}/`
    const get = async (id: string) => {
      const res = await fetch(url, { headers: { 'e2b-sandbox-id': id, 'e2b-sandbox-port': '49983' } })
      return { status: res.status, text: await res.text() }
    }

    expect(await get('a')).toEqual({ status: 200, text: 'n1:a' })
    catalog = 'down'
    expect(await get('a')).toEqual({ status: 200, text: 'n1:a' })
    const b = await get('b')
    expect(b.status).toBe(503)
    expect(JSON.parse(b.text)).toEqual({
      sandboxId: 'b',
      code: 503,
      message: "the cluster's database cannot be reached right now; try again shortly",
    })
    // Back: the catalog's answer wins (the sandbox moved), and a sandbox it no longer has is the usual 502.
    catalog = { a: n2 }
    expect(await get('a')).toEqual({ status: 200, text: 'n2:a' })
    catalog = {}
    expect((await get('a')).status).toBe(502)
    catalog = 'down'
    expect((await get('a')).status).toBe(503)
  })
})

describe("the edge's own errors", () => {
  it('answers a browser with the HTML page a node proxy gives, and an SDK with the JSON body', async () => {
    const edge = createEdgeProxy({ domain: 'sandock.test', log, routeCacheMs: 0, locate: async () => undefined })
    await new Promise<void>((r) => edge.server.listen(0, '127.0.0.1', r))
    onTestFinished(() => edge.close())
    const url = `http://127.0.0.1:${(edge.server.address() as AddressInfo).port}/`
    const headers = { 'e2b-sandbox-id': 'gone', 'e2b-sandbox-port': '8080' }
    const browser = await fetch(url, {
      headers: { ...headers, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' },
    })
    expect(browser.status).toBe(502)
    expect(browser.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await browser.text()).toContain('<title>Sandbox Not Found</title>')
    const sdk = await fetch(url, { headers })
    expect(sdk.status).toBe(502)
    expect(await sdk.json()).toMatchObject({ sandboxId: 'gone', code: 502 })
  })
})
