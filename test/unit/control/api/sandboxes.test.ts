// Every sandbox route through the app on fakes (no Docker): success shapes and status codes,
// error bodies, list paging and filters (the double-encoded metadata filter), metrics, logs,
// snapshots, forks and network updates. Real containers: test/control/sandboxes.test.ts & co.
import { existsSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { BASE_IMAGE, fakeControl, type FakeControl } from '../../../support/fake-control.js'
import { FakeRuntime } from '../../../support/fake-runtime.js'
import { expectError } from '../../../support/invalid-creates.js'

const ID = /^i[a-z0-9]{19}$/

async function create(c: FakeControl, json: Record<string, unknown> = {}): Promise<string> {
  const res = await c.api('POST', '/v2/sandboxes', { json: { templateID: 'base', ...json } })
  expect(res.status, res.text).toBe(201)
  return res.body!.sandboxID as string
}

describe('POST /v2/sandboxes and POST /sandboxes', () => {
  it('creates a sandbox: 201 with the Sandbox body, one container, envd initialised with env vars and token', async () => {
    const c = await fakeControl()
    const res = await c.api('POST', '/v2/sandboxes', {
      json: { templateID: 'base', envVars: { FOO: 'bar' }, metadata: { team: 'a' } },
    })
    expect(res.status).toBe(201)
    expect(res.contentType).toMatch(/^application\/json/)
    expect(res.body).toEqual({
      sandboxID: expect.stringMatching(ID),
      templateID: 'base',
      alias: 'base',
      clientID: '6532622b',
      envdVersion: '0.6.13',
      domain: null,
      envdAccessToken: expect.stringMatching(/^[0-9a-f]{64}$/),
      trafficAccessToken: null,
    })
    const id = res.body!.sandboxID as string
    const [container] = c.runtime.containersOf(id)
    expect(c.runtime.containers.size).toBe(1)
    expect(container!.spec).toMatchObject({
      sandboxId: id,
      templateId: 'base',
      metadata: { team: 'a' },
      secure: true,
      timeoutMs: 300_000,
    })
    expect(container!.env).toEqual({ E2B_SANDBOX_ID: id, E2B_TEMPLATE_ID: 'base' })
    expect(container!.started).toMatchObject({
      cpuCount: 2,
      memoryMB: 1024,
      pidsLimit: 1024,
      network: 'sandock',
      pool: false,
      runtime: 'runc',
      volumes: [],
    })
    expect(c.envd.lastInit(container!.ip)).toEqual({ envVars: { FOO: 'bar' }, accessToken: res.body!.envdAccessToken })
  })

  it('issues an envd token on v1 only when secure, and a traffic token for private sandboxes', async () => {
    const c = await fakeControl()
    const open = await c.api('POST', '/sandboxes', { json: { templateID: 'base', secure: false } })
    expect(open.status).toBe(201)
    expect(open.body).not.toHaveProperty('envdAccessToken')
    const secure = await c.api('POST', '/sandboxes', { json: { templateID: 'base', secure: true } })
    expect(secure.body!.envdAccessToken).toMatch(/^[0-9a-f]{64}$/)
    const priv = await c.api('POST', '/v2/sandboxes', {
      json: { templateID: 'base', network: { allowPublicTraffic: false } },
    })
    expect(priv.body!.trafficAccessToken).toMatch(/^[0-9a-f]{64}$/)
    expect(priv.body!.trafficAccessToken).not.toBe(priv.body!.envdAccessToken)
  })

  it("refuses identity tokens (iam) with upstream's gate text, creating nothing", async () => {
    const c = await fakeControl()
    const iam = { tokens: { gh: { audience: 'https://api.test', tokenType: 'JWT-SVID' } } }
    expectError(
      await c.api('POST', '/v2/sandboxes', { json: { templateID: 'base', iam } }),
      400,
      /^Sandbox IAM workload tokens are not available for your team\.$/,
    )
    expect((await c.api('GET', '/v2/sandboxes')).body).toEqual([])
    expect((await c.api('POST', '/v2/sandboxes', { json: { templateID: 'base', iam: { tokens: {} } } })).status).toBe(
      201,
    )
  })

  it('answers the public domain in Sandbox.domain', async () => {
    const c = await fakeControl({ domain: 'sandock.test' })
    expect((await c.api('POST', '/v2/sandboxes', { json: { templateID: 'base' } })).body!.domain).toBe('sandock.test')
  })

  it('puts a sandbox without internet access on the internal network', async () => {
    const c = await fakeControl()
    const id = await create(c, { allow_internet_access: false })
    expect(c.runtime.containersOf(id)[0]!.network).toBe('sandock-internal')
    expect((await c.api('GET', `/sandboxes/${id}`)).body).toMatchObject({ allowInternetAccess: false })
  })

  it('answers 429 with Retry-After beyond SANDOCK_MAX_SANDBOXES', async () => {
    const c = await fakeControl({ env: { SANDOCK_MAX_SANDBOXES: '1' } })
    await create(c)
    const res = await c.api('POST', '/v2/sandboxes', { json: { templateID: 'base' } })
    expectError(res, 429, /maximum number of concurrent E2B sandboxes \(1\)/)
    expect(res.headers.get('retry-after')).toBe('1')
    expect(c.runtime.containers.size).toBe(1)
  })
})

describe('GET /sandboxes/{id}', () => {
  it('answers the SandboxDetail of a running sandbox', async () => {
    const c = await fakeControl()
    const id = await create(c, {
      metadata: { a: '1' },
      autoPause: true,
      autoResume: { enabled: true },
      network: { denyOut: ['10.0.0.0/8'] },
    })
    const res = await c.api('GET', `/sandboxes/${id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      templateID: 'base',
      alias: 'base',
      sandboxID: id,
      clientID: '6532622b',
      startedAt: expect.any(String),
      endAt: expect.any(String),
      cpuCount: 2,
      memoryMB: 1024,
      diskSizeMB: 10,
      metadata: { a: '1' },
      state: 'running',
      envdVersion: '0.6.13',
      volumeMounts: [],
      envdAccessToken: expect.any(String),
      allowInternetAccess: true,
      domain: null,
      lifecycle: { autoResume: true, onTimeout: 'pause' },
      network: { allowPublicTraffic: true, allowOut: [], denyOut: ['10.0.0.0/8'] },
    })
    const b = res.body as { startedAt: string; endAt: string }
    expect(Date.parse(b.endAt) - Date.parse(b.startedAt)).toBeGreaterThanOrEqual(300_000 - 1000)
  })
})

describe('GET /v2/sandboxes and GET /sandboxes', () => {
  it('pages newest first with X-Next-Token and X-Total-Running, and oldest first with order=asc', async () => {
    const c = await fakeControl()
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      ids.push(await create(c))
      await new Promise((r) => setTimeout(r, 2))
    }
    const walk = async (order: string) => {
      const seen: string[] = []
      let token: string | null = null
      for (let page = 0; page < 10; page++) {
        const res = await c.api('GET', `/v2/sandboxes?limit=2&order=${order}${token ? `&nextToken=${token}` : ''}`)
        expect(res.status).toBe(200)
        expect(res.headers.get('x-total-running')).toBe('5')
        seen.push(...(res.body as unknown as { sandboxID: string }[]).map((s) => s.sandboxID))
        token = res.headers.get('x-next-token')
        if (!token) break
      }
      return seen
    }
    expect(await walk('desc')).toEqual([...ids].reverse())
    expect(await walk('asc')).toEqual(ids)
  })

  it('filters by state, template and startedAfter, and lists running only on v1', async () => {
    const c = await fakeControl()
    const a = await create(c)
    const b = await create(c)
    expect((await c.api('POST', `/sandboxes/${b}/pause`, { json: {} })).status).toBe(204)
    const list = async (q: string) =>
      (await c.api('GET', `/v2/sandboxes${q}`)).body as unknown as { sandboxID: string; state: string }[]
    expect((await list('?state=paused')).map((s) => [s.sandboxID, s.state])).toEqual([[b, 'paused']])
    expect((await list('?state=running')).map((s) => s.sandboxID)).toEqual([a])
    expect((await list('')).map((s) => s.sandboxID).sort()).toEqual([a, b].sort())
    expect(await list('?template=base')).toHaveLength(2)
    expect(await list('?template=other,nosuch')).toEqual([])
    expect(await list(`?startedAfter=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([])
    const paused = await c.api('GET', '/v2/sandboxes?state=paused')
    expect(paused.headers.get('x-total-running')).toBeNull()
    const v1 = await c.api('GET', '/sandboxes')
    expect((v1.body as unknown as { sandboxID: string }[]).map((s) => s.sandboxID)).toEqual([a])
    expect(v1.body).toEqual([
      {
        templateID: 'base',
        alias: 'base',
        sandboxID: a,
        clientID: '6532622b',
        startedAt: expect.any(String),
        endAt: expect.any(String),
        cpuCount: 2,
        memoryMB: 1024,
        diskSizeMB: 10,
        metadata: {},
        state: 'running',
        envdVersion: '0.6.13',
        volumeMounts: [],
      },
    ])
  })

  it("decodes the SDK's double-encoded metadata filter (contract 2.4)", async () => {
    const c = await fakeControl()
    const key = 'team name/ü'
    const value = 'a&b=c+d %'
    const match = await create(c, { metadata: { [key]: value, other: '1' } })
    await create(c, { metadata: { [key]: 'something else' } })
    // As the SDK sends it: each side encodeURIComponent-ed, joined as a form, the whole encoded again.
    const form = `${encodeURIComponent(encodeURIComponent(key))}=${encodeURIComponent(encodeURIComponent(value))}`
    for (const path of [
      `/v2/sandboxes?metadata=${encodeURIComponent(form)}`,
      `/sandboxes?metadata=${encodeURIComponent(form)}`,
    ]) {
      const res = await c.api('GET', path)
      expect(res.status, res.text).toBe(200)
      expect((res.body as unknown as { sandboxID: string }[]).map((s) => s.sandboxID)).toEqual([match])
    }
    const both = `${form}&${encodeURIComponent('other')}=${encodeURIComponent('1')}`
    expect(
      ((await c.api('GET', `/v2/sandboxes?metadata=${encodeURIComponent(both)}`)).body as unknown as unknown[]).length,
    ).toBe(1)
  })
})

describe('DELETE /sandboxes/{id}', () => {
  it('kills: 204 with no body, the container removed, then 404', async () => {
    const c = await fakeControl()
    const id = await create(c)
    const res = await c.api('DELETE', `/sandboxes/${id}`)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect(c.runtime.containersOf(id)).toEqual([])
    expectError(await c.api('DELETE', `/sandboxes/${id}`), 404, new RegExp(id))
    expectError(await c.api('GET', `/sandboxes/${id}`), 404)
  })
})

describe('timeouts', () => {
  it('sets the deadline (may shorten) and refreshes it (extends only)', async () => {
    const c = await fakeControl()
    const id = await create(c)
    const endAt = async () => Date.parse((await c.api('GET', `/sandboxes/${id}`)).body!.endAt as string)
    const t = await c.api('POST', `/sandboxes/${id}/timeout`, { json: { timeout: 30 } })
    expect(t.status).toBe(204)
    expect(t.text).toBe('')
    expect(Math.abs((await endAt()) - (Date.now() + 30_000))).toBeLessThan(2000)
    expect((await c.api('POST', `/sandboxes/${id}/refreshes`, { json: { duration: 10 } })).status).toBe(204)
    expect(Math.abs((await endAt()) - (Date.now() + 30_000))).toBeLessThan(2000)
    expect((await c.api('POST', `/sandboxes/${id}/refreshes`, { json: { duration: 120 } })).status).toBe(204)
    expect(Math.abs((await endAt()) - (Date.now() + 120_000))).toBeLessThan(2000)
    expectError(await c.api('POST', `/sandboxes/${id}/refreshes`, { json: { duration: 3601 } }), 400, /duration/)
    expectError(await c.api('POST', `/sandboxes/${id}/timeout`, { json: {} }), 400, /timeout/)
  })
})

describe('pause, resume and connect', () => {
  it('pauses (204, then 409), connects (201 resumed, then 200) and resumes (409 while running, 201 when paused)', async () => {
    const c = await fakeControl()
    const id = await create(c)
    const [container] = c.runtime.containersOf(id)
    const paused = await c.api('POST', `/sandboxes/${id}/pause`, { json: {} })
    expect(paused.status).toBe(204)
    expect(paused.text).toBe('')
    expect(container!.state).toBe('paused')
    expect((await c.api('GET', `/sandboxes/${id}`)).body!.state).toBe('paused')
    expectError(await c.api('POST', `/sandboxes/${id}/pause`, { json: {} }), 409, /already paused/)

    const resumed = await c.api('POST', `/v2/sandboxes/${id}/connect`, { json: { timeout: 60 } })
    expect(resumed.status).toBe(201)
    expect(resumed.body).toMatchObject({ sandboxID: id, templateID: 'base', envdAccessToken: expect.any(String) })
    expect(container!.state).toBe('running')
    const again = await c.api('POST', `/sandboxes/${id}/connect`, { json: {} })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ sandboxID: id })

    expectError(await c.api('POST', `/sandboxes/${id}/resume`, { json: {} }), 409, /already running/)
    expect((await c.api('POST', `/sandboxes/${id}/pause`, { json: { memory: false } })).status).toBe(204)
    expect(container!.state).toBe('stopped')
    const r = await c.api('POST', `/sandboxes/${id}/resume`, { json: {} })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ sandboxID: id })
    expect(container!.state).toBe('running')
  })
})

describe('metrics', () => {
  it('answers the samples of a sandbox (start/end filter) and the latest of several', async () => {
    const c = await fakeControl()
    const id = await create(c)
    const res = await c.api('GET', `/sandboxes/${id}/metrics`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      {
        timestamp: expect.any(String),
        timestampUnix: expect.any(Number),
        cpuCount: 2,
        cpuUsedPct: 1.5,
        memUsed: 64 << 20,
        memTotal: 1024 << 20,
        memCache: 0,
        diskUsed: 1 << 20,
        diskTotal: 10 << 20,
      },
    ])
    const ts = (res.body as unknown as { timestampUnix: number }[])[0]!.timestampUnix
    expect((await c.api('GET', `/sandboxes/${id}/metrics?start=${ts + 1}`)).body).toEqual([])
    expect((await c.api('GET', `/sandboxes/${id}/metrics?end=${ts}`)).body).toHaveLength(1)
    const batch = await c.api('GET', `/sandboxes/metrics?sandbox_ids=${id},nosuchsandbox,${id}`)
    expect(batch.status).toBe(200)
    expect(Object.keys((batch.body as { sandboxes: object }).sandboxes)).toEqual([id])
    const many = Array.from({ length: 101 }, (_, i) => `s${i}`).join(',')
    expectError(await c.api('GET', `/sandboxes/metrics?sandbox_ids=${many}`), 400, /at most 100/)
  })
})

describe('logs', () => {
  it("answers the container output in upstream's shapes: v1 lines (JSON, string levels) and entries, v2 entries both ways", async () => {
    const c = await fakeControl()
    const id = await create(c)
    const [container] = c.runtime.containersOf(id)
    container!.logs.push(
      'plain output',
      JSON.stringify({ level: 40, time: Date.UTC(2026, 0, 1), msg: 'careful', pid: 7, req: { path: '/x' } }),
    )
    const v1 = await c.api('GET', `/sandboxes/${id}/logs`)
    expect(v1.status).toBe(200)
    const [t0, t1] = container!.logTimes.map((t) => t.toISOString())
    expect(v1.body).toEqual({
      logs: [
        { timestamp: t0, line: JSON.stringify({ level: 'info', message: 'plain output' }) },
        {
          timestamp: t1,
          line: JSON.stringify({ level: 'warn', time: t1, message: 'careful', pid: 7, req: { path: '/x' } }),
        },
      ],
      logEntries: [
        { timestamp: t0, message: 'plain output', level: 'info', fields: {} },
        { timestamp: t1, message: 'careful', level: 'warn', fields: { pid: '7', req: '{"path":"/x"}' } },
      ],
    })
    // The CLI reads each line's level as a string.
    for (const l of (v1.body as { logs: { line: string }[] }).logs)
      expect(typeof JSON.parse(l.line).level).toBe('string')
    const v2 = await c.api('GET', `/v2/sandboxes/${id}/logs?direction=backward&limit=2`)
    expect((v2.body as { logs: { message: string }[] }).logs.map((l) => l.message)).toEqual(['careful', 'plain output'])
    // Upstream's default direction is backward: the newest first.
    const newest = await c.api('GET', `/v2/sandboxes/${id}/logs?limit=1`)
    expect((newest.body as { logs: { message: string }[] }).logs.map((l) => l.message)).toEqual(['careful'])
    const first = await c.api('GET', `/v2/sandboxes/${id}/logs?limit=1&direction=forward`)
    expect((first.body as { logs: { message: string }[] }).logs.map((l) => l.message)).toEqual(['plain output'])
    expectError(await c.api('GET', `/v2/sandboxes/${id}/logs?direction=sideways`), 400, /direction/)
  })

  it('reads forward from `start` (ms): a client asking again from its last timestamp + 1 gets only newer lines', async () => {
    const c = await fakeControl()
    const id = await create(c)
    const [container] = c.runtime.containersOf(id)
    container!.logs.push('one', 'two')
    const first = (await c.api('GET', `/sandboxes/${id}/logs`)).body as { logs: { timestamp: string; line: string }[] }
    expect(first.logs.map((l) => JSON.parse(l.line).message)).toEqual(['one', 'two'])
    const next = Date.parse(first.logs.at(-1)!.timestamp) + 1
    await new Promise((r) => setTimeout(r, 5))
    container!.logs.push('three')
    const again = (await c.api('GET', `/sandboxes/${id}/logs?start=${next}`)).body as { logs: { line: string }[] }
    expect(again.logs.map((l) => JSON.parse(l.line).message)).toEqual(['three'])
    const limited = (await c.api('GET', `/sandboxes/${id}/logs?limit=2`)).body as { logs: { line: string }[] }
    expect(limited.logs.map((l) => JSON.parse(l.line).message)).toEqual(['one', 'two'])
    const back = (await c.api('GET', `/v2/sandboxes/${id}/logs?direction=backward&cursor=${next - 1}`)).body as {
      logs: { message: string }[]
    }
    expect(back.logs.map((l) => l.message)).toEqual(['two', 'one'])
  })

  it('v2 as upstream: `level` is a minimum, `search` a case-sensitive substring of the message, `cursor` pages both ways', async () => {
    const c = await fakeControl()
    const id = await create(c)
    const [container] = c.runtime.containersOf(id)
    const pino = (level: number, msg: string) => JSON.stringify({ level, msg, name: 'envd' })
    container!.logs.push(
      pino(20, 'debug one'),
      pino(30, 'Info Two'),
      'plain three',
      pino(40, 'warn four'),
      pino(50, 'error five'),
    )
    const messages = async (q: string) => {
      const res = await c.api('GET', `/v2/sandboxes/${id}/logs?${q}`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return (res.body as { logs: { message: string }[] }).logs.map((l) => l.message)
    }
    expect(await messages('')).toEqual(['error five', 'warn four', 'plain three', 'Info Two', 'debug one'])
    expect(await messages('level=warn')).toEqual(['error five', 'warn four'])
    expect(await messages('level=info&direction=forward')).toEqual([
      'Info Two',
      'plain three',
      'warn four',
      'error five',
    ])
    expect(await messages('level=error')).toEqual(['error five'])
    expect(await messages('search=Two')).toEqual(['Info Two'])
    expect(await messages('search=two')).toEqual([])
    expect(await messages('search=e&level=warn&limit=1')).toEqual(['error five'])
    // The search reads the message, not the JSON around it.
    expect(await messages('search=envd')).toEqual([])
    // Paging: each line has its own millisecond here, so the last one's time ± 1 is the next cursor.
    const times = container!.logTimes.map((t) => t.getTime())
    for (let i = 1; i < times.length; i++) if (times[i]! <= times[i - 1]!) times[i] = times[i - 1]! + 1
    container!.logTimes.splice(0, times.length, ...times.map((t) => new Date(t)))
    expect(await messages(`limit=2&cursor=${times[4]}`)).toEqual(['error five', 'warn four'])
    expect(await messages(`limit=2&cursor=${times[3]! - 1}`)).toEqual(['plain three', 'Info Two'])
    expect(await messages(`limit=2&direction=forward&cursor=${times[1]}`)).toEqual(['Info Two', 'plain three'])
    expect(await messages(`limit=2&direction=forward&cursor=${times[2]! + 1}`)).toEqual(['warn four', 'error five'])
    expect(await messages(`direction=forward&cursor=${times[4]! + 1}`)).toEqual([])
    expectError(await c.api('GET', `/v2/sandboxes/${id}/logs?level=fatal`), 400, /level/)
    expectError(await c.api('GET', `/v2/sandboxes/${id}/logs?search=${'x'.repeat(257)}`), 400, /search/)
  })

  it("keeps a killed sandbox's log for SANDOCK_LOG_RETENTION, across a restart, then answers 404", async () => {
    const runtime = new FakeRuntime({ images: [BASE_IMAGE] })
    const dataDir = await mkdtemp(join(tmpdir(), 'sandock-kept-'))
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }))
    const env = { SANDOCK_LOG_RETENTION: '2', SANDOCK_LOG_KEEP_KB: '1' }
    const c = await fakeControl({ runtime, dataDir, env })
    const id = await create(c)
    const [container] = c.runtime.containersOf(id)
    container!.logs.push(...Array.from({ length: 100 }, (_, i) => `line ${i}`))
    expect((await c.api('DELETE', `/sandboxes/${id}`)).status).toBe(204)
    const kept = await c.api('GET', `/v2/sandboxes/${id}/logs`)
    expect(kept.status).toBe(200)
    const lines = (kept.body as { logs: { message: string }[] }).logs.map((l) => l.message)
    // The newest lines, as many as fit in 1 KiB.
    expect(lines[0]).toBe('line 99')
    expect(lines.length).toBeGreaterThan(10)
    expect(lines.length).toBeLessThan(40)
    expect(lines).toEqual(lines.map((_, i) => `line ${99 - i}`))
    const v1 = await c.api('GET', `/sandboxes/${id}/logs?limit=1`)
    expect((v1.body as { logEntries: { message: string }[] }).logEntries.map((e) => e.message)).toEqual([lines.at(-1)])
    expect(statSync(join(dataDir, 'sandbox-logs', `${id}.log`)).size).toBeLessThanOrEqual(1024)
    // A restart on the same data dir still answers, and still forgets it after the retention.
    await c.close()
    const again = await fakeControl({ runtime, dataDir, env })
    expect((await again.api('GET', `/v2/sandboxes/${id}/logs?limit=1`)).body).toEqual({
      logs: [expect.objectContaining({ message: 'line 99' })],
    })
    await expect
      .poll(async () => (await again.api('GET', `/v2/sandboxes/${id}/logs`)).status, {
        timeout: 5000,
        interval: 100,
        message: 'the kept log expired',
      })
      .toBe(404)
    expect(existsSync(join(dataDir, 'sandbox-logs', `${id}.log`))).toBe(false)
  })
})

describe('snapshots', () => {
  it('snapshots (201), lists and pages them, starts sandboxes from one, and deletes it (204, then 404)', async () => {
    const c = await fakeControl()
    const id = await create(c)
    const snap = await c.api('POST', `/sandboxes/${id}/snapshots`, { json: { name: 'my-snap' } })
    expect(snap.status).toBe(201)
    expect(snap.body).toEqual({ snapshotID: expect.stringMatching(/^s[a-z0-9]{19}$/), names: ['my-snap'] })
    const snapshotId = snap.body!.snapshotID as string
    expectError(await c.api('POST', `/sandboxes/${id}/snapshots`, { json: { name: 'my-snap' } }), 409, /already exists/)
    expectError(await c.api('POST', `/sandboxes/${id}/snapshots`, { json: { name: 'bad name!' } }), 400, /name/)
    const second = (await c.api('POST', `/sandboxes/${id}/snapshots`, { json: {} })).body!.snapshotID as string

    const all = await c.api('GET', '/snapshots')
    expect((all.body as unknown as { snapshotID: string }[]).map((s) => s.snapshotID).sort()).toEqual(
      [snapshotId, second].sort(),
    )
    const first = await c.api('GET', '/snapshots?limit=1')
    expect(first.body).toHaveLength(1)
    const token = first.headers.get('x-next-token')!
    const rest = await c.api('GET', `/snapshots?limit=1&nextToken=${token}`)
    expect(rest.body).toHaveLength(1)
    expect(rest.headers.get('x-next-token')).toBeNull()
    expect((await c.api('GET', '/snapshots?name=my-snap')).body).toEqual([
      { snapshotID: snapshotId, names: ['my-snap'] },
    ])
    expectError(await c.api('GET', '/snapshots?nextToken=nope'), 400, /token/)

    for (const ref of [snapshotId, 'my-snap']) {
      const from = await c.api('POST', '/v2/sandboxes', { json: { templateID: ref } })
      expect(from.status).toBe(201)
      expect(from.body).toMatchObject({ templateID: snapshotId, alias: 'my-snap' })
      expect(c.runtime.containersOf(from.body!.sandboxID as string)[0]!.image).toBe(`sandock/snapshot:${snapshotId}`)
      expect((await c.api('DELETE', `/sandboxes/${from.body!.sandboxID}`)).status).toBe(204)
    }
    const del = await c.api('DELETE', `/templates/${snapshotId}`)
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    expectError(await c.api('DELETE', `/templates/${snapshotId}`), 404, /not found/)
  })
})

describe('POST /sandboxes/{id}/fork', () => {
  it('starts count sandboxes from the source with its settings, one result per item (an error among them)', async () => {
    const c = await fakeControl()
    const id = await create(c, { metadata: { from: 'source' }, envVars: { K: 'v' } })
    c.runtime.failNext('start', new Error('docker said no'))
    const res = await c.api('POST', `/sandboxes/${id}/fork`, { json: { count: 3, timeout: 60 } })
    expect(res.status).toBe(201)
    const items = res.body as unknown as (
      | { sandbox: { sandboxID: string; templateID: string } }
      | { error: { code: number; message: string } }
    )[]
    expect(items).toHaveLength(3)
    const errors = items.filter((i) => 'error' in i)
    expect(errors).toEqual([{ error: { code: 500, message: 'fork failed: docker said no' } }])
    const sandboxes = items.flatMap((i) => ('sandbox' in i ? [i.sandbox] : []))
    expect(new Set(sandboxes.map((s) => s.sandboxID)).size).toBe(2)
    for (const s of sandboxes) {
      expect(s.templateID).toMatch(/^s[a-z0-9]{19}$/)
      const detail = await c.api('GET', `/sandboxes/${s.sandboxID}`)
      expect(detail.body).toMatchObject({ metadata: { from: 'source' } })
      expect(c.envd.lastInit(c.runtime.containersOf(s.sandboxID)[0]!.ip)?.envVars).toEqual({ K: 'v' })
    }
    // Fork snapshots are not listed.
    expect((await c.api('GET', '/snapshots')).body).toEqual([])
    expectError(await c.api('POST', `/sandboxes/${id}/fork`, { json: { count: 101 } }), 400, /count/)
  })
})

describe('PUT /sandboxes/{id}/network', () => {
  it('replaces the egress rules live (204), refuses bad ones (400) and internet for an internal sandbox (400)', async () => {
    const c = await fakeControl()
    const id = await create(c)
    const [container] = c.runtime.containersOf(id)
    expect(container!.ruleset).toBeUndefined()
    const res = await c.api('PUT', `/sandboxes/${id}/network`, {
      json: { allowOut: ['1.2.3.4'], denyOut: ['0.0.0.0/0'] },
    })
    expect(res.status).toBe(204)
    expect(container!.ruleset).toContain('-A OUTPUT -d 1.2.3.4/32 -j ACCEPT')
    expect((await c.api('GET', `/sandboxes/${id}`)).body!.network).toEqual({
      allowPublicTraffic: true,
      allowOut: ['1.2.3.4'],
      denyOut: ['0.0.0.0/0'],
    })
    expectError(
      await c.api('PUT', `/sandboxes/${id}/network`, { json: { denyOut: ['example.com'] } }),
      400,
      /invalid denied CIDR example.com/,
    )
    expect((await c.api('GET', `/sandboxes/${id}`)).body!.network).toMatchObject({ denyOut: ['0.0.0.0/0'] })
    expect((await c.api('PUT', `/sandboxes/${id}/network`, { json: {} })).status).toBe(204)
    expect(container!.ruleset).not.toContain('REJECT')

    const internal = await create(c, { allow_internet_access: false })
    expectError(
      await c.api('PUT', `/sandboxes/${internal}/network`, { json: { allow_internet_access: true } }),
      400,
      /allow_internet_access: false/,
    )
  })

  it('answers 409 while a state change is in flight', async () => {
    const c = await fakeControl()
    const id = await create(c)
    const release = c.runtime.hold('pause')
    const pausing = c.api('POST', `/sandboxes/${id}/pause`, { json: {} })
    await expect
      .poll(() => c.runtime.journal.some((j) => j.startsWith('pause')), {
        timeout: 2000,
        interval: 5,
        message: 'the pause to reach the runtime',
      })
      .toBe(true)
    expectError(await c.api('PUT', `/sandboxes/${id}/network`, { json: {} }), 409, /changing state/)
    release()
    expect((await pausing).status).toBe(204)
  })
})

describe('GET /health', () => {
  it('answers 503 with the error body while the built-in images are still being prepared', async () => {
    let ready = false
    const c = await fakeControl({ ready: () => ready })
    const res = await c.api('GET', '/health', { key: null })
    expect(res.status).toBe(503)
    expect(res.body).toEqual({ code: 503, message: 'not ready: the base template image is still being prepared' })
    ready = true
    expect((await c.api('GET', '/health', { key: null })).status).toBe(200)
  })

  it("reports each warm pool's target, ready count and bounds", async () => {
    const c = await fakeControl({
      env: { SANDOCK_POOL_SIZE: '2', SANDOCK_POOL_MAX: '5', SANDOCK_POOL_SIZES: 'code-interpreter-v1=0' },
    })
    c.node.startPool()
    const res = await vi.waitFor(
      async () => {
        const r = await c.api('GET', '/health', { key: null })
        expect((r.body as { pools: { base: { ready: number } } }).pools.base.ready, 'the pool to fill').toBe(2)
        return r
      },
      { timeout: 5000, interval: 20 },
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: 'ok',
      pools: {
        base: { size: 2, ready: 2, min: 2, max: 5 },
        'code-interpreter-v1': { size: 0, ready: 0, min: 0, max: 0 },
      },
    })
  })
})

describe('issue 28: lifecycle, network and error details as upstream', () => {
  it('refuses autoPauseMemory false without autoPause, or with autoResume (400, nothing created)', async () => {
    const c = await fakeControl()
    for (const url of ['/v2/sandboxes', '/sandboxes']) {
      expectError(
        await c.api('POST', url, { json: { templateID: 'base', secure: true, autoPauseMemory: false } }),
        400,
        /^autoPauseMemory=false only applies when autoPause is true\.$/,
      )
      expectError(
        await c.api('POST', url, {
          json: { templateID: 'base', secure: true, autoPause: false, autoPauseMemory: false },
        }),
        400,
        /only applies when autoPause is true/,
      )
      expectError(
        await c.api('POST', url, {
          json: {
            templateID: 'base',
            secure: true,
            autoPause: true,
            autoPauseMemory: false,
            autoResume: { enabled: true },
          },
        }),
        400,
        /cannot be auto-resumed by traffic/,
      )
    }
    expect(c.runtime.containers.size).toBe(0)
    // The allowed combinations.
    expect(
      (
        await c.api('POST', '/v2/sandboxes', {
          json: { templateID: 'base', autoPause: true, autoPauseMemory: false, autoResume: { enabled: false } },
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await c.api('POST', '/v2/sandboxes', {
          json: { templateID: 'base', autoPause: true, autoPauseMemory: true, autoResume: { enabled: true } },
        })
      ).status,
    ).toBe(201)
  })

  it('pauses at the deadline without memory when autoPauseMemory is false (the container stopped), with memory otherwise (frozen)', async () => {
    const c = await fakeControl()
    const fsOnly = await create(c, { timeout: 1, autoPause: true, autoPauseMemory: false })
    const withMemory = await create(c, { timeout: 1, autoPause: true })
    const [a] = c.runtime.containersOf(fsOnly)
    const [b] = c.runtime.containersOf(withMemory)
    await expect
      .poll(() => a!.state === 'stopped' && b!.state === 'paused', {
        timeout: 10_000,
        interval: 100,
        message: 'both paused at their deadline',
      })
      .toBe(true)
    expect((await c.api('GET', `/sandboxes/${fsOnly}`)).body).toMatchObject({
      state: 'paused',
      lifecycle: { onTimeout: 'pause', autoResume: false },
    })
    expect((await c.api('GET', `/sandboxes/${withMemory}`)).body!.state).toBe('paused')
    // The fork of a filesystem-only auto-pauser inherits it.
    const fsOnly2 = await create(c, { timeout: 60, autoPause: true, autoPauseMemory: false })
    const fork = await c.api('POST', `/sandboxes/${fsOnly2}/fork`, { json: { count: 1, timeout: 1 } })
    const forkId = (fork.body as unknown as { sandbox: { sandboxID: string } }[])[0]!.sandbox.sandboxID
    const [f] = c.runtime.containersOf(forkId)
    await expect
      .poll(() => f!.state, { timeout: 10_000, interval: 100, message: 'the fork paused without memory' })
      .toBe('stopped')
  })

  it("answers a memory-paused sandbox's endAt as when the paused retention drops its memory", async () => {
    const c = await fakeControl({ env: { SANDOCK_PAUSED_RETENTION: '3600' } })
    const id = await create(c)
    const before = Date.now()
    expect((await c.api('POST', `/sandboxes/${id}/pause`, { json: {} })).status).toBe(204)
    const endAt = Date.parse((await c.api('GET', `/sandboxes/${id}`)).body!.endAt as string)
    expect(endAt).toBeGreaterThanOrEqual(before + 3600_000 - 1000)
    expect(endAt).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000)
    const listed = (await c.api('GET', '/v2/sandboxes?state=paused')).body as unknown as {
      sandboxID: string
      endAt: string
    }[]
    expect(listed.find((s) => s.sandboxID === id)?.endAt).toBe(new Date(endAt).toISOString())
  })

  it('refuses a v1 create closing public traffic without secure (upstream text), and accepts it with secure', async () => {
    const c = await fakeControl()
    expectError(
      await c.api('POST', '/sandboxes', {
        json: { templateID: 'base', secure: false, network: { allowPublicTraffic: false } },
      }),
      400,
      /^You cannot create a sandbox without public access unless you enable secure envd access via 'secure' flag\.$/,
    )
    expectError(
      await c.api('POST', '/sandboxes', { json: { templateID: 'base', network: { allowPublicTraffic: false } } }),
      400,
      /secure/,
    )
    expect(c.runtime.containers.size).toBe(0)
    const ok = await c.api('POST', '/sandboxes', {
      json: { templateID: 'base', secure: true, network: { allowPublicTraffic: false } },
    })
    expect(ok.status).toBe(201)
    expect(ok.body!.trafficAccessToken).toMatch(/^[0-9a-f]{64}$/)
  })

  it('omits network from GET /sandboxes/{id} when the sandbox has none, and answers it when one is set', async () => {
    const c = await fakeControl()
    const plain = await create(c)
    const body = (await c.api('GET', `/sandboxes/${plain}`)).body!
    expect(body).not.toHaveProperty('network')
    expect(body.lifecycle).toEqual({ autoResume: false, onTimeout: 'kill' })
    const priv = await create(c, { network: { allowPublicTraffic: false } })
    expect((await c.api('GET', `/sandboxes/${priv}`)).body!.network).toEqual({
      allowPublicTraffic: false,
      allowOut: [],
      denyOut: [],
    })
    const masked = await create(c, { network: { maskRequestHost: 'localhost:${PORT}' } })
    expect((await c.api('GET', `/sandboxes/${masked}`)).body!.network).toMatchObject({
      allowPublicTraffic: true,
      maskRequestHost: 'localhost:${PORT}',
    })
  })

  it("answers a server error with upstream's error_code beside code and message", async () => {
    const c = await fakeControl()
    const id = await create(c)
    c.runtime.failNext('pause', new Error('docker said no'))
    const res = await c.api('POST', `/sandboxes/${id}/pause`, { json: {} })
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ code: 500, message: 'internal server error', error_code: 'internal_server_error' })
    // A user's mistake carries none.
    const bad = await c.api('GET', '/sandboxes/nosuchsandbox')
    expect(bad.status).toBe(404)
    expect(bad.body).not.toHaveProperty('error_code')
  })

  it("removes a fork's image once its sandboxes are killed, and keeps it while one runs", async () => {
    const c = await fakeControl()
    const id = await create(c)
    const forkImages = () =>
      [...c.runtime.images.entries()].filter(([, i]) => i.snapshot?.forkOf === id).map(([tag]) => tag)
    const res = await c.api('POST', `/sandboxes/${id}/fork`, { json: { count: 2 } })
    const ids = (res.body as unknown as { sandbox: { sandboxID: string } }[]).map((i) => i.sandbox.sandboxID)
    expect(forkImages()).toHaveLength(1)
    expect((await c.api('DELETE', `/sandboxes/${ids[0]}`)).status).toBe(204)
    expect((await c.api('DELETE', `/sandboxes/${id}`)).status).toBe(204)
    expect(forkImages()).toHaveLength(1)
    expect((await c.api('DELETE', `/sandboxes/${ids[1]}`)).status).toBe(204)
    expect(forkImages()).toEqual([])
    // A fork whose every sandbox failed leaves no image either.
    const other = await create(c)
    c.runtime.failNext('start', new Error('docker said no'))
    const failed = await c.api('POST', `/sandboxes/${other}/fork`, { json: { count: 1 } })
    expect((failed.body as unknown as { error?: unknown }[])[0]!.error).toBeDefined()
    expect([...c.runtime.images.values()].filter((i) => i.snapshot?.forkOf === other)).toEqual([])
  })
})
