// Raw HTTP against a real `sandock serve`: what bad input must leave behind on Docker (nothing) and
// odd but valid requests. The pure HTTP answers (each invalid create's 400, 401s, 404 bodies) are
// checked without Docker in test/unit/control/api/bad-input.test.ts.
import { describe, expect, it, onTestFinished } from 'vitest'
import { docker } from '../support/docker.js'
import { api } from '../support/control-api.js'
import { containersOf, printServerLogsOnFailure, sharedServer } from '../support/control-sdk.js'
import { trackSandbox } from '../support/control-server.js'
import { INVALID_CREATES } from '../support/invalid-creates.js'

printServerLogsOnFailure()

async function containersOnServerNetworks(): Promise<Set<string>> {
  const out = new Set<string>()
  for (const n of sharedServer().networks) {
    for (const id of (await docker('ps', '-aq', '--no-trunc', '--filter', `network=${n}`)).split('\n').filter(Boolean))
      out.add(id)
  }
  return out
}

describe('POST /v2/sandboxes with unknown fields', () => {
  it('ignores unknown fields (201) and the sandbox can be killed', async () => {
    const res = await api('POST', '/v2/sandboxes', {
      json: {
        templateID: 'base',
        timeout: 60,
        someFutureField: 'x',
        nested: { deep: [1, 2, 3] },
        network: { httpsPorts: [443] },
      },
    })
    expect(res.status, res.text).toBe(201)
    const id = res.body!.sandboxID as string
    expect(id).toMatch(/^[a-z0-9]+$/)
    onTestFinished(async () => void (await api('DELETE', `/sandboxes/${id}`)))
    expect(await containersOf(id)).toHaveLength(1)

    const killed = await api('DELETE', `/sandboxes/${id}`)
    expect(killed.status).toBe(204)
    expect(killed.text).toBe('')
    await expect
      .poll(async () => (await containersOf(id)).length, {
        timeout: 10_000,
        interval: 100,
        message: 'the container to be removed',
      })
      .toBe(0)
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
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(json.slice(0, 10)))
          c.enqueue(new TextEncoder().encode(json.slice(10)))
          c.close()
        },
      }),
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
