// What the control plane reads from envd, against a local HTTP server playing a hostile envd
// (root in a sandbox owns envd's port): inflated, malformed and mistyped /metrics answers are
// errors read within a size cap, and GET /sandboxes/{id}/metrics answers 200 with a gap.
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createEnvdClient, type EnvdMetrics } from '../../../../src/node/envd-client/client.js'
import { METRICS_MAX_BYTES, parseEnvdMetrics, readBounded } from '../../../../src/node/envd-client/envd-answers.js'
import { fakeControl } from '../../../support/fake-control.js'
import { FakeEnvd } from '../../../support/fake-envd.js'

const GOOD = () => ({
  ts: Math.floor(Date.now() / 1000),
  cpu_count: 2,
  cpu_used_pct: 1.5,
  mem_total: 1 << 30,
  mem_used: 1 << 26,
  mem_cache: 0,
  disk_used: 1 << 20,
  disk_total: 10 << 20,
})

type Mode =
  | 'good'
  | 'inflated'
  | 'inflated-chunked'
  | 'not-json'
  | 'strings'
  | 'nested'
  | 'negative'
  | 'array'
  | 'huge-number'
  | 'bad-ts'

/** A fake envd on loopback whose /metrics answers as `mode()` says; counts the bytes it sent. */
async function hostileEnvd(mode: () => Mode) {
  let sent = 0
  const server = http.createServer((req, res) => {
    if (req.url !== '/metrics') return void res.writeHead(404).end()
    const m = mode()
    const json = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v))
    if (m === 'good') return json(GOOD())
    if (m === 'inflated' || m === 'inflated-chunked') {
      // 64 MiB of JSON whitespace before the object: a reader without a cap would hold it all.
      res.writeHead(
        200,
        m === 'inflated'
          ? { 'content-type': 'application/json', 'content-length': String(64 << 20) }
          : { 'content-type': 'application/json' },
      )
      const chunk = Buffer.alloc(1 << 20, 0x20)
      let left = 64
      const pump = () => {
        while (left > 0) {
          left--
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      res.on('error', () => undefined)
      return pump()
    }
    if (m === 'not-json') return void res.writeHead(200).end('{"ts": 1, oops')
    if (m === 'strings') return json({ ...GOOD(), mem_used: '67108864' })
    if (m === 'nested') return json({ ...GOOD(), cpu_used_pct: { $gt: 1 } })
    if (m === 'negative') return json({ ...GOOD(), disk_used: -1 })
    if (m === 'array') return json([GOOD()])
    if (m === 'huge-number')
      return void res
        .writeHead(200)
        .end(
          `{"ts":${GOOD().ts},"cpu_count":2,"cpu_used_pct":1,"mem_total":1e400,"mem_used":1,"mem_cache":0,"disk_used":1,"disk_total":1}`,
        )
    return json({ ...GOOD(), ts: 1e15 })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  onTestFinished(async () => {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  })
  return { port: (server.address() as AddressInfo).port, sent: () => sent }
}

describe('parseEnvdMetrics', () => {
  it("takes envd's answer as it is and refuses every field out of type or range", () => {
    const good = GOOD()
    expect(parseEnvdMetrics(Buffer.from(JSON.stringify(good)))).toEqual(good)
    for (const bad of [
      '',
      'null',
      '[]',
      '"x"',
      '{}',
      JSON.stringify({ ...good, mem_used: '1' }),
      JSON.stringify({ ...good, cpu_count: 1.5 }),
      JSON.stringify({ ...good, ts: 12 }),
      JSON.stringify({ ...good, disk_total: Number.MAX_SAFE_INTEGER * 4 }),
      JSON.stringify({ ...good, cpu_used_pct: 1e6 }),
      JSON.stringify({ ...good, mem_cache: null }),
    ])
      expect(() => parseEnvdMetrics(Buffer.from(bad)), bad).toThrow(/envd \/metrics/)
  })
})

describe('readBounded', () => {
  it('reads up to the cap, refuses past it (declared or streamed), and truncates when asked', async () => {
    expect((await readBounded(new Response('abc'), 3)).toString()).toBe('abc')
    await expect(readBounded(new Response('abcd'), 3)).rejects.toThrow(/exceeds 3 bytes/)
    await expect(readBounded(new Response('abcd', { headers: { 'content-length': '4' } }), 3)).rejects.toThrow(
      /answered 4 bytes/,
    )
    expect((await readBounded(new Response('abcdef'), 4, { truncate: true })).toString()).toBe('abcd')
  })
})

describe('EnvdClient.metrics against a hostile envd', () => {
  it('refuses inflated answers within the cap (the rest is never read) and mistyped ones', async () => {
    let mode: Mode = 'good'
    const envd = await hostileEnvd(() => mode)
    const client = createEnvdClient({ port: envd.port })
    expect(await client.metrics('127.0.0.1', undefined)).toMatchObject({ cpu_count: 2 })
    for (const m of [
      'inflated',
      'inflated-chunked',
      'not-json',
      'strings',
      'nested',
      'negative',
      'array',
      'huge-number',
      'bad-ts',
    ] as Mode[]) {
      mode = m
      const before = process.memoryUsage().rss
      await expect(client.metrics('127.0.0.1', undefined), m).rejects.toMatchObject({ kind: 'unavailable' })
      // Nowhere near the 64 MiB on offer.
      expect(process.memoryUsage().rss - before, m).toBeLessThan(32 << 20)
    }
    // What was sent of the 64 MiB bodies is what the socket buffers took before the cancel, not all of it.
    expect(envd.sent()).toBeLessThan(2 * (64 << 20))
    expect(METRICS_MAX_BYTES).toBeLessThanOrEqual(1 << 20)
  })
})

/** A FakeEnvd whose /metrics is read by the real client from the hostile server. */
class HostileMetricsEnvd extends FakeEnvd {
  constructor(private readonly port: number) {
    super()
  }
  override async metrics(): Promise<EnvdMetrics> {
    return createEnvdClient({ port: this.port }).metrics('127.0.0.1', undefined)
  }
}

describe('GET /sandboxes/{id}/metrics with a hostile envd', () => {
  it('answers 200 with the good samples only: a bad answer is a gap, never a 500', async () => {
    let mode: Mode = 'good'
    const envd = await hostileEnvd(() => mode)
    const c = await fakeControl({
      envd: new HostileMetricsEnvd(envd.port),
      env: { SANDOCK_METRICS_INTERVAL_MS: '100' },
    })
    const res = await c.api('POST', '/v2/sandboxes', { json: { templateID: 'base' } })
    expect(res.status, res.text).toBe(201)
    const id = res.body!.sandboxID as string
    const count = async () => {
      const r = await c.api('GET', `/sandboxes/${id}/metrics`)
      expect(r.status, r.text).toBe(200)
      const samples = r.body as unknown as Record<string, unknown>[]
      for (const s of samples)
        for (const k of [
          'timestampUnix',
          'cpuCount',
          'cpuUsedPct',
          'memUsed',
          'memTotal',
          'memCache',
          'diskUsed',
          'diskTotal',
        ])
          expect(typeof s[k], k).toBe('number')
      return samples.length
    }
    await new Promise((r) => setTimeout(r, 350))
    const good = await count()
    expect(good).toBeGreaterThan(0)
    for (const m of ['inflated-chunked', 'strings', 'nested', 'not-json', 'huge-number', 'bad-ts'] as Mode[]) {
      mode = m
      await new Promise((r) => setTimeout(r, 250))
      // Samples in flight when the mode changed may still land; none after.
      const settled = await count()
      await new Promise((r) => setTimeout(r, 250))
      expect(await count(), m).toBe(settled)
    }
    mode = 'good'
    await new Promise((r) => setTimeout(r, 350))
    expect(await count()).toBeGreaterThan(good)
  })
})
