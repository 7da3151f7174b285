// `mcp-gateway`, the command of the `mcp-gateway` template (E2B's name and arguments): the SDK's
// create runs `mcp-gateway --config '<json>'` as root with GATEWAY_ACCESS_TOKEN, and waits for it
// to exit. So the command checks the configuration, starts the gateway as a daemon (`serve`, its own
// session, output to the log file) and exits 0 once the gateway serves every server on :50005, or 1
// with the reason on stderr (the SDK then kills the sandbox: "Failed to start MCP gateway: …").
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { closeSync, openSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { type Backend, startBackend } from './backends.js'
import { createAggregate } from './aggregate.js'
import { checkPullable, McpConfigError, parseMcpConfig } from './catalog.js'
import { type GatewayPaths, gatewayPaths } from './paths.js'
import { startGatewayHttp } from './http.js'

const USAGE = `Usage: mcp-gateway --config '<json>'   start the MCP gateway on :50005 (Bearer $GATEWAY_ACCESS_TOKEN)
       mcp-gateway pull <server>...      check that servers of the catalog are in this image
`

function fail(message: string): number {
  process.stderr.write(`mcp-gateway: ${message}\n`)
  return 1
}

/** Ends the gateway an earlier `--config` started, so a second start replaces it. */
async function stopPrevious(paths: GatewayPaths): Promise<void> {
  let pid: number
  try {
    pid = Number(readFileSync(paths.pidFile, 'utf8'))
  } catch {
    return
  }
  try {
    process.kill(-pid, 'SIGTERM')
  } catch {
    return
  }
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 50))
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
  }
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {}
}

async function launch(json: string, paths: GatewayPaths, entry: string): Promise<number> {
  try {
    parseMcpConfig(json, paths.catalog)
  } catch (e) {
    if (e instanceof McpConfigError) return fail(e.message)
    throw e
  }
  await stopPrevious(paths)
  await mkdir(paths.dir, { recursive: true, mode: 0o700 })
  // Root's alone: the servers' keys are in the configuration, the token opens the gateway.
  writeFileSync(paths.configFile, json, { mode: 0o600 })
  writeFileSync(paths.tokenFile, process.env.GATEWAY_ACCESS_TOKEN || randomUUID(), { mode: 0o600 })
  const logFd = openSync(paths.logFile, 'a', 0o600)
  const { GATEWAY_ACCESS_TOKEN: _, ...env } = process.env
  const child = spawn(process.execPath, [entry, 'serve'], {
    detached: true,
    stdio: ['ignore', logFd, logFd, 'pipe'],
    env,
  })
  closeSync(logFd)
  const answer = await new Promise<string>((resolve) => {
    const lines = createInterface({ input: child.stdio[3] as NodeJS.ReadableStream })
    lines.once('line', resolve)
    child.once('exit', (code, signal) => resolve(`the gateway exited (${code ?? signal}); see ${paths.logFile}`))
  })
  child.unref()
  ;(child.stdio[3] as NodeJS.ReadableStream & { destroy(): void }).destroy()
  if (answer !== 'ready') return fail(answer)
  process.stdout.write(`MCP gateway on :${paths.port}/mcp\n`)
  return 0
}

async function serve(paths: GatewayPaths): Promise<number> {
  // The launcher waits on fd 3; once it is gone (killed by the command's timeout) nobody reads it.
  const report = (line: string) => {
    try {
      writeFileSync(3, `${line}\n`)
      if (line === 'ready') closeSync(3)
    } catch {}
  }
  const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`)
  const json = await readFile(paths.configFile, 'utf8')
  unlinkSync(paths.configFile)
  const token = (await readFile(paths.tokenFile, 'utf8')).trim()
  const { GATEWAY_ACCESS_TOKEN: _, ...env } = process.env as Record<string, string>
  const launches = parseMcpConfig(json, paths.catalog)
  const started = await Promise.allSettled(
    launches.map((l) =>
      startBackend(l, {
        env,
        log: (name, line) => log(`[${name}] ${line}`),
        prepareTimeoutMs: 10 * 60_000,
        startTimeoutMs: 60_000,
      }),
    ),
  )
  const backends = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  const failed = started.flatMap((s) => (s.status === 'rejected' ? [(s.reason as Error).message] : []))
  const closeAll = () => Promise.allSettled(backends.map((b: Backend) => b.close()))
  if (failed.length) {
    await closeAll()
    report(failed.join('; '))
    return 1
  }
  const aggregate = createAggregate(backends)
  const http = await startGatewayHttp({ host: '0.0.0.0', port: paths.port, token, aggregate, log }).catch(async (e) => {
    await closeAll()
    report(`cannot listen on :${paths.port}: ${(e as Error).message}`)
    return undefined
  })
  if (!http) return 1
  writeFileSync(paths.pidFile, String(process.pid))
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      http.close()
      rmSync(paths.pidFile, { force: true })
      void closeAll().then(() => process.exit(0))
    })
  log(`serving ${backends.map((b) => b.name).join(', ') || 'no servers'} on :${paths.port}/mcp`)
  report('ready')
  return -1
}

/** Exit code, or -1 while the gateway serves. */
export async function mcpGatewayMain(args: readonly string[], entry: string, env = process.env): Promise<number> {
  const paths = gatewayPaths(env)
  if (args[0] === 'serve') return serve(paths)
  if (args[0] === 'pull') {
    try {
      checkPullable(args.slice(1))
      return 0
    } catch (e) {
      if (e instanceof McpConfigError) return fail(e.message)
      throw e
    }
  }
  const at = args.indexOf('--config')
  const json = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--config='))?.slice('--config='.length)
  if (json === undefined) {
    process.stdout.write(USAGE)
    return args.includes('--help') ? 0 : 2
  }
  return launch(json, paths, entry)
}
