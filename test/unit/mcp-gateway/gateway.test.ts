// The gateway in front of real MCP servers (the pinned reference servers, run from node_modules as
// the template runs their bundles) with the official MCP client over HTTP: tools of every server,
// calls routed to the server that listed the name, clashing names kept apart, the token, and a
// server that cannot start named with what it wrote.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { createAggregate } from '../../../src/mcp-gateway/aggregate.js'
import { type Backend, BackendStartError, startBackend } from '../../../src/mcp-gateway/backends.js'
import { parseMcpConfig } from '../../../src/mcp-gateway/catalog.js'
import { startGatewayHttp } from '../../../src/mcp-gateway/http.js'

const MODULES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'node_modules', '@modelcontextprotocol')
const PACKAGES: Record<string, string> = { memory: 'server-memory', sequentialthinking: 'server-sequential-thinking' }
const TOKEN = 'test-token'
const opts = {
  env: { PATH: process.env.PATH ?? '' },
  log: () => undefined,
  prepareTimeoutMs: 30_000,
  startTimeoutMs: 30_000,
}

let dir: string
let backends: Backend[]
let http: Server
let url: URL

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-gateway-'))
  const launches = parseMcpConfig(JSON.stringify({ memory: {}, sequentialthinking: {} }), {
    node: process.execPath,
    serverEntry: (name) => join(MODULES, PACKAGES[name]!, 'dist', 'index.js'),
    memoryFile: join(dir, 'memory.jsonl'),
    githubDir: join(dir, 'github'),
  })
  // The same memory server twice, under another name: its tools clash with the first's.
  launches.push({ ...launches[0]!, name: 'memory2', env: { MEMORY_FILE_PATH: join(dir, 'memory2.jsonl') } })
  backends = await Promise.all(launches.map((l) => startBackend(l, opts)))
  http = await startGatewayHttp({
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    aggregate: createAggregate(backends),
    log: () => undefined,
  })
  url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`)
}, 60_000)

afterAll(async () => {
  http?.close()
  await Promise.all((backends ?? []).map((b) => b.close()))
  await rm(dir, { recursive: true, force: true })
})

async function connect(token = TOKEN): Promise<Client> {
  const client = new Client({ name: 'test', version: '1' })
  await client.connect(
    new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  )
  return client
}

describe('the gateway', () => {
  it("lists every server's tools, the second of a clashing name under its server's name, and routes calls", async () => {
    const client = await connect()
    const names = (await client.listTools()).tools.map((t) => t.name)
    expect(names).toContain('sequentialthinking')
    expect(names).toContain('create_entities')
    expect(names).toContain('memory2_create_entities')
    expect(names.filter((n) => n === 'create_entities')).toHaveLength(1)
    await client.callTool({
      name: 'memory2_create_entities',
      arguments: { entities: [{ name: 'only-in-2', entityType: 't', observations: [] }] },
    })
    const first = await client.callTool({ name: 'read_graph', arguments: {} })
    const second = await client.callTool({ name: 'memory2_read_graph', arguments: {} })
    expect(JSON.stringify(first)).not.toContain('only-in-2')
    expect(JSON.stringify(second)).toContain('only-in-2')
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow("no tool 'nope' on this gateway")
    await client.close()
  })

  it('refuses a wrong token, other paths and methods', async () => {
    await expect(connect('wrong')).rejects.toThrow(/missing or wrong access token/)
    const post = (path: string, headers: Record<string, string> = {}) =>
      fetch(new URL(path, url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      })
    expect((await post('/mcp')).status).toBe(401)
    expect((await post('/mcp', { authorization: `Bearer ${TOKEN}x` })).status).toBe(401)
    expect((await post('/other', { authorization: `Bearer ${TOKEN}` })).status).toBe(404)
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405)
    expect((await fetch(new URL('/health', url))).status).toBe(200)
  })

  it('names a server that cannot start, with what it wrote', async () => {
    const launch = {
      name: 'broken',
      command: process.execPath,
      args: ['-e', 'console.error("missing API key"); process.exit(2)'],
      env: {},
    }
    const err = await startBackend(launch, opts).catch((e) => e)
    expect(err).toBeInstanceOf(BackendStartError)
    expect(err.message).toMatch(/^MCP server 'broken' did not start: .*; it wrote: missing API key/)
  })

  it('names a github/ server whose install fails', async () => {
    const launch = {
      name: 'github/a/b',
      command: '/bin/bash',
      args: ['-c', 'true'],
      env: {},
      cwd: dir,
      installCmd: 'echo nope >&2; exit 4',
    }
    const err = await startBackend(launch, opts).catch((e) => e)
    expect(err.message).toMatch(/^MCP server 'github\/a\/b': installCmd failed \(exit 4: (.|\n)*nope\)$/)
  })
})
