#!/usr/bin/env node
// The one `sandock` binary: dispatches each subcommand to its entry in src/commands/.
// envd's command is imported statically: a sandbox's start should not wait for another chunk.
import { envdCommand } from './commands/envd.js'
import { ConfigError } from './shared/config.js'
import { ENVD_VERSION } from './shared/envd.js'

const USAGE = `Usage: sandock <command> [options]

Commands:
  serve      run the control API (E2B-compatible) and the sandbox proxy (one host)
  control    run a cluster control replica: the API and the proxy's edge over node agents
  node       run a cluster node agent: this machine's sandboxes, builds and proxy
  node list|cordon|uncordon|drain <nodeId>
             an operator's node commands, inside a control replica (drain moves paused sandboxes)
  cluster init [--out DIR]
             make the cluster CA (mutual TLS between control and node agents)
  pg-relay   forward a Unix socket to the cluster's PostgreSQL (a node agent's way to it)
  envd       run the in-sandbox daemon (filesystem and process RPCs, /files)
  interpreter  run the code-interpreter server (@e2b/code-interpreter, port 49999)
  templates build-builtin [name ...]
             build the built-in template images ahead of time (base, code-interpreter-v1, desktop, mcp-gateway)
  access-token create|list|revoke
             access tokens for E2B's CLI (e2b auth login), on the data dir
  version    print versions

Run "sandock <command> --help" for a command's options.
`

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  switch (command) {
    case 'envd':
    case 'envd-cache-check':
    case 'warm-envd':
      return envdCommand(command, rest, process.argv[1])
    case 'interpreter':
    case 'interpreter-kernel':
      return (await import('./commands/interpreter.js')).interpreterCommand(command, rest, process.argv[1]!)
    case 'serve':
      return (await import('./commands/serve.js')).serveCommand(rest)
    case 'control':
      return (await import('./commands/control.js')).controlCommand(rest)
    case 'node':
      return (await import('./commands/node.js')).nodeCommand(rest)
    case 'cluster':
      return (await import('./commands/cluster.js')).clusterCommand(rest)
    case 'pg-relay':
      return (await import('./commands/pg-relay.js')).pgRelayCommand(rest)
    case 'templates':
      return (await import('./commands/build-builtins.js')).templatesCommand(rest)
    case 'access-token':
      return (await import('./commands/access-token.js')).accessTokenCommand(rest)
    case 'version':
    case '--version':
      process.stdout.write(`envd ${ENVD_VERSION}\n`)
      return 0
    case undefined:
    case '--help':
    case 'help':
      process.stdout.write(USAGE)
      return command === undefined ? 2 : 0
    default:
      process.stderr.write(`sandock: unknown command "${command}"\n\n${USAGE}`)
      return 2
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code
  },
  (err: unknown) => {
    if (err instanceof ConfigError || (err as { code?: string })?.code?.startsWith?.('ERR_PARSE_ARGS')) {
      process.stderr.write(`sandock: ${(err as Error).message}\n`)
      process.exitCode = 2
    } else {
      process.stderr.write(`sandock: ${(err as Error)?.stack ?? String(err)}\n`)
      process.exitCode = 1
    }
  },
)
