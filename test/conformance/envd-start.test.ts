// envd's start in the real base image: V8 takes the code cache the image's build wrote for it,
// and what envd's bundle loads while it serves requests (a second envd from
// /opt/sandock/envd.cjs on a spare port inside the conformance container answers a command and a
// ListDir, then reports which of Node's internal modules it has loaded).
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { ENVD_CONTAINER } from '../support/sdk.js'

// No fetch here: the script's own client is node:http, which does not load undici either.
const SCRIPT = `
const http = require('node:http')
const { runEnvd } = require('/opt/sandock/envd.cjs')
const port = 50984
const auth = 'Basic ' + Buffer.from('user:').toString('base64')
const ask = (path, body, type) => new Promise((resolve, reject) => {
  const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': type, authorization: auth } }, (res) => {
    const chunks = []
    res.on('data', (c) => chunks.push(c))
    res.on('end', () => resolve(res.statusCode + ' ' + Buffer.concat(chunks).toString()))
  })
  req.on('error', reject)
  req.end(body)
})
const undici = () => process.moduleLoadList.filter((m) => m.includes('undici'))
;(async () => {
  await runEnvd(['--host', '127.0.0.1', '--port', String(port), '--log-level', 'silent', '--user', 'user'])
  const json = Buffer.from(JSON.stringify({ process: { cmd: '/bin/echo', args: ['ran'] } }))
  const envelope = Buffer.concat([Buffer.alloc(5), json])
  envelope.writeUInt32BE(json.length, 1)
  const command = await ask('/process.Process/Start', envelope, 'application/connect+json')
  const list = await ask('/filesystem.Filesystem/ListDir', JSON.stringify({ path: '/home/user', depth: 1 }), 'application/json')
  const served = undici()
  new Headers()
  console.log(JSON.stringify({ command, list, served, afterGlobalHeaders: undici() }))
  process.exit(0)
})().catch((e) => { console.error(e); process.exit(1) })
`

it("starts with the image's code cache: a fresh process's V8 takes it", async () => {
  // As a sandbox's start loads envd (src/commands/envd-loader.ts); V8 refuses a cache written under other flags.
  const { stdout } = await promisify(execFile)(
    'docker',
    ['exec', ENVD_CONTAINER(), '/opt/sandock/bin/node', '/opt/sandock/sandock.mjs', 'envd-cache-check'],
    { timeout: 30_000 },
  )
  expect(stdout.trim()).toBe('accepted')
})

it("serves Connect requests without loading Node's internal undici (a cold sandbox's first command skips ~35 ms of it)", async () => {
  const { stdout } = await promisify(execFile)(
    'docker',
    ['exec', ENVD_CONTAINER(), '/opt/sandock/bin/node', '-e', SCRIPT],
    { timeout: 30_000 },
  )
  const r = JSON.parse(stdout) as { command: string; list: string; served: string[]; afterGlobalHeaders: string[] }
  expect(r.command).toMatch(/^200 /)
  expect(r.command).toContain(Buffer.from('ran\n').toString('base64'))
  expect(r.command).toContain('"status":"exit status 0"')
  expect(r.list).toMatch(/^200 \{"entries":/)
  expect(r.served).toEqual([])
  // The check itself can fail: Node's global Headers is what loads it.
  expect(r.afterGlobalHeaders).toContain('NativeModule internal/deps/undici/undici')
})
