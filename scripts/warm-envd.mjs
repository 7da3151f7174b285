// Fills envd's V8 compile cache (/opt/sandock/compile-cache) while the base image is built
// (docker/base.Dockerfile): starts envd, and Node writes the bytecode V8 compiled when it loaded
// envd.mjs (the top level of every bundled module; functions compiled later, on first call, are
// not in Node's cache). Every later start reads it instead of parsing and compiling that code.
// It also asks /health, /init and one command, so an image whose envd cannot run a command
// fails to build.
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dir = dirname(fileURLToPath(import.meta.url))
const port = 49983 + 1000
const base = `http://127.0.0.1:${port}`
const envd = spawn(join(dir, 'bin', 'node'), [join(dir, 'sandock.mjs'), 'envd', '--host', '127.0.0.1', '--port', String(port), '--log-level', 'warn'], {
  stdio: 'inherit',
})
const exited = new Promise((resolve) => envd.once('exit', (code, signal) => resolve({ code, signal })))

async function ask(path, init) {
  const res = await fetch(base + path, init)
  const body = Buffer.from(await res.arrayBuffer())
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.toString()}`)
  return body
}

try {
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/health`).then((r) => r.status === 204, () => false)) break
    if (i > 300) throw new Error('envd did not answer /health')
    await new Promise((r) => setTimeout(r, 20))
  }
  await ask('/init', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
  // One Connect server-stream call: a 5-byte envelope (flags, big-endian length), then JSON.
  const msg = Buffer.from(JSON.stringify({ process: { cmd: '/bin/true' }, stdin: false }))
  const envelope = Buffer.concat([Buffer.from([0, 0, 0, 0, 0]), msg])
  envelope.writeUInt32BE(msg.length, 1)
  const out = await ask('/process.Process/Start', { method: 'POST', headers: { 'content-type': 'application/connect+json' }, body: envelope })
  if (!out.toString().includes('"end"')) throw new Error(`the command did not end: ${out.toString()}`)
} finally {
  envd.kill('SIGTERM')
}
const { code, signal } = await exited
if (code !== 0) throw new Error(`envd exited with ${code ?? signal}`)
