// Raw HTTP against the control API: malformed and hostile requests get E2B error bodies
// ({code, message}), never a sandbox, and leave the server healthy.
import { describe, expect, it, onTestFinished } from 'vitest'
import { docker } from '../support/docker.js'
import { containersOf, eventually, printServerLogsOnFailure, sharedServer } from '../support/control-sdk.js'
import { trackSandbox } from '../support/control-server.js'

printServerLogsOnFailure()

type Answer = { status: number; body: Record<string, unknown> | undefined; text: string; contentType: string | null }

async function api(method: string, path: string, opts: { json?: unknown; raw?: string; key?: string | null } = {}): Promise<Answer> {
  const s = sharedServer()
  const headers: Record<string, string> = {}
  if (opts.key !== null) headers['x-api-key'] = opts.key ?? s.apiKey
  let body: string | undefined
  if (opts.raw !== undefined || opts.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = opts.raw ?? JSON.stringify(opts.json)
  }
  const res = await fetch(`${s.apiUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(60_000) })
  const text = await res.text()
  let parsed: Record<string, unknown> | undefined
  try {
    parsed = JSON.parse(text) as Record<string, unknown>
  } catch {
    parsed = undefined
  }
  // Anything that did create a sandbox is cleaned up by the run's teardown.
  if (typeof parsed?.sandboxID === 'string') trackSandbox(s, parsed.sandboxID)
  return { status: res.status, body: parsed, text, contentType: res.headers.get('content-type') }
}

function expectError(res: Answer, status: number, messagePattern?: RegExp) {
  expect(res.status, res.text).toBe(status)
  expect(res.contentType).toMatch(/^application\/json/)
  expect(res.body).toEqual({ code: status, message: expect.any(String) })
  if (messagePattern) expect(res.body!.message).toMatch(messagePattern)
  expect(res.body).not.toHaveProperty('sandboxID')
}

const manyKeys = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, 'v']))

// Each invalid create: its body, the status, and what the message must name.
const INVALID_CREATES: [string, { json?: unknown; raw?: string }, RegExp][] = [
  ['an invalid JSON body', { raw: '{"templateID": "base",' }, /json/i],
  ['a non-JSON body', { raw: 'templateID=base' }, /json/i],
  ['a string timeout', { json: { templateID: 'base', timeout: 'x' } }, /timeout/],
  ['a numeric metadata', { json: { templateID: 'base', metadata: 5 } }, /metadata/],
  ['a non-string metadata value', { json: { templateID: 'base', metadata: { a: 1 } } }, /metadata/],
  ['envVars as an array', { json: { templateID: 'base', envVars: ['A=1'] } }, /envVars/],
  ['a missing templateID', { json: { timeout: 30 } }, /templateID/],
  ['a negative timeout', { json: { templateID: 'base', timeout: -5 } }, /timeout/i],
  ['a zero timeout', { json: { templateID: 'base', timeout: 0 } }, /timeout/i],
  ['a huge timeout (10^9 s)', { json: { templateID: 'base', timeout: 1e9 } }, /timeout/i],
  ['10 000 metadata keys', { json: { templateID: 'base', metadata: manyKeys } }, /metadata/],
]

async function containersOnServerNetworks(): Promise<Set<string>> {
  const out = new Set<string>()
  for (const n of sharedServer().networks) {
    for (const id of (await docker('ps', '-aq', '--no-trunc', '--filter', `network=${n}`)).split('\n').filter(Boolean)) out.add(id)
  }
  return out
}

describe('POST /v2/sandboxes with invalid input', () => {
  it.each(INVALID_CREATES)('rejects %s with 400 naming the problem', async (_name, body, pattern) => {
    const res = await api('POST', '/v2/sandboxes', body)
    const id = res.body?.sandboxID
    if (typeof id === 'string') onTestFinished(async () => void (await api('DELETE', `/sandboxes/${id}`)))
    expectError(res, 400, pattern)
  })

  it('rejects the same input on the v1 route', async () => {
    expectError(await api('POST', '/sandboxes', { json: { templateID: 'base', timeout: 'x' } }), 400, /timeout/)
  })

  it('ignores unknown fields (201) and the sandbox can be killed', async () => {
    const res = await api('POST', '/v2/sandboxes', {
      json: { templateID: 'base', timeout: 60, someFutureField: 'x', nested: { deep: [1, 2, 3] }, network: { httpsPorts: [443] } },
    })
    expect(res.status, res.text).toBe(201)
    const id = res.body!.sandboxID as string
    expect(id).toMatch(/^[a-z0-9]+$/)
    onTestFinished(async () => void (await api('DELETE', `/sandboxes/${id}`)))
    expect(await containersOf(id)).toHaveLength(1)

    const killed = await api('DELETE', `/sandboxes/${id}`)
    expect(killed.status).toBe(204)
    expect(killed.text).toBe('')
    await eventually(async () => ((await containersOf(id)).length === 0 ? true : undefined), 10_000, 'the container to be removed')
  })
})

describe('odd but valid requests', () => {
  it('accepts a chunked create body, and pause and connect without any body', async () => {
    const s = sharedServer()
    const json = JSON.stringify({ templateID: 'base', timeout: 60 })
    const res = await fetch(`${s.apiUrl}/v2/sandboxes`, {
      method: 'POST',
      headers: { 'x-api-key': s.apiKey, 'content-type': 'application/json' },
      // A stream body goes out with Transfer-Encoding: chunked and no Content-Length, as the SDK's do.
      body: new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode(json.slice(0, 10))); c.enqueue(new TextEncoder().encode(json.slice(10))); c.close() } }),
      duplex: 'half',
    } as RequestInit & { duplex: 'half' })
    const created = (await res.json()) as { sandboxID?: string }
    if (created.sandboxID) trackSandbox(s, created.sandboxID)
    expect(res.status).toBe(201)
    const id = created.sandboxID!
    onTestFinished(async () => void (await api('DELETE', `/sandboxes/${id}`)))

    const bare = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${s.apiUrl}${path}`, { method: 'POST', headers: { 'x-api-key': s.apiKey, ...headers } })
    const paused = await bare(`/sandboxes/${id}/pause`)
    expect(paused.status, await paused.clone().text()).toBe(204)
    expect(await paused.text()).toBe('')
    const again = await bare(`/sandboxes/${id}/pause`, { 'content-type': 'application/json' })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ code: 409, message: expect.any(String) })

    const resumed = await bare(`/v2/sandboxes/${id}/connect`)
    expect(resumed.status).toBe(201)
    expect(await resumed.json()).toMatchObject({ sandboxID: id })
    const running = await bare(`/v2/sandboxes/${id}/connect`, { 'content-type': 'application/json' })
    expect(running.status).toBe(200)
    expect(await running.json()).toMatchObject({ sandboxID: id })
  })
})

describe('GET /v2/sandboxes with invalid input', () => {
  it('rejects a bad next token with 400', async () => {
    expectError(await api('GET', '/v2/sandboxes?nextToken=garbage'), 400, /token/i)
  })

  it('rejects a malformed metadata filter with 400', async () => {
    expectError(await api('GET', `/v2/sandboxes?metadata=${encodeURIComponent('novalue')}`), 400, /metadata/)
  })

  it('rejects an unknown state with 400', async () => {
    expectError(await api('GET', '/v2/sandboxes?state=exploded'), 400, /state/)
  })
})

describe('authentication, routes and unknown sandboxes', () => {
  it('answers 401 "authorization header is missing" without X-API-Key', async () => {
    const res = await api('POST', '/v2/sandboxes', { json: { templateID: 'base' }, key: null })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ code: 401, message: 'authorization header is missing' })
    const list = await api('GET', '/v2/sandboxes', { key: null })
    expect(list.body).toEqual({ code: 401, message: 'authorization header is missing' })
  })

  it('answers 401 with the E2B body for a wrong key', async () => {
    const res = await api('GET', '/v2/sandboxes', { key: `e2b_${'f'.repeat(40)}` })
    expectError(res, 401, /Invalid API key/)
  })

  it('answers 404 JSON for an unknown route', async () => {
    expectError(await api('GET', '/v2/no-such-route'), 404)
    expectError(await api('POST', '/v9/sandboxes', { json: { templateID: 'base' } }), 404)
  })

  it('answers 404 with body code 404 for DELETE, GET, timeout and pause of an unknown sandbox', async () => {
    const id = 'nosuchsandbox0000000'
    expectError(await api('DELETE', `/sandboxes/${id}`), 404)
    expectError(await api('GET', `/sandboxes/${id}`), 404)
    expectError(await api('POST', `/sandboxes/${id}/timeout`, { json: { timeout: 30 } }), 404)
    expectError(await api('POST', `/sandboxes/${id}/pause`, { json: {} }), 404)
    expectError(await api('POST', `/v2/sandboxes/${id}/connect`, { json: {} }), 404)
  })
})

describe('after invalid requests', () => {
  it('the server is healthy and none of them left a container behind', async () => {
    const before = await containersOnServerNetworks()
    const created: string[] = [] // a wrongly accepted create is its own failure above; here it only must not count as a leak
    const statuses: number[] = []
    const send = async (path: string, body: { json?: unknown; raw?: string; key?: string | null }) => {
      const res = await api('POST', path, body)
      statuses.push(res.status)
      if (typeof res.body?.sandboxID === 'string') created.push(res.body.sandboxID)
    }
    for (const [, body] of INVALID_CREATES) {
      await send('/v2/sandboxes', body)
      await send('/sandboxes', body)
    }
    await send('/v2/sandboxes', { json: { templateID: 'base' }, key: null })
    await send('/v2/sandboxes', { json: { templateID: 'nosuchtemplate' } })
    const createdContainers = new Set((await Promise.all(created.map((id) => containersOf(id)))).flat())
    for (const id of created) await api('DELETE', `/sandboxes/${id}`)

    expect(statuses.filter((s) => s >= 500)).toEqual([])
    expect((await fetch(`${sharedServer().apiUrl}/health`)).status).toBe(200)
    const after = await containersOnServerNetworks()
    expect([...after].filter((c) => !before.has(c) && !createdContainers.has(c))).toEqual([])
    for (const id of created) expect(await containersOf(id), `container of killed sandbox ${id}`).toEqual([])
  })
})
