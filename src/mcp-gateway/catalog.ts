// The `mcp` option of a create, read as E2B's gateway reads it: which MCP servers to start, and
// how. A key is a server of the catalog this template carries (the reference servers E2B's catalog
// names, bundled into the image: nothing is fetched at a create), or `github/<owner>/<repo>` with
// the commands that install and run a stdio server from that repository.

/** One MCP server the gateway starts: a stdio process, after an optional clone and install. */
export type ServerLaunch = Readonly<{
  /** The key of the `mcp` option. */
  name: string
  command: string
  args: readonly string[]
  env: Readonly<Record<string, string>>
  cwd?: string
  /** github/ servers: the repository cloned into `cwd` unless it is there already. */
  clone?: Readonly<{ url: string }>
  /** github/ servers: run with bash in `cwd` before the server starts. */
  installCmd?: string
}>

export type CatalogPaths = Readonly<{
  /** Node, which runs the bundled servers. */
  node: string
  /** The bundled server's entry file for a catalog name. */
  serverEntry(name: string): string
  /** Where the memory server keeps its graph. */
  memoryFile: string
  /** Where github/ servers are cloned. */
  githubDir: string
}>

type CatalogEntry = (config: Readonly<Record<string, unknown>>, paths: CatalogPaths) => string[] | string

// compat: the names and settings of E2B's catalog (the SDK's McpServer type), for the servers
// this template bundles. The others of that catalog are Docker images run by Docker's gateway.
const CATALOG: Readonly<Record<string, CatalogEntry>> = {
  filesystem: (config) => {
    const paths = config.paths
    if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string' && p.startsWith('/')))
      return "'filesystem' needs 'paths': a list of absolute directories it may reach"
    return paths as string[]
  },
  memory: () => [],
  sequentialthinking: () => [],
}

export const CATALOG_NAMES: readonly string[] = Object.keys(CATALOG)

const GITHUB_KEY = /^github\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/

export class McpConfigError extends Error {}

function unknownServer(name: string): McpConfigError {
  return new McpConfigError(
    `unknown MCP server '${name}': this gateway runs ${CATALOG_NAMES.join(', ')} and github/<owner>/<repo> servers ` +
      "(E2B's other catalog servers are Docker images, which a Sandock sandbox does not run)",
  )
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function githubLaunch(
  name: string,
  owner: string,
  repo: string,
  value: Record<string, unknown>,
  paths: CatalogPaths,
): ServerLaunch {
  if (owner === '.' || owner === '..' || repo === '.' || repo === '..') throw unknownServer(name)
  const { runCmd, installCmd, envs } = value
  if (typeof runCmd !== 'string' || runCmd.trim() === '')
    throw new McpConfigError(`'${name}' needs 'runCmd': the command that starts a stdio MCP server`)
  if (installCmd !== undefined && typeof installCmd !== 'string')
    throw new McpConfigError(`'${name}': 'installCmd' must be a string`)
  if (envs !== undefined && (!isRecord(envs) || !Object.values(envs).every((v) => typeof v === 'string')))
    throw new McpConfigError(`'${name}': 'envs' must map names to strings`)
  return {
    name,
    command: '/bin/bash',
    args: ['-c', runCmd],
    env: (envs ?? {}) as Record<string, string>,
    cwd: `${paths.githubDir}/${owner}/${repo}`,
    clone: { url: `https://github.com/${owner}/${repo}.git` },
    ...(installCmd?.trim() ? { installCmd } : {}),
  }
}

/** The servers of an `mcp` option, as JSON text; a McpConfigError names what is wrong. */
export function parseMcpConfig(json: string, paths: CatalogPaths): ServerLaunch[] {
  let config: unknown
  try {
    config = JSON.parse(json)
  } catch {
    throw new McpConfigError('the MCP configuration is not JSON')
  }
  if (!isRecord(config)) throw new McpConfigError('the MCP configuration must be an object of servers')
  return Object.entries(config).map(([name, value]) => {
    if (!isRecord(value)) throw new McpConfigError(`'${name}': its settings must be an object`)
    const github = GITHUB_KEY.exec(name)
    if (github) return githubLaunch(name, github[1]!, github[2]!, value, paths)
    const entry = Object.hasOwn(CATALOG, name) ? CATALOG[name] : undefined
    if (!entry) throw unknownServer(name)
    const args = entry(value, paths)
    if (typeof args === 'string') throw new McpConfigError(args)
    return {
      name,
      command: paths.node,
      args: [paths.serverEntry(name), ...args],
      env: name === 'memory' ? { MEMORY_FILE_PATH: paths.memoryFile } : {},
    }
  })
}

/** `mcp-gateway pull <name>...` (the SDK's Template.addMcpServer): the catalog's are in the image. */
export function checkPullable(names: readonly string[]): void {
  for (const name of names) if (!Object.hasOwn(CATALOG, name)) throw unknownServer(name)
}
