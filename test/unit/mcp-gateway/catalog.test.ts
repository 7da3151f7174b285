// The `mcp` option as the gateway reads it: catalog servers, github/ servers, and the errors a
// wrong configuration gets (the text the SDK puts after "Failed to start MCP gateway: ").
import { describe, expect, it } from 'vitest'
import { type CatalogPaths, checkPullable, McpConfigError, parseMcpConfig } from '../../../src/mcp-gateway/catalog.js'

const paths: CatalogPaths = {
  node: '/opt/sandock/bin/node',
  serverEntry: (name) => `/srv/${name}/index.mjs`,
  memoryFile: '/var/lib/mcp/memory.jsonl',
  githubDir: '/opt/gh',
}
const parse = (config: unknown) => parseMcpConfig(JSON.stringify(config), paths)
const failure = (config: unknown) => {
  try {
    parse(config)
  } catch (e) {
    expect(e).toBeInstanceOf(McpConfigError)
    return (e as Error).message
  }
  throw new Error('parsed')
}

describe('parseMcpConfig', () => {
  it("starts the catalog's servers from their bundled files with their settings", () => {
    expect(parse({ filesystem: { paths: ['/home/user', '/data'] }, memory: {}, sequentialthinking: {} })).toEqual([
      { name: 'filesystem', command: paths.node, args: ['/srv/filesystem/index.mjs', '/home/user', '/data'], env: {} },
      {
        name: 'memory',
        command: paths.node,
        args: ['/srv/memory/index.mjs'],
        env: { MEMORY_FILE_PATH: paths.memoryFile },
      },
      { name: 'sequentialthinking', command: paths.node, args: ['/srv/sequentialthinking/index.mjs'], env: {} },
    ])
    expect(parse({})).toEqual([])
  })

  it('runs a github/ server in its clone with bash, its install command and envs', () => {
    expect(
      parse({ 'github/acme/tool.js': { runCmd: 'npx -y tool', installCmd: 'npm install', envs: { KEY: 'v' } } }),
    ).toEqual([
      {
        name: 'github/acme/tool.js',
        command: '/bin/bash',
        args: ['-c', 'npx -y tool'],
        env: { KEY: 'v' },
        cwd: '/opt/gh/acme/tool.js',
        clone: { url: 'https://github.com/acme/tool.js.git' },
        installCmd: 'npm install',
      },
    ])
    expect(parse({ 'github/a/b': { runCmd: 'x', installCmd: ' ' } })[0]).not.toHaveProperty('installCmd')
  })

  it('names what is wrong', () => {
    expect(failure({ invalid_server: {} })).toMatch(
      /^unknown MCP server 'invalid_server': this gateway runs filesystem, memory, sequentialthinking/,
    )
    expect(failure({ exa: { apiKey: 'k' } })).toContain("unknown MCP server 'exa'")
    expect(failure({ toString: {} })).toContain("unknown MCP server 'toString'")
    expect(failure({ filesystem: {} })).toContain("'filesystem' needs 'paths'")
    expect(failure({ filesystem: { paths: ['relative'] } })).toContain("'filesystem' needs 'paths'")
    expect(failure({ memory: true })).toBe("'memory': its settings must be an object")
    expect(failure({ 'github/acme/tool': {} })).toContain("needs 'runCmd'")
    expect(failure({ 'github/acme/tool': { runCmd: 'x', installCmd: 1 } })).toContain("'installCmd' must be a string")
    expect(failure({ 'github/acme/tool': { runCmd: 'x', envs: { A: 1 } } })).toContain(
      "'envs' must map names to strings",
    )
    // A key that would leave the clone directory is no github/ server.
    expect(failure({ 'github/../etc': { runCmd: 'x' } })).toContain("unknown MCP server 'github/../etc'")
    expect(failure({ 'github/acme/..': { runCmd: 'x' } })).toContain('unknown MCP server')
    expect(failure({ 'github/acme/a/b': { runCmd: 'x' } })).toContain('unknown MCP server')
    expect(failure([])).toBe('the MCP configuration must be an object of servers')
    expect(() => parseMcpConfig('{', paths)).toThrow('the MCP configuration is not JSON')
  })
})

describe('checkPullable (Template.addMcpServer)', () => {
  it("passes the catalog's servers and refuses the others", () => {
    expect(() => checkPullable(['memory', 'filesystem'])).not.toThrow()
    expect(() => checkPullable(['memory', 'exa'])).toThrow("unknown MCP server 'exa'")
  })
})
