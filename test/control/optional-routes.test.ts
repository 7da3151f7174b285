// The control API's optional routes (contract 2.2 "Optional sandbox routes"), over raw HTTP:
// logs, batch metrics, refreshes, the deprecated resume and the v1 list.
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import type { Sandbox } from 'e2b'
import { createSandbox, killQuietly, printServerLogsOnFailure, sdkOpts } from '../support/control-sdk.js'

printServerLogsOnFailure()

let sbx: Sandbox
beforeAll(async () => {
  sbx = await createSandbox({ timeoutMs: 120_000 })
})
afterAll(async () => killQuietly(sbx?.sandboxId))

function api(path: string, init: RequestInit = {}) {
  const { apiUrl, apiKey } = sdkOpts()
  return fetch(`${apiUrl}${path}`, {
    ...init,
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json', ...init.headers },
  })
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
const json = async (res: Response | Promise<Response>): Promise<any> => (await res).json()
const endAt = async () => new Date((await json(api(`/sandboxes/${sbx.sandboxId}`))).endAt).getTime()

it('serves envd logs as v1 lines and entries, and as v2 entries', async () => {
  const v1 = await api(`/sandboxes/${sbx.sandboxId}/logs`)
  expect(v1.status).toBe(200)
  const body = await json(v1)
  const listening = body.logEntries.find((e: { message: string }) => e.message === 'envd listening')
  expect(listening).toMatchObject({ level: 'info', fields: expect.objectContaining({ version: expect.any(String) }) })
  expect(body.logs.length).toBe(body.logEntries.length)
  const v2 = await json(api(`/v2/sandboxes/${sbx.sandboxId}/logs?limit=1000`))
  expect(v2.logs.some((e: { message: string }) => e.message === 'envd listening')).toBe(true)
  expect((await api('/sandboxes/nope0000/logs')).status).toBe(404)
})

it('returns the latest sample per sandbox for GET /sandboxes/metrics', async () => {
  const res = await vi.waitFor(
    async () => {
      const r = await json(api(`/sandboxes/metrics?sandbox_ids=${sbx.sandboxId},unknown123`))
      expect(r.sandboxes?.[sbx.sandboxId], 'a metrics sample').toBeTruthy()
      return r
    },
    { timeout: 15_000, interval: 100 },
  )
  expect(res.sandboxes[sbx.sandboxId].cpuCount).toBeGreaterThan(0)
  expect(res.sandboxes[sbx.sandboxId].memTotal).toBeGreaterThan(0)
  expect(res.sandboxes.unknown123).toBeUndefined()
  expect((await api('/sandboxes/metrics')).status).toBe(400)
})

it('refreshes extend the deadline but never shorten it', async () => {
  const before = await endAt()
  expect(
    (await api(`/sandboxes/${sbx.sandboxId}/refreshes`, { method: 'POST', body: JSON.stringify({ duration: 3000 }) }))
      .status,
  ).toBe(204)
  const extended = await endAt()
  expect(extended).toBeGreaterThan(before)
  expect(
    (await api(`/sandboxes/${sbx.sandboxId}/refreshes`, { method: 'POST', body: JSON.stringify({ duration: 20 }) }))
      .status,
  ).toBe(204)
  expect(await endAt()).toBe(extended)
  expect(
    (await api(`/sandboxes/${sbx.sandboxId}/refreshes`, { method: 'POST', body: JSON.stringify({ duration: 3601 }) }))
      .status,
  ).toBe(400)
})

it('the deprecated resume answers 409 while running and 201 after a pause; the v1 list shows running only', async () => {
  const running = await api(`/sandboxes/${sbx.sandboxId}/resume`, { method: 'POST', body: '{}' })
  expect(running.status).toBe(409)
  expect((await json(running)).code).toBe(409)

  expect((await api(`/sandboxes/${sbx.sandboxId}/pause`, { method: 'POST', body: '{}' })).status).toBe(204)
  const v1Paused = await json(api('/sandboxes'))
  expect(v1Paused.some((s: { sandboxID: string }) => s.sandboxID === sbx.sandboxId)).toBe(false)

  const resumed = await api(`/sandboxes/${sbx.sandboxId}/resume`, {
    method: 'POST',
    body: JSON.stringify({ timeout: 60 }),
  })
  expect(resumed.status).toBe(201)
  expect((await json(resumed)).sandboxID).toBe(sbx.sandboxId)
  const v1Running = await json(api('/sandboxes'))
  expect(v1Running.find((s: { sandboxID: string }) => s.sandboxID === sbx.sandboxId)?.state).toBe('running')
  expect((await sbx.commands.run('echo back')).stdout).toBe('back\n')
})
