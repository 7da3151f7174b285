// The control API's answers to malformed and hostile requests, through the app (no Docker): E2B
// error bodies ({code, message}) with the contract's status, and never a sandbox or a container.
// test/control/bad-input.test.ts checks the same table on real Docker for leaks.
import { describe, expect, it } from 'vitest'
import { fakeControl, sharedFakeControl } from '../../../support/fake-control.js'
import { expectError, INVALID_CREATES } from '../../../support/invalid-creates.js'

// Nothing below creates a sandbox on this one (but the test that says so starts its own).
const control = sharedFakeControl()

describe('POST /v2/sandboxes with invalid input', () => {
  it.each(INVALID_CREATES)(
    'rejects %s with 400 naming the problem, starting no container',
    async (_name, body, pattern) => {
      const c = await control()
      expectError(await c.api('POST', '/v2/sandboxes', body), 400, pattern)
      expect(c.runtime.containers.size).toBe(0)
      expect((await c.api('GET', '/v2/sandboxes')).body).toEqual([])
    },
  )

  it('rejects the same input on the v1 route', async () => {
    const c = await control()
    expectError(await c.api('POST', '/sandboxes', { json: { templateID: 'base', timeout: 'x' } }), 400, /timeout/)
  })

  it('answers 404 naming an unknown template, and 400 for an over-long one', async () => {
    const c = await control()
    expectError(
      await c.api('POST', '/v2/sandboxes', { json: { templateID: 'nosuchtemplate' } }),
      404,
      /template 'nosuchtemplate' not found/,
    )
    expectError(
      await c.api('POST', '/v2/sandboxes', { json: { templateID: 'base:v9' } }),
      404,
      /tag 'v9' does not exist for template 'base'/,
    )
    expectError(await c.api('POST', '/v2/sandboxes', { json: { templateID: 'x'.repeat(257) } }), 400, /templateID/)
    expect(c.runtime.containers.size).toBe(0)
  })
})

describe('GET /v2/sandboxes with invalid input', () => {
  it('rejects a bad next token with 400', async () => {
    expectError(await (await control()).api('GET', '/v2/sandboxes?nextToken=garbage'), 400, /token/i)
  })

  it('rejects a next token of the other order with 400', async () => {
    const c = await fakeControl()
    for (let i = 0; i < 2; i++)
      expect((await c.api('POST', '/v2/sandboxes', { json: { templateID: 'base' } })).status).toBe(201)
    const page = await c.api('GET', '/v2/sandboxes?limit=1&order=asc')
    const token = page.headers.get('x-next-token')
    expect(token).toBeTruthy()
    expectError(await c.api('GET', `/v2/sandboxes?limit=1&order=desc&nextToken=${token}`), 400, /token/i)
  })

  it('rejects a malformed metadata filter with 400', async () => {
    expectError(
      await (await control()).api('GET', `/v2/sandboxes?metadata=${encodeURIComponent('novalue')}`),
      400,
      /metadata/,
    )
  })

  it('rejects an unknown state with 400', async () => {
    expectError(await (await control()).api('GET', '/v2/sandboxes?state=exploded'), 400, /state/)
  })

  it('rejects a startedAfter that is no date with 400', async () => {
    expectError(await (await control()).api('GET', '/v2/sandboxes?startedAfter=yesterday'), 400, /startedAfter/)
  })
})

describe('authentication, routes and unknown sandboxes', () => {
  it('answers 401 "authorization header is missing" without X-API-Key', async () => {
    const c = await control()
    const res = await c.api('POST', '/v2/sandboxes', { json: { templateID: 'base' }, key: null })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ code: 401, message: 'authorization header is missing' })
    const list = await c.api('GET', '/v2/sandboxes', { key: null })
    expect(list.body).toEqual({ code: 401, message: 'authorization header is missing' })
    expect(c.runtime.containers.size).toBe(0)
  })

  it('answers 401 with the E2B body for a wrong key', async () => {
    expectError(
      await (await control()).api('GET', '/v2/sandboxes', { key: `e2b_${'f'.repeat(40)}` }),
      401,
      /Invalid API key/,
    )
  })

  it('answers /health without a key', async () => {
    const res = await (await control()).api('GET', '/health', { key: null })
    expect(res.status).toBe(200)
    // code-interpreter-v1's default pool: a floor of 1 (its image is not built on the fake runtime).
    expect(res.body).toEqual({
      status: 'ok',
      pools: {
        base: { size: 0, ready: 0, min: 0, max: 0 },
        'code-interpreter-v1': { size: 1, ready: 0, min: 1, max: 8 },
      },
    })
  })

  it('answers 404 JSON for an unknown route', async () => {
    const c = await control()
    expectError(await c.api('GET', '/v2/no-such-route'), 404)
    expectError(await c.api('POST', '/v9/sandboxes', { json: { templateID: 'base' } }), 404)
  })

  it('answers 404 with body code 404 for DELETE, GET, timeout and pause of an unknown sandbox', async () => {
    const c = await control()
    const id = 'nosuchsandbox0000000'
    expectError(await c.api('DELETE', `/sandboxes/${id}`), 404)
    expectError(await c.api('GET', `/sandboxes/${id}`), 404)
    expectError(await c.api('POST', `/sandboxes/${id}/timeout`, { json: { timeout: 30 } }), 404)
    expectError(await c.api('POST', `/sandboxes/${id}/pause`, { json: {} }), 404)
    expectError(await c.api('POST', `/v2/sandboxes/${id}/connect`, { json: {} }), 404)
  })

  it('names the unknown sandbox in every per-sandbox 404', async () => {
    const c = await control()
    const id = 'nosuchsandbox0000001'
    const message = `Sandbox "${id}" doesn't exist or you don't have access to it`
    for (const [method, path, json] of [
      ['POST', `/sandboxes/${id}/refreshes`, {}],
      ['POST', `/sandboxes/${id}/resume`, {}],
      ['POST', `/sandboxes/${id}/connect`, {}],
      ['GET', `/sandboxes/${id}/metrics`, undefined],
      ['GET', `/sandboxes/${id}/logs`, undefined],
      ['GET', `/v2/sandboxes/${id}/logs`, undefined],
      ['POST', `/sandboxes/${id}/snapshots`, {}],
      ['POST', `/sandboxes/${id}/fork`, {}],
      ['PUT', `/sandboxes/${id}/network`, {}],
    ] as const) {
      const res = await c.api(method, path, json === undefined ? {} : { json })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.body, `${method} ${path}`).toEqual({ code: 404, message })
    }
  })
})
