#!/usr/bin/env node
// The one `sandock` binary: dispatches subcommands (`serve`, `envd`, `interpreter`, and the cluster's `control` and `node`).
import { dirname } from 'node:path'
import { loadEnvd } from './envd-loader.js'
import { ConfigError } from './shared/config.js'
import { ENVD_VERSION } from './shared/envd.js'

const USAGE = `Usage: sandock <command> [options]

Commands:
  serve      run the control API (E2B-compatible) and the sandbox proxy (one host)
  control    run a cluster control replica: the API and the proxy's edge over node agents
  node       run a cluster node agent: this machine's sandboxes, builds and proxy
  envd       run the in-sandbox daemon (filesystem and process RPCs, /files)
  interpreter  run the code-interpreter server (@e2b/code-interpreter, port 49999)
  templates build-builtin [name ...]
             build the built-in template images ahead of time (base, code-interpreter-v1, desktop)
  version    print versions

Run "sandock <command> --help" for a command's options.
`

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  switch (command) {
    case 'envd': {
      const envd = await loadEnvd(process.argv[1] ? dirname(process.argv[1]) : undefined)
      return envd.runEnvd(rest)
    }
    case 'envd-cache-check': {
      // Internal: whether a fresh process's V8 takes envd's code cache (the base image's build and
      // the tests ask; a rejected cache makes every sandbox's start compile envd again).
      const envd = await loadEnvd(process.argv[1] ? dirname(process.argv[1]) : undefined)
      process.stdout.write(envd.cacheAccepted ? 'accepted\n' : 'rejected\n')
      return envd.cacheAccepted ? 0 : 1
    }
    case 'warm-envd': {
      // Internal: the base image's build fills envd's code cache with this (src/warm-envd.ts).
      const envd = await loadEnvd(process.argv[1] ? dirname(process.argv[1]) : undefined)
      const { warmEnvd } = await import('./warm-envd.js')
      await warmEnvd(envd)
      process.exit(0)
    }
    case 'interpreter': {
      const { INTERPRETER_USAGE, loadInterpreterConfig } = await import('./interpreter/config.js')
      if (rest.includes('--help')) {
        process.stdout.write(INTERPRETER_USAGE)
        return 0
      }
      const { startInterpreter } = await import('./interpreter/main.js')
      await startInterpreter(loadInterpreterConfig(rest), process.argv[1]!)
      return -1
    }
    case 'interpreter-kernel': {
      // Internal: a Node kernel process of the interpreter (JavaScript, or TypeScript with `ts`).
      const { runNodeKernel } = await import('./interpreter/node-kernel/runner.js')
      runNodeKernel(rest[0] === 'ts')
      return -1
    }
    case 'serve': {
      if (rest.includes('--help')) {
        process.stdout.write('Usage: sandock serve\n\nConfigured by SANDOCK_* environment variables (see README).\n')
        return 0
      }
      const { loadControlConfig } = await import('./control/config.js')
      const { startControl } = await import('./control/main.js')
      const control = await startControl(loadControlConfig())
      onSignals(() => control.close())
      return -1
    }
    case 'control':
    case 'node': {
      if (rest.includes('--help')) {
        process.stdout.write(`Usage: sandock ${command}\n\nA Docker Swarm cluster's ${command === 'control' ? 'control replica' : 'node agent'}, configured by SANDOCK_* environment variables (see README, "Cluster").\n`)
        return 0
      }
      const { loadControlConfig } = await import('./control/config.js')
      const { loadClusterConfig } = await import('./control/cluster/config.js')
      const config = loadControlConfig()
      const cluster = loadClusterConfig(process.env, command)
      const running = command === 'control'
        ? await (await import('./control/cluster/control.js')).startClusterControl(config, cluster)
        : await (await import('./control/cluster/node-agent.js')).startNodeAgent(config, cluster)
      onSignals(() => running.close())
      return -1
    }
    case 'templates': {
      const { BUILD_BUILTIN_USAGE, buildBuiltins } = await import('./control/build-builtins.js')
      if (rest[0] !== 'build-builtin' || rest.includes('--help')) {
        process.stdout.write(BUILD_BUILTIN_USAGE)
        return rest.includes('--help') ? 0 : 2
      }
      const { loadControlConfig } = await import('./control/config.js')
      return buildBuiltins(loadControlConfig(), rest.slice(1))
    }
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

/**
 * SIGTERM/SIGINT: close (sandboxes keep running; the next start re-attaches), exit within 8 s:
 * time for a warm-pool boot caught in Docker's create/start to be removed on a loaded host, and
 * still before the 10 s after which Docker, Compose or a service manager sends SIGKILL.
 */
function onSignals(close: () => Promise<void>): void {
  let closing = false
  const shutdown = () => {
    if (closing) return
    closing = true
    const force = setTimeout(() => process.exit(0), 8000)
    force.unref()
    void close().finally(() => process.exit(0))
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)
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
