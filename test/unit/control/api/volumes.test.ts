// The volume routes and the volume content API through app.inject: bodies and upstream's errors,
// a fresh token on every GET, the content API on the volume's token only (never the API key),
// `{code: <string>, message}` errors, and streamed uploads without a Content-Length.
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { TEST_KEY, fakeControl } from '../../../support/fake-control.js'

async function api() {
  const ctx = await fakeControl()
  const call = async (
    method: string,
    url: string,
    o: { json?: unknown; body?: string | Buffer | Readable; key?: string | null; token?: string; type?: string } = {},
  ) => {
    const headers: Record<string, string> = {}
    if (o.key !== null && o.token === undefined) headers['x-api-key'] = o.key ?? TEST_KEY
    if (o.token !== undefined) headers.authorization = `Bearer ${o.token}`
    if (o.json !== undefined) headers['content-type'] = 'application/json'
    if (o.body !== undefined) headers['content-type'] = o.type ?? 'application/octet-stream'
    const res = await ctx.app.inject({
      method: method as 'GET',
      url,
      headers,
      payload: o.json !== undefined ? JSON.stringify(o.json) : o.body,
    })
    let body: unknown
    try {
      body = JSON.parse(res.body)
    } catch {
      body = undefined
    }
    return {
      status: res.statusCode,
      body: body as Record<string, unknown> & { path: string }[],
      text: res.body,
      headers: res.headers,
    }
  }
  const volume = async (name: string) =>
    (await call('POST', '/volumes', { json: { name } })).body as unknown as {
      volumeID: string
      token: string
      name: string
    }
  return { ...ctx, call, volume }
}

describe('volume routes', () => {
  it('create → 201 VolumeAndToken; list without tokens; get with a fresh token; delete → 204, then 404', async () => {
    const { call } = await api()
    const created = await call('POST', '/volumes', { json: { name: 'data-1' } })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      volumeID: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'data-1',
      token: expect.any(String),
    })
    const id = created.body.volumeID as string
    expect((await call('GET', '/volumes')).body).toEqual([{ volumeID: id, name: 'data-1' }])
    const a = await call('GET', `/volumes/${id}`)
    const b = await call('GET', `/volumes/${id}`)
    expect(a.body).toMatchObject({ volumeID: id, name: 'data-1' })
    expect(new Set([created.body.token, a.body.token, b.body.token]).size).toBe(3)
    expect((await call('DELETE', `/volumes/${id}`)).status).toBe(204)
    expect(await call('GET', `/volumes/${id}`)).toMatchObject({
      status: 404,
      body: { code: 404, message: 'Volume not found' },
    })
    expect(await call('DELETE', `/volumes/${id}`)).toMatchObject({
      status: 404,
      body: { code: 404, message: 'Volume not found' },
    })
  })

  it("answers upstream's 400s and needs the API key", async () => {
    const { call } = await api()
    await call('POST', '/volumes', { json: { name: 'same' } })
    expect((await call('POST', '/volumes', { json: { name: 'same' } })).body).toEqual({
      code: 400,
      message: "Volume with name 'same' already exists",
    })
    expect((await call('POST', '/volumes', { json: { name: 'bad name!' } })).body).toEqual({
      code: 400,
      message: 'Invalid volume name',
    })
    expect((await call('GET', '/volumes/not-a-uuid')).body).toEqual({ code: 400, message: 'Invalid volume ID' })
    expect((await call('POST', '/volumes', { json: {} })).status).toBe(400)
    expect((await call('GET', '/volumes', { key: null })).status).toBe(401)
  })
})

describe('volume content API', () => {
  it('writes (streamed, no Content-Length), reads, stats, lists, chmods and removes with the volume token', async () => {
    const { call, volume } = await api()
    const v = await volume('content')
    const base = `/volumecontent/${v.volumeID}`
    const put = await call('PUT', `${base}/file?path=/dir/hello.txt&force=true&uid=1001&gid=1002&mode=${0o640}`, {
      token: v.token,
      body: Readable.from([Buffer.from('hel'), Buffer.from('lo')]),
    })
    expect(put.status).toBe(201)
    expect(put.body).toMatchObject({
      name: 'hello.txt',
      type: 'file',
      path: '/dir/hello.txt',
      size: 5,
      uid: 1001,
      gid: 1002,
      mode: 0o640,
    })
    const read = await call('GET', `${base}/file?path=/dir/hello.txt`, { token: v.token })
    expect([read.status, read.text, read.headers['content-type']]).toEqual([200, 'hello', 'application/octet-stream'])
    expect((await call('GET', `${base}/path?path=dir`, { token: v.token })).body).toMatchObject({
      type: 'directory',
      path: '/dir',
      name: 'dir',
    })
    expect((await call('GET', `${base}/dir?path=/`, { token: v.token })).body.map((e) => e.path)).toEqual(['/dir'])
    expect((await call('GET', `${base}/dir?path=/&depth=2`, { token: v.token })).body.map((e) => e.path)).toEqual([
      '/dir',
      '/dir/hello.txt',
    ])
    expect(
      (await call('PATCH', `${base}/path?path=/dir/hello.txt`, { token: v.token, json: { mode: 0o600 } })).body,
    ).toMatchObject({ mode: 0o600, uid: 1001 })
    expect((await call('POST', `${base}/dir?path=/made&mode=${0o700}`, { token: v.token })).body).toMatchObject({
      type: 'directory',
      mode: 0o700,
    })
    expect((await call('DELETE', `${base}/path?path=/dir`, { token: v.token })).status).toBe(204)
    expect(await call('GET', `${base}/path?path=/dir/hello.txt`, { token: v.token })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    })
    const empty = await call('PUT', `${base}/file?path=/empty`, { token: v.token, body: '' })
    expect(empty.body).toMatchObject({ size: 0 })
    expect((await call('GET', `${base}/file?path=/empty`, { token: v.token })).text).toBe('')
  })

  it('answers {code: <string>, message}: 409 without force, 404, 400 for bad depth, mode and the root', async () => {
    const { call, volume } = await api()
    const v = await volume('errors')
    const base = `/volumecontent/${v.volumeID}`
    await call('PUT', `${base}/file?path=a.txt`, { token: v.token, body: 'x' })
    expect(await call('PUT', `${base}/file?path=a.txt`, { token: v.token, body: 'y' })).toMatchObject({
      status: 409,
      body: { code: 'already_exists', message: expect.any(String) },
    })
    expect(await call('POST', `${base}/dir?path=a.txt`, { token: v.token })).toMatchObject({
      status: 409,
      body: { code: 'already_exists' },
    })
    expect(await call('POST', `${base}/dir?path=x/y`, { token: v.token })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    })
    expect(await call('GET', `${base}/dir?path=/&depth=11`, { token: v.token })).toMatchObject({
      status: 400,
      body: { code: 'invalid_argument' },
    })
    expect(await call('PUT', `${base}/file?path=b&mode=${0o4755}`, { token: v.token, body: 'x' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_argument' },
    })
    expect(await call('DELETE', `${base}/path?path=/`, { token: v.token })).toMatchObject({
      status: 400,
      body: { code: 'invalid_argument' },
    })
    expect(await call('GET', `${base}/path`, { token: v.token })).toMatchObject({
      status: 400,
      body: { code: 'invalid_argument' },
    })
  })

  it("accepts only its own volume's token: no token, the API key, another volume's token → 401", async () => {
    const { call, volume } = await api()
    const a = await volume('tok-a')
    const b = await volume('tok-b')
    const url = `/volumecontent/${a.volumeID}/dir?path=/`
    expect((await call('GET', url, { token: a.token })).status).toBe(200)
    expect(await call('GET', url, { key: null })).toMatchObject({ status: 401, body: { code: 'unauthenticated' } })
    expect(await call('GET', url)).toMatchObject({ status: 401, body: { code: 'unauthenticated' } })
    expect(await call('GET', url, { token: b.token })).toMatchObject({ status: 401, body: { code: 'unauthenticated' } })
    expect(await call('GET', url, { token: TEST_KEY })).toMatchObject({ status: 401 })
  })

  it("a deleted volume's token finds nothing (404), even for a new volume of the same name", async () => {
    const { call, volume } = await api()
    const v = await volume('short-lived')
    await call('DELETE', `/volumes/${v.volumeID}`)
    expect(await call('GET', `/volumecontent/${v.volumeID}/dir?path=/`, { token: v.token })).toMatchObject({
      status: 404,
      body: { code: 'not_found', message: 'Volume not found' },
    })
    const again = await volume('short-lived')
    expect(await call('GET', `/volumecontent/${again.volumeID}/dir?path=/`, { token: v.token })).toMatchObject({
      status: 401,
    })
  })
})
