// Where the `mcp-gateway` template keeps things. The MCP_GATEWAY_* variables exist for tests that
// run the gateway outside a sandbox; a sandbox uses the defaults.
import type { CatalogPaths } from './catalog.js'

export type GatewayPaths = Readonly<{
  /** Root's: the access token (`.token`, read by the SDK's getMcpToken()), the pid, the config while it starts. */
  dir: string
  tokenFile: string
  configFile: string
  pidFile: string
  logFile: string
  port: number
  catalog: CatalogPaths
}>

// compat: the SDK's Sandbox.mcpPort and getMcpToken()'s /etc/mcp-gateway/.token.
export const MCP_GATEWAY_PORT = 50005

export function gatewayPaths(env: NodeJS.ProcessEnv): GatewayPaths {
  const dir = env.MCP_GATEWAY_DIR || '/etc/mcp-gateway'
  const home = env.MCP_GATEWAY_HOME || '/opt/mcp-gateway'
  const servers = env.MCP_GATEWAY_SERVERS || `${home}/servers`
  return {
    dir,
    tokenFile: `${dir}/.token`,
    configFile: `${dir}/config.json`,
    pidFile: `${dir}/gateway.pid`,
    logFile: env.MCP_GATEWAY_LOG || '/var/log/mcp-gateway.log',
    port: Number(env.MCP_GATEWAY_PORT) || MCP_GATEWAY_PORT,
    catalog: {
      node: process.execPath,
      serverEntry: (name) => `${servers}/${name}/index.mjs`,
      memoryFile: env.MCP_GATEWAY_MEMORY_FILE || '/var/lib/mcp-gateway/memory.jsonl',
      githubDir: `${home}/github`,
    },
  }
}
