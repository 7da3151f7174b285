// envd's own HTTP layer (src/envd/http/router.ts): what a request no route serves, an /init
// without JSON, a HEAD, and repeated query parameters get (Fastify's envd answered those with a
// 500: the array reached the path resolver).
import { expect, it, onTestFinished } from 'vitest'
import { startEnvd } from '../../../support/envd-inprocess.js'

async function envd() {
  const e = await startEnvd()
  onTestFinished(() => e.close())
  return e
}

it('answers 404 with the {code, message} body for a route it does not serve, and for a known path with another method', async () => {
  const e = await envd()
  const res = await fetch(`${e.url}/nope?x=1`)
  expect(res.status).toBe(404)
  expect(res.headers.get('x-envd-version')).toMatch(/\d+\.\d+\.\d+/)
  expect(await res.json()).toEqual({ code: 404, message: 'route GET /nope not found' })
  const put = await fetch(`${e.url}/health`, { method: 'PUT' })
  expect(put.status).toBe(404)
  expect(await put.json()).toEqual({ code: 404, message: 'route PUT /health not found' })
})

it('answers 400 with the {code, message} body to an /init without a JSON body, and changes nothing', async () => {
  const e = await envd()
  const res = await fetch(`${e.url}/init`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: 'accessToken=x',
  })
  expect(res.status).toBe(400)
  expect(await res.json()).toEqual({ code: 400, message: 'body must be object' })
  expect(e.state.accessToken).toBeUndefined()
  const none = await fetch(`${e.url}/init`, { method: 'POST' })
  expect(none.status).toBe(400)
  expect(await none.json()).toEqual({ code: 400, message: 'body must be object' })
  // The daemon keeps serving on the connection after the unread body.
  expect((await fetch(`${e.url}/health`)).status).toBe(204)
})

it('answers HEAD as GET without a body', async () => {
  const e = await envd()
  await e.seed({ 'f.txt': 'hello' })
  const res = await fetch(`${e.url}/files?path=${encodeURIComponent(e.path('f.txt'))}`, { method: 'HEAD' })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-length')).toBe('5')
  expect(await res.text()).toBe('')
})

it('takes the first of repeated query parameters', async () => {
  const e = await envd()
  await e.seed({ 'a.txt': 'first', 'b.txt': 'second' })
  const res = await fetch(
    `${e.url}/files?path=${encodeURIComponent(e.path('a.txt'))}&path=${encodeURIComponent(e.path('b.txt'))}`,
  )
  expect(res.status).toBe(200)
  expect(await res.text()).toBe('first')
})
