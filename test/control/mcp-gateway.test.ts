// E2B's MCP gateway: `Sandbox.create({ mcp })` of the official SDK starts the built-in
// `mcp-gateway` template and runs `mcp-gateway --config …` in it; an MCP client (the official
// @modelcontextprotocol/sdk, as E2B's docs use it) then reaches every configured server through
// the gateway on port 50005 with the sandbox's MCP token. Servers of the catalog, a github/ server
// (its repository placed where the gateway clones to: this machine reaches no GitHub), the errors
// a bad configuration gets, and who may read the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Sandbox, Template } from 'e2b'
import { ensureBuiltinImage, IMAGE_BUILD_TIMEOUT_MS } from '../support/builtin-images.js'
import { killQuietly, printServerLogsOnFailure, viaProxy } from '../support/control-sdk.js'
import { sdkOpts, sharedServer, trackSandbox } from '../support/control-server.js'

printServerLogsOnFailure()

const PORT = 50005
let sbx: Sandbox
let token: string

async function mcpClient(sandboxId: string, accessToken: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${sharedServer().sandboxUrl}/mcp`), {
    requestInit: {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        'E2b-Sandbox-Id': sandboxId,
        'E2b-Sandbox-Port': String(PORT),
      },
    },
  })
  const client = new Client({ name: 'sandock-test', version: '1.0.0' })
  await client.connect(transport)
  return client
}

const text = (r: unknown) =>
  ((r as { content: { type: string; text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n')

beforeAll(async () => {
  await ensureBuiltinImage('mcp-gateway')
  sbx = await Sandbox.create({
    ...sdkOpts(),
    timeoutMs: 10 * 60_000,
    mcp: { memory: {}, filesystem: { paths: ['/home/user'] } },
  })
  trackSandbox(sharedServer(), sbx.sandboxId)
  token = (await sbx.getMcpToken()) as string
}, IMAGE_BUILD_TIMEOUT_MS)

afterAll(async () => {
  await killQuietly(sbx?.sandboxId)
})

describe('Sandbox.create({ mcp }) with servers of the catalog', () => {
  it("serves every configured server's tools through one gateway, and calls reach them", async () => {
    expect(token).toMatch(/^[0-9a-f-]{36}$/)
    const client = await mcpClient(sbx.sandboxId, token)
    try {
      const names = (await client.listTools()).tools.map((t) => t.name)
      expect(names).toEqual(
        expect.arrayContaining(['create_entities', 'read_graph', 'list_directory', 'read_text_file']),
      )
      await client.callTool({
        name: 'create_entities',
        arguments: { entities: [{ name: 'sandock', entityType: 'project', observations: ['runs E2B sandboxes'] }] },
      })
      expect(text(await client.callTool({ name: 'read_graph', arguments: {} }))).toContain('runs E2B sandboxes')
      await sbx.files.write('/home/user/notes.txt', 'written by the SDK')
      const read = await client.callTool({ name: 'read_text_file', arguments: { path: '/home/user/notes.txt' } })
      expect(text(read)).toBe('written by the SDK')
      // The filesystem server keeps to the paths it was given.
      const outside = await client.callTool({ name: 'read_text_file', arguments: { path: '/etc/mcp-gateway/.token' } })
      expect(outside.isError).toBe(true)
      expect(text(outside)).not.toContain(token)
      await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/no tool 'no_such_tool'/)
    } finally {
      await client.close()
    }
  })

  it("answers 401 without the sandbox's MCP token, and the token is root's alone", async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
    for (const auth of [undefined, 'Bearer wrong', `Basic ${token}`]) {
      const r = await viaProxy(sbx.sandboxId, PORT, {
        method: 'POST',
        path: '/mcp',
        body,
        headers: auth ? { ...headers, authorization: auth } : headers,
      })
      expect(r.status).toBe(401)
      expect(r.text).not.toContain('create_entities')
    }
    const asUser = await sbx.commands.run('cat /etc/mcp-gateway/.token', { user: 'user' }).catch((e) => e)
    expect(asUser.exitCode).not.toBe(0)
    // The token stays out of the gateway's environment, so its servers never see it.
    const environ = await sbx.commands.run('cat /proc/$(cat /etc/mcp-gateway/gateway.pid)/environ | tr "\\0" "\\n"', {
      user: 'root',
    })
    expect(environ.stdout).toContain('PATH=')
    expect(environ.stdout).not.toContain('GATEWAY_ACCESS_TOKEN')
  })
})

describe("the mcp option's errors", () => {
  it("fails the create with the gateway's reason and leaves no sandbox behind (as E2B's own test)", async () => {
    const metadata = { mcpGatewayTest: crypto.randomUUID() }
    const err = await Sandbox.create({ ...sdkOpts(), metadata, mcp: { invalid_server: {} } as never }).catch((e) => e)
    expect(err).toBeInstanceOf(Error)
    expect(err.message).toContain('Failed to start MCP gateway')
    expect(err.message).toContain("unknown MCP server 'invalid_server'")
    const left = await Sandbox.list({ ...sdkOpts(), query: { state: ['running', 'paused'], metadata } }).nextItems()
    expect(left).toEqual([])
  })

  it("names what is wrong in a server's settings", async () => {
    const run = (config: unknown) =>
      sbx.commands.run(`mcp-gateway --config '${JSON.stringify(config)}'`, { user: 'root' }).catch((e) => e)
    const fs = await run({ filesystem: {} })
    expect(fs.exitCode).toBe(1)
    expect(fs.stderr).toContain("'filesystem' needs 'paths'")
    const gh = await run({ 'github/acme/tool': { installCmd: 'true' } })
    expect(gh.stderr).toContain("'github/acme/tool' needs 'runCmd'")
    expect((await run([1])).stderr).toContain('must be an object of servers')
    // A rejected configuration leaves the running gateway as it was.
    const client = await mcpClient(sbx.sandboxId, token)
    expect((await client.listTools()).tools.length).toBeGreaterThan(0)
    await client.close()
  })
})

// A stdio MCP server in a few lines of Python (the repository a github/ server would clone):
// one tool that says what the installCmd left and which environment the server got.
const FIXTURE_SERVER = `
import json, os, sys
for line in sys.stdin:
    msg = json.loads(line)
    if 'id' not in msg:
        continue
    m = msg['method']
    if m == 'initialize':
        result = {'protocolVersion': msg['params']['protocolVersion'], 'capabilities': {'tools': {}}, 'serverInfo': {'name': 'fixture', 'version': '1'}}
    elif m == 'tools/list':
        result = {'tools': [{'name': 'whoami', 'inputSchema': {'type': 'object'}}]}
    elif m == 'tools/call':
        said = '%s|%s|%s' % (open('installed.txt').read().strip(), os.environ.get('GREETING'), 'GATEWAY_ACCESS_TOKEN' in os.environ)
        result = {'content': [{'type': 'text', 'text': said}]}
    else:
        result = {}
    print(json.dumps({'jsonrpc': '2.0', 'id': msg['id'], 'result': result}), flush=True)
`

describe('github/ servers', () => {
  it("installs and runs a repository's stdio server with its envs, and a server that dies names why", async () => {
    const own = await Sandbox.create('mcp-gateway', { ...sdkOpts(), timeoutMs: 5 * 60_000 })
    trackSandbox(sharedServer(), own.sandboxId)
    try {
      await own.files.write('/opt/mcp-gateway/github/acme/fixture/server.py', FIXTURE_SERVER, { user: 'root' })
      const config = {
        'github/acme/fixture': {
          installCmd: 'echo installed > installed.txt',
          runCmd: 'python3 server.py',
          envs: { GREETING: 'hello' },
        },
      }
      const started = await own.commands.run(`mcp-gateway --config '${JSON.stringify(config)}'`, {
        user: 'root',
        envs: { GATEWAY_ACCESS_TOKEN: 'fixture-token' },
      })
      expect(started.exitCode).toBe(0)
      const client = await mcpClient(own.sandboxId, 'fixture-token')
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['whoami'])
      expect(text(await client.callTool({ name: 'whoami', arguments: {} }))).toBe('installed|hello|False')
      await client.close()

      const dies = { 'github/acme/fixture': { runCmd: 'echo "no such module: mcp" >&2; exit 3' } }
      const failed = await own.commands
        .run(`mcp-gateway --config '${JSON.stringify(dies)}'`, { user: 'root' })
        .catch((e) => e)
      expect(failed.exitCode).toBe(1)
      expect(failed.stderr).toContain("MCP server 'github/acme/fixture' did not start")
      expect(failed.stderr).toContain('no such module: mcp')
      const pull = await own.commands.run('mcp-gateway pull exa', { user: 'root' }).catch((e) => e)
      expect(pull.exitCode).toBe(1)
      expect(pull.stderr).toContain("unknown MCP server 'exa'")
      expect((await own.commands.run('mcp-gateway pull memory filesystem', { user: 'root' })).exitCode).toBe(0)
    } finally {
      await killQuietly(own.sandboxId)
    }
  })
})

describe("Template().fromTemplate('mcp-gateway')", () => {
  it("builds with addMcpServer for the catalog's servers, starts its gateway from the create, and refuses others", async () => {
    const server = sharedServer()
    const name = `mcp-derived-${Date.now().toString(36)}`
    const build = (tpl: Parameters<typeof Template.build>[0], alias: string) =>
      Template.build(tpl, alias, { apiKey: server.apiKey, apiUrl: server.apiUrl })
    await build(Template().fromTemplate('mcp-gateway').addMcpServer(['memory']).aptInstall(['jq']), name)
    const own = await Sandbox.create(name, { ...sdkOpts(), mcp: { memory: {} } })
    trackSandbox(server, own.sandboxId)
    try {
      expect((await own.commands.run('jq --version')).exitCode).toBe(0)
      const client = await mcpClient(own.sandboxId, (await own.getMcpToken()) as string)
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('read_graph')
      await client.close()
    } finally {
      await killQuietly(own.sandboxId)
    }
    const refused = await build(Template().fromTemplate('mcp-gateway').addMcpServer(['exa']), `${name}-exa`).catch(
      (e) => e,
    )
    expect(refused).toBeInstanceOf(Error)
    expect(String(refused.message)).toContain("failed to run command 'mcp-gateway pull exa'")
  })
})
