// The MCP servers behind the gateway: each a stdio process with an MCP client on its pipes, started
// (after a github/ server's clone and install) before the gateway answers, so a server that cannot
// start fails the `mcp-gateway` command with its own words instead of a gateway with tools missing.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { ServerLaunch } from './catalog.js'

export type Backend = Readonly<{ name: string; client: Client; close(): Promise<void> }>

export type BackendOptions = Readonly<{
  /** The environment every server starts from (the launch's own env goes on top). */
  env: Readonly<Record<string, string>>
  /** Each server's stderr, line by line (the gateway's log). */
  log(name: string, line: string): void
  /** Clone plus install, and the MCP handshake, each. */
  prepareTimeoutMs: number
  startTimeoutMs: number
}>

export class BackendStartError extends Error {}

const TAIL_BYTES = 2048

function tail(text: string): string {
  const t = text.trim()
  return t.length > TAIL_BYTES ? `…${t.slice(-TAIL_BYTES)}` : t
}

function run(file: string, args: string[], opts: { cwd?: string; env: Record<string, string>; timeoutMs: number }) {
  return new Promise<void>((resolve, reject) => {
    execFile(
      file,
      args,
      { cwd: opts.cwd, env: opts.env, timeout: opts.timeoutMs, maxBuffer: 16 << 20 },
      (err, stdout, stderr) => {
        if (!err) return resolve()
        const why = err.killed ? `timed out after ${opts.timeoutMs} ms` : `exit ${err.code ?? err.signal}`
        reject(new Error(`${why}: ${tail(`${stderr}\n${stdout}`) || err.message}`))
      },
    )
  })
}

async function prepare(launch: ServerLaunch, env: Record<string, string>, timeoutMs: number): Promise<void> {
  if (!launch.cwd) return
  // A repository already there (a template that cloned it, an earlier start) is used as it is.
  if (launch.clone && !existsSync(launch.cwd)) {
    await mkdir(dirname(launch.cwd), { recursive: true })
    await run('git', ['clone', '--depth', '1', '--', launch.clone.url, launch.cwd], { env, timeoutMs }).catch((e) => {
      throw new BackendStartError(`MCP server '${launch.name}': git clone ${launch.clone?.url} failed (${e.message})`)
    })
  }
  if (launch.installCmd)
    await run('/bin/bash', ['-c', launch.installCmd], { cwd: launch.cwd, env, timeoutMs }).catch((e) => {
      throw new BackendStartError(`MCP server '${launch.name}': installCmd failed (${e.message})`)
    })
}

/** Starts one server and completes MCP's handshake with it; a BackendStartError says why not. */
export async function startBackend(launch: ServerLaunch, opts: BackendOptions): Promise<Backend> {
  const env = { ...opts.env, ...launch.env }
  await prepare(launch, env, opts.prepareTimeoutMs)
  const transport = new StdioClientTransport({
    command: launch.command,
    args: [...launch.args],
    env,
    ...(launch.cwd ? { cwd: launch.cwd } : {}),
    stderr: 'pipe',
  })
  let stderr = ''
  let partial = ''
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-TAIL_BYTES * 2)
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) opts.log(launch.name, line)
  })
  const client = new Client({ name: 'sandock-mcp-gateway', version: '1.0.0' })
  try {
    await client.connect(transport, { timeout: opts.startTimeoutMs })
  } catch (e) {
    await client.close().catch(() => undefined)
    const said = tail(stderr)
    throw new BackendStartError(
      `MCP server '${launch.name}' did not start: ${(e as Error).message}${said ? `; it wrote: ${said}` : ''}`,
    )
  }
  return { name: launch.name, client, close: () => client.close() }
}
