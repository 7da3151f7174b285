// `sandock warm-envd` (internal; docker/base.Dockerfile runs it once while the base image is
// built): starts envd from its bundle on a loopback port, does what a cold sandbox does up to its
// first command (/health, /init, a command, /metrics) and writes V8's code cache for all of it
// (src/commands/envd-loader.ts), then checks that a fresh process takes it. Anything that fails, fails the
// image build.
import { spawnSync } from 'node:child_process'
import type { LoadedEnvd } from './envd-loader.js'

const PORT = 50983

async function ask(path: string, init?: RequestInit): Promise<Buffer> {
  const res = await fetch(`http://127.0.0.1:${PORT}${path}`, init)
  const body = Buffer.from(await res.arrayBuffer())
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.toString()}`)
  return body
}

/** One Connect server-stream request body: an envelope (flags, big-endian length) of JSON. */
function envelope(msg: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(msg))
  const head = Buffer.alloc(5)
  head.writeUInt32BE(json.length, 1)
  return Buffer.concat([head, json])
}

export async function warmEnvd(envd: LoadedEnvd): Promise<void> {
  await envd.runEnvd(['--host', '127.0.0.1', '--port', String(PORT), '--log-level', 'warn'])
  await ask('/health')
  await ask('/init', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
  const out = await ask('/process.Process/Start', {
    method: 'POST',
    headers: { 'content-type': 'application/connect+json' },
    body: envelope({ process: { cmd: '/bin/true' }, stdin: false }),
  })
  if (!out.toString().includes('"end"')) throw new Error(`the command did not end: ${out.toString()}`)
  await ask('/metrics')
  if (!envd.saveCodeCache()) throw new Error('envd is not bundled here: there is no code cache to write')
  // A cache this process takes may still be refused by a fresh one (V8 checks the flags it was
  // written under): ask one, as a sandbox's start would load it.
  const check = spawnSync(process.execPath, [process.argv[1]!, 'envd-cache-check'], { encoding: 'utf8' })
  if (check.status !== 0)
    throw new Error(`a fresh process does not take envd's code cache: ${(check.stdout + check.stderr).trim()}`)
}
