// Malformed bodies found by the fuzz suite: broken multipart uploads and undecodable binary
// Connect requests are the client's fault (400), never a 500, and the daemon keeps serving.
import { readdir } from 'node:fs/promises'
import { expect, it, onTestFinished } from 'vitest'
import { startEnvd } from '../../../support/envd-inprocess.js'

async function envd() {
  const e = await startEnvd()
  onTestFinished(() => e.close())
  return e
}

const B = 'fuzzb0undary'
const part = (filename: string, content: string, close = true) =>
  `--${B}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}${close ? `\r\n--${B}--\r\n` : ''}`

it.each([
  ['no boundary', 'multipart/form-data', part('x', 'y')],
  ['an empty boundary', 'multipart/form-data; boundary=', part('x', 'y')],
  ['a multipart subtype busboy does not read', 'multipart/mixed; boundary=zzz', part('x', 'y')],
  ['a truncated body', `multipart/form-data; boundary=${B}`, part('t.txt', 'data', false)],
  ['garbage bytes', `multipart/form-data; boundary=${B}`, '\u0000\u00ff garbage \r\n\r\n'],
])('answers 400 to a multipart upload with %s and writes nothing', async (_name, type, body) => {
  const e = await envd()
  const res = await fetch(`${e.url}/files`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: body.replace('filename="t.txt"', `filename="${e.path('t.txt')}"`),
  })
  expect(res.status).toBe(400)
  expect(await res.json()).toEqual({ code: 400, message: expect.stringMatching(/multipart/) })
  expect((await readdir(e.root)).filter((n) => n !== 'x')).toEqual([])
  expect((await fetch(`${e.url}/health`)).status).toBe(204)
})

it.each([
  ['a truncated message', Buffer.from([0x0a, 0x10, 0x61])],
  ['an invalid wire type', Buffer.from([0x0c])],
  ['deep group nesting', Buffer.alloc(200, 0x0b)],
])('answers invalid_argument (400) to a unary binary request with %s', async (_name, body) => {
  const e = await envd()
  const res = await fetch(`${e.url}/filesystem.Filesystem/Stat`, {
    method: 'POST',
    headers: { 'content-type': 'application/proto', 'connect-protocol-version': '1' },
    body,
  })
  expect(res.status).toBe(400)
  expect(await res.json()).toEqual({ code: 'invalid_argument', message: expect.stringMatching(/^parse binary/) })
})

it('still serves a valid binary unary request after reading it ahead', async () => {
  const e = await envd()
  await e.seed({ 'f.txt': 'hi' })
  // StatRequest { path = 1 }: tag 0x0a, length, bytes.
  const path = Buffer.from(e.path('f.txt'))
  const res = await fetch(`${e.url}/filesystem.Filesystem/Stat`, {
    method: 'POST',
    headers: { 'content-type': 'application/proto', 'connect-protocol-version': '1' },
    body: Buffer.concat([Buffer.from([0x0a, path.length]), path]),
  })
  expect(res.status).toBe(200)
  expect(Buffer.from(await res.arrayBuffer()).includes(Buffer.from('f.txt'))).toBe(true)
  // The JSON codec is untouched.
  const json = await fetch(`${e.url}/filesystem.Filesystem/Stat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: e.path('f.txt') }),
  })
  expect(json.status).toBe(200)
})

it('answers 413 to an oversized /init body after reading it, and 400 to an empty one', async () => {
  const e = await envd()
  const big = JSON.stringify({ envVars: { A: 'x'.repeat(3 * 1024 * 1024) } })
  const res = await fetch(`${e.url}/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: big,
  })
  expect(res.status).toBe(413)
  const empty = await fetch(`${e.url}/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '',
  })
  expect(empty.status).toBe(400)
  expect(e.state.envVars).not.toHaveProperty('A')
})
