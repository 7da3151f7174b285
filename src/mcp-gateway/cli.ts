// The `mcp-gateway` program's entry (bundled alone into the mcp-gateway template, not the CLI).
import { mcpGatewayMain } from './main.js'

const code = await mcpGatewayMain(process.argv.slice(2), process.argv[1]!)
if (code >= 0) process.exit(code)
