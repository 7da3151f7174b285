// The secrets routes through app.inject: shapes, statuses and fixed texts, X-Next-Token paging,
// Cache-Control: no-store on every answer (401s and 404s too), and the value in no answer and no
// log line, even when a request is malformed.
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../../src/shared/logging.js'
import { TEST_KEY, fakeControl } from '../../../support/fake-control.js'

const VALUE = 'sk-very-secret-7f3a9c'

async function api() {
  const logs: string[] = []
  // Every log line at debug, to check that no secret ever reaches one.
  const ctx = {
    ...(await fakeControl({
      log: createLogger({
        level: 'debug',
        name: 'unit',
        destination: { write: (line: string) => void logs.push(line) },
      }),
    })),
    logs,
  }
  const call = async (method: string, url: string, o: { json?: unknown; raw?: string; key?: string | null } = {}) => {
    const headers: Record<string, string> = {}
    if (o.key !== null) headers['x-api-key'] = o.key ?? TEST_KEY
    if (o.json !== undefined || o.raw !== undefined) headers['content-type'] = 'application/json'
    const res = await ctx.app.inject({
      method: method as 'GET',
      url,
      headers,
      payload: o.raw ?? (o.json === undefined ? undefined : JSON.stringify(o.json)),
    })
    return {
      status: res.statusCode,
      body: res.body === '' ? undefined : (JSON.parse(res.body) as Record<string, unknown>),
      headers: res.headers,
      text: res.body,
    }
  }
  return { ...ctx, call }
}

describe('secrets routes', () => {
  it('create → 201 Secret at version 1 without the value; update → 200 version 2; get by id and name; delete → 204', async () => {
    const { call } = await api()
    const created = await call('POST', '/secrets', {
      json: { name: 'OpenAI-Key', value: VALUE, metadata: { env: 'test' } },
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      secretID: expect.stringMatching(/^sec_[0-9a-z]{26}$/),
      name: 'openai-key',
      currentVersion: 1,
      metadata: { env: 'test' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    const id = created.body!.secretID as string
    const updated = await call('POST', `/secrets/${id}`, { json: { value: `${VALUE}-2` } })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ secretID: id, currentVersion: 2, metadata: { env: 'test' } })
    expect((await call('GET', '/secrets/OPENAI-KEY')).body).toMatchObject({ secretID: id, currentVersion: 2 })
    expect((await call('GET', `/secrets/${id}`)).body).toMatchObject({ name: 'openai-key' })
    const del = await call('DELETE', '/secrets/openai-key')
    expect([del.status, del.text]).toEqual([204, ''])
    expect((await call('GET', `/secrets/${id}`)).body).toEqual({ code: 404, message: 'Secret not found' })
  })

  it('answers the fixed texts: 400 for bad input of any kind, 404, 409 for a duplicate, 401 without a key', async () => {
    const { call } = await api()
    expect((await call('POST', '/secrets', { json: { name: 'dup', value: 'v' } })).status).toBe(201)
    expect((await call('POST', '/secrets', { json: { name: 'DUP', value: 'v' } })).body).toEqual({
      code: 409,
      message: 'Secret cannot be modified in its current state',
    })
    const invalid = { code: 400, message: 'Invalid secrets request' }
    for (const json of [
      { name: 'sec_x', value: 'v' },
      { name: 'ok' },
      { value: 'v' },
      { name: 'ok', value: 5 },
      { name: 'ok', value: 'v', metadata: { a: 1 } },
      { name: 'ok', value: 'x'.repeat(70_000) },
    ]) {
      expect(await call('POST', '/secrets', { json })).toMatchObject({ status: 400, body: invalid })
    }
    expect(await call('POST', '/secrets', { raw: `{"name":"x","value":"${VALUE}"` })).toMatchObject({
      status: 400,
      body: invalid,
    })
    expect(
      await call('POST', '/secrets', { raw: JSON.stringify({ name: 'big', value: 'v', pad: 'x'.repeat(600 * 1024) }) }),
    ).toMatchObject({ status: 400, body: invalid })
    expect(await call('GET', '/secrets/sec_notanid')).toMatchObject({ status: 400, body: invalid })
    expect(await call('GET', '/secrets?limit=0')).toMatchObject({ status: 400, body: invalid })
    expect(await call('GET', '/secrets?limit=101')).toMatchObject({ status: 400, body: invalid })
    expect(await call('GET', '/secrets?nextToken=%25%25')).toMatchObject({ status: 400, body: invalid })
    expect(await call('POST', '/secrets/missing', { json: { value: 'v' } })).toMatchObject({
      status: 404,
      body: { code: 404, message: 'Secret not found' },
    })
    expect(await call('DELETE', '/secrets/missing')).toMatchObject({ status: 404 })
    expect(await call('GET', '/secrets', { key: null })).toMatchObject({
      status: 401,
      body: { code: 401, message: 'You are not authenticated' },
    })
    expect(await call('GET', '/secrets', { key: 'e2b_wrong' })).toMatchObject({ status: 401 })
  })

  it('sets Cache-Control: no-store on every answer, failures included', async () => {
    const { call } = await api()
    const created = await call('POST', '/secrets', { json: { name: 'cached', value: 'v' } })
    for (const res of [
      created,
      await call('GET', '/secrets'),
      await call('GET', '/secrets/cached'),
      await call('GET', '/secrets/missing'),
      await call('POST', '/secrets', { raw: '{' }),
      await call('GET', '/secrets', { key: null }),
      await call('DELETE', '/secrets/cached'),
    ]) {
      expect(res.headers['cache-control'], `${res.status}`).toBe('no-store')
    }
    expect((await call('GET', '/volumes')).headers['cache-control']).toBeUndefined()
  })

  it('pages with X-Next-Token only while more remain', async () => {
    const { call } = await api()
    for (const name of ['p-1', 'p-2', 'p-3']) await call('POST', '/secrets', { json: { name, value: 'v' } })
    const first = await call('GET', '/secrets?limit=2')
    expect((first.body as unknown as { name: string }[]).map((s) => s.name)).toEqual(['p-1', 'p-2'])
    const token = first.headers['x-next-token'] as string
    expect(token).toBeTruthy()
    const second = await call('GET', `/secrets?limit=2&nextToken=${encodeURIComponent(token)}`)
    expect((second.body as unknown as { name: string }[]).map((s) => s.name)).toEqual(['p-3'])
    expect(second.headers['x-next-token']).toBeUndefined()
    expect(await call('GET', '/secrets')).toMatchObject({ status: 200 })
  })

  it('never puts the value in an answer or a log line (debug level), valid or malformed', async () => {
    const { call, logs } = await api()
    const answers = [
      await call('POST', '/secrets', { json: { name: 'leak-check', value: VALUE } }),
      await call('POST', '/secrets/leak-check', { json: { value: VALUE } }),
      await call('POST', '/secrets', { raw: `{"name":"broken","value":"${VALUE}` }),
      await call('POST', '/secrets', { json: { name: 'sec_bad', value: VALUE } }),
      await call('POST', '/secrets', { json: { name: 'leak-check', value: VALUE } }),
      await call('GET', '/secrets'),
      await call('GET', '/secrets/leak-check'),
    ]
    for (const a of answers) expect(a.text).not.toContain(VALUE)
    expect(logs.length).toBeGreaterThan(0)
    expect(logs.join('\n')).not.toContain(VALUE)
  })
})
