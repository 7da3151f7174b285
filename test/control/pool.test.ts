// Warm pools. A fixed one (SANDOCK_POOL_SIZE=2..2): claims are exclusive under concurrency, a
// pooled sandbox gets its own env vars and token, a killed sandbox's container never comes back,
// the pool refills, and a restart re-adopts or removes pool containers without leaking any. One
// that follows demand (1..4): grows to a burst it has seen and no further, serves the next burst
// from the pool, keeps its size across a restart and shrinks to its floor when idle. No timing
// assertions (speed is in bench/workloads.mjs).
// Uses its own server (API port + 30, proxy port + 30) so the shared one is never disturbed.
import { lookup } from 'node:dns/promises'
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ALL_TRAFFIC, Sandbox } from 'e2b'
import {
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  sdkOpts,
  startServer,
  type ControlServer,
} from '../support/control-server.js'
import { containersOf, createSandbox, killQuietly, printServerLogsOnFailure } from '../support/control-sdk.js'
import { docker } from '../support/docker.js'
import { unique } from '../support/async.js'

const iptables = async (...args: string[]) => (await promisify(execFile)('iptables', ['-w', '5', ...args])).stdout
const apiPort = DEFAULT_API_PORT + 30
const proxyPort = DEFAULT_PROXY_PORT + 30
const POOL_SIZE = 2
/** A fixed size: the pool does not grow with the bursts these tests make. */
const FIXED = `${POOL_SIZE}..${POOL_SIZE}`

type Health = { status: string; pools: Record<string, { size: number; ready: number; min: number; max: number }> }

/**
 * Every container carrying the pool label of `server` (its instance: a pool container in a network
 * slot is on no network of its own), claimed or not: id → sandbox id.
 */
async function poolLabelled(server: ControlServer): Promise<Map<string, string>> {
  const instance = (await readFile(join(server.dataDir, 'instance-id'), 'utf8')).trim()
  const out = await docker(
    'ps',
    '-a',
    '--no-trunc',
    '--filter',
    'label=sandock.pool=true',
    '--filter',
    `label=sandock.instance=${instance}`,
    '--format',
    '{{.ID}} {{.Label "sandock.sandbox-id"}}',
  )
  return new Map(
    out
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(' ') as [string, string]),
  )
}
/** Pool containers not claimed by any sandbox of `server`. */
async function unclaimedOf(server: ControlServer): Promise<string[]> {
  const live = new Set((await Sandbox.list({ ...sdkOpts(server), limit: 100 }).nextItems()).map((s) => s.sandboxId))
  return [...(await poolLabelled(server))].filter(([, sandboxId]) => !live.has(sandboxId)).map(([id]) => id)
}
const healthOf = async (server: ControlServer): Promise<Health> =>
  (await fetch(`${server.apiUrl}/health`)).json() as Promise<Health>
const containerOf = async (sandboxId: string) => {
  const c = await containersOf(sandboxId)
  expect(c, `one container for ${sandboxId}`).toHaveLength(1)
  return c[0]!
}

describe('warm pool', () => {
  let server: ControlServer
  /** Every server started (restarts reuse the data dir): cleaned up newest first. */
  const servers: ControlServer[] = []
  const ids: string[] = []
  printServerLogsOnFailure(() => server)

  beforeAll(async () => {
    servers.push((server = await startServer({ apiPort, proxyPort, env: { SANDOCK_POOL_SIZE: FIXED } })))
  })
  afterAll(async () => {
    for (const id of ids) await killQuietly(id, server)
    for (const s of servers.reverse()) await s.cleanup()
  })
  const restart = async () => {
    await server.stop('SIGKILL')
    servers.push(
      (server = await startServer({
        apiPort,
        proxyPort,
        dataDir: server.dataDir,
        apiKey: server.apiKey,
        env: { SANDOCK_POOL_SIZE: FIXED },
      })),
    )
  }

  const health = () => healthOf(server)
  const labelled = () => poolLabelled(server)
  const unclaimed = () => unclaimedOf(server)
  const poolFull = () =>
    vi.waitFor(
      async () => {
        const h = await health()
        expect(h.pools.base?.ready, 'the base pool to be full').toBe(POOL_SIZE)
        expect(await unclaimed(), 'the base pool to be full').toHaveLength(POOL_SIZE)
        return h
      },
      { timeout: 120_000, interval: 100 },
    )
  const create = async (opts: Parameters<typeof createSandbox>[0] = {}) => {
    const sbx = await createSandbox(opts, server)
    ids.push(sbx.sandboxId)
    return sbx
  }

  it('reports the pool on /health and fills it in the background', async () => {
    const h = await poolFull()
    // code-interpreter-v1 is configured off by the test servers (support/control-server.ts).
    expect(h).toEqual({
      status: 'ok',
      pools: {
        base: { size: POOL_SIZE, ready: POOL_SIZE, min: POOL_SIZE, max: POOL_SIZE },
        'code-interpreter-v1': { size: 0, ready: 0, min: 0, max: 0 },
      },
    })
  })

  it('hands each concurrent create its own container: the pool ones once, the excess cold-started', async () => {
    await poolFull()
    const pooled = await unclaimed()
    const n = POOL_SIZE + 3
    const tag = unique('pool-race')
    const sandboxes = await Promise.all(
      Array.from({ length: n }, (_, i) => create({ metadata: { tag, i: String(i) }, envs: { WHO: `sbx-${i}` } })),
    )
    const containers = await Promise.all(sandboxes.map((s) => containerOf(s.sandboxId)))
    expect(new Set(containers).size).toBe(n)
    expect(new Set(sandboxes.map((s) => s.sandboxId)).size).toBe(n)
    // Both ready pool containers were claimed, each by exactly one create.
    for (const c of pooled) expect(containers.filter((x) => x === c)).toHaveLength(1)
    const outputs = await Promise.all(sandboxes.map((s) => s.commands.run('echo "$WHO $E2B_SANDBOX_ID"')))
    expect(outputs.map((o) => o.stdout)).toEqual(sandboxes.map((s, i) => `sbx-${i} ${s.sandboxId}\n`))
    const listed = await Sandbox.list({ ...sdkOpts(server), query: { metadata: { tag } } }).nextItems()
    expect(listed.map((s) => s.metadata.i).sort()).toEqual(Array.from({ length: n }, (_, i) => String(i)).sort())
    await Promise.all(sandboxes.map((s) => s.kill()))
  })

  it('gives pooled sandboxes their own env vars and access tokens', async () => {
    await poolFull()
    const pooled = new Set(await unclaimed())
    const a = await create({ envs: { SECRET: 'for-a' } })
    const b = await create({ envs: { SECRET: 'for-b' } })
    expect(pooled.has(await containerOf(a.sandboxId))).toBe(true)
    expect(pooled.has(await containerOf(b.sandboxId))).toBe(true)
    expect((await a.commands.run('echo $SECRET')).stdout).toBe('for-a\n')
    expect((await b.commands.run('echo $SECRET')).stdout).toBe('for-b\n')
    // Their own ids in /run/e2b, as upstream writes them (the pooled container's, written at /init).
    for (const s of [a, b])
      expect((await s.commands.run('cat /run/e2b/.E2B_SANDBOX_ID /run/e2b/.E2B_TEMPLATE_ID')).stdout).toBe(
        `${s.sandboxId}base`,
      )
    const tokenOf = (s: Sandbox) => (s as unknown as { envdAccessToken?: string }).envdAccessToken
    expect(tokenOf(a)).toBeTruthy()
    expect(tokenOf(a)).not.toBe(tokenOf(b))
    const list = (target: Sandbox, token: string | undefined) =>
      fetch(`${server.sandboxUrl}/process.Process/List`, {
        method: 'POST',
        headers: {
          'e2b-sandbox-id': target.sandboxId,
          'e2b-sandbox-port': '49983',
          'content-type': 'application/json',
          ...(token ? { 'x-access-token': token } : {}),
        },
        body: '{}',
      }).then((r) => r.status)
    expect(await list(b, tokenOf(b))).toBe(200)
    expect(await list(b, tokenOf(a))).toBe(401)
    expect(await list(a, tokenOf(b))).toBe(401)
    expect(await list(a, undefined)).toBe(401)
    await Promise.all([a.kill(), b.kill()])
  })

  it('never hands out a killed sandbox’s container again', async () => {
    await poolFull()
    const first = await create()
    const killed = await containerOf(first.sandboxId)
    await first.kill()
    expect(await docker('ps', '-aq', '--no-trunc', '--filter', `id=${killed}`)).toBe('')
    const seen: string[] = []
    for (let i = 0; i < POOL_SIZE + 2; i++) {
      if (i === POOL_SIZE) await poolFull()
      const s = await create()
      seen.push(await containerOf(s.sandboxId))
      expect((await s.commands.run('echo ok')).stdout).toBe('ok\n')
      await s.kill()
    }
    await poolFull()
    expect(seen).not.toContain(killed)
    expect(await unclaimed()).not.toContain(killed)
  })

  it('cold-starts what the pool cannot serve (no internet access) without touching the pool', async () => {
    await poolFull()
    const pooled = await unclaimed()
    const s = await create({ allowInternetAccess: false })
    expect(pooled).not.toContain(await containerOf(s.sandboxId))
    expect((await unclaimed()).sort()).toEqual(pooled.sort())
    await s.kill()
  })

  it('cold-starts a create with egress rules, so the rules are in place before envd first answers', async () => {
    await poolFull()
    const pooled = await unclaimed()
    // The package registry is the only outside host tests may contact.
    const { address: registryIp } = await lookup('registry.npmjs.org', { family: 4 })
    const s = await create({ network: { denyOut: [ALL_TRAFFIC] } })
    expect(pooled).not.toContain(await containerOf(s.sandboxId))
    expect((await unclaimed()).sort()).toEqual(pooled.sort())
    expect((await s.getInfo()).network?.denyOut).toEqual([ALL_TRAFFIC])
    const r = await s.commands.run(
      `timeout 5 bash -c 'exec 3<>/dev/tcp/${registryIp}/443' && echo open || echo blocked`,
      { timeoutMs: 20_000 },
    )
    expect(r.stdout.trim()).toBe('blocked')
    await s.kill()
  })

  it('re-adopts or removes pool containers across a restart: none leaked, claimed ones stay sandboxes', async () => {
    await poolFull()
    const tag = unique('pool-restart')
    const kept = await create({ metadata: { tag }, envs: { KEPT: 'yes' }, timeoutMs: 120_000 })
    const keptContainer = await containerOf(kept.sandboxId)
    await poolFull()
    const before = await unclaimed()
    await restart()
    await poolFull()
    const after = await unclaimed()
    expect(after).toHaveLength(POOL_SIZE)
    // Old pool containers are back in the pool or gone (a rebuilt base image makes them stale).
    const pooledNow = await labelled()
    for (const c of before) if (pooledNow.has(c)) expect(after).toContain(c)
    expect(after).not.toContain(keptContainer)
    // The claimed one is still a sandbox with its own metadata, env and container.
    const listed = await Sandbox.list({ ...sdkOpts(server), query: { metadata: { tag } } }).nextItems()
    expect(listed.map((s) => s.sandboxId)).toEqual([kept.sandboxId])
    expect((await kept.commands.run('echo $KEPT')).stdout).toBe('yes\n')
    expect(await containerOf(kept.sandboxId)).toBe(keptContainer)
    await kept.kill()
    expect(await docker('ps', '-aq', '--no-trunc', '--filter', `id=${keptContainer}`)).toBe('')
  })

  it('removes a pool container whose claim did not finish before a restart', async () => {
    await poolFull()
    const [victim] = await unclaimed()
    const sandboxId = (await labelled()).get(victim!)!
    // What a crash between the claim mark and the sandbox's state file leaves behind.
    await server.stop('SIGKILL')
    await writeFile(join(server.dataDir, 'sandboxes', 'pool-claims', sandboxId), '')
    await restart()
    await poolFull()
    expect(await docker('ps', '-aq', '--no-trunc', '--filter', `id=${victim}`)).toBe('')
    expect(await unclaimed()).not.toContain(victim)
  })

  it('a clean stop removes the unclaimed pool containers and keeps claimed ones; the next start fills the pool again', async () => {
    await poolFull()
    const sbx = await create()
    await poolFull()
    const before = await unclaimed()
    await server.stop('SIGTERM')
    for (const id of before) expect(await docker('ps', '-aq', '--no-trunc', '--filter', `id=${id}`)).toBe('')
    expect(await containersOf(sbx.sandboxId)).toHaveLength(1)
    servers.push(
      (server = await startServer({
        apiPort,
        proxyPort,
        dataDir: server.dataDir,
        apiKey: server.apiKey,
        env: { SANDOCK_POOL_SIZE: String(POOL_SIZE) },
      })),
    )
    await poolFull()
    expect((await sbx.commands.run('echo still')).stdout).toBe('still\n')
  })

  it('a start removes what a killed server whose data dir is gone left on its networks: pool containers, sandboxes, its firewall chain', async () => {
    await poolFull()
    const orphans = await unclaimed()
    // A cold-started sandbox on the internal network: its tokens and deadline go with the data dir.
    const cold = await create({ allowInternetAccess: false })
    const [coldContainer] = await containersOf(cold.sandboxId)
    const oldChain = `SANDOCK-IN-${(await readFile(join(server.dataDir, 'instance-id'), 'utf8')).trim().slice(0, 12)}`
    await server.stop('SIGKILL')
    // Same ports and networks, a fresh data dir: another instance.
    servers.push((server = await startServer({ apiPort, proxyPort, env: { SANDOCK_POOL_SIZE: String(POOL_SIZE) } })))
    for (const id of [...orphans, coldContainer!])
      expect(await docker('ps', '-aq', '--no-trunc', '--filter', `id=${id}`)).toBe('')
    if (process.getuid?.() === 0) expect(await iptables('-S', 'INPUT')).not.toContain(oldChain)
    await poolFull()
  })

  it("a clean stop with no sandboxes left removes the server's networks; the next start creates them again", async () => {
    for (const id of ids.splice(0)) await killQuietly(id, server)
    await server.stop('SIGTERM')
    for (const n of server.networks) expect(await docker('network', 'ls', '-q', '--filter', `name=^${n}$`)).toBe('')
    servers.push(
      (server = await startServer({
        apiPort,
        proxyPort,
        dataDir: server.dataDir,
        apiKey: server.apiKey,
        env: { SANDOCK_POOL_SIZE: String(POOL_SIZE) },
      })),
    )
    for (const n of server.networks) expect(await docker('network', 'ls', '-q', '--filter', `name=^${n}$`)).not.toBe('')
    await poolFull()
  })

  it('a clean stop while the pool is still filling leaves no container behind (boots in flight are removed)', async () => {
    for (const id of ids.splice(0)) await killQuietly(id, server)
    await server.stop('SIGTERM')
    // A bigger pool than there are boot slots: boots are in flight (and queued) at the stop.
    servers.push(
      (server = await startServer({
        apiPort,
        proxyPort,
        dataDir: server.dataDir,
        apiKey: server.apiKey,
        env: { SANDOCK_POOL_SIZE: '6..6', SANDOCK_POOL_BOOTS: '2' },
      })),
    )
    await expect
      .poll(async () => (await labelled()).size, {
        timeout: 60_000,
        interval: 100,
        message: 'the first pool boot to start a container',
      })
      .toBeGreaterThan(0)
    expect((await health()).pools.base!.ready).toBeLessThan(6)
    await server.stop('SIGTERM')
    const instance = (await readFile(join(server.dataDir, 'instance-id'), 'utf8')).trim()
    expect(await docker('ps', '-aq', '--filter', `label=sandock.instance=${instance}`)).toBe('')
    servers.push(
      (server = await startServer({
        apiPort,
        proxyPort,
        dataDir: server.dataDir,
        apiKey: server.apiKey,
        env: { SANDOCK_POOL_SIZE: String(POOL_SIZE) },
      })),
    )
    await poolFull()
  })
})

describe('the live sandbox cap with a warm pool', () => {
  let server: ControlServer
  const ids: string[] = []
  printServerLogsOnFailure(() => server)

  beforeAll(async () => {
    server = await startServer({ apiPort, proxyPort, env: { SANDOCK_POOL_SIZE: '1..1', SANDOCK_MAX_SANDBOXES: '2' } })
  })
  afterAll(async () => {
    for (const id of ids) await killQuietly(id, server)
    await server?.cleanup()
  })

  it('answers 429 with the contract body and Retry-After beyond the cap (pool containers do not count), and the SDK retries into a freed slot', async () => {
    await expect
      .poll(async () => ((await (await fetch(`${server.apiUrl}/health`)).json()) as Health).pools.base?.ready, {
        timeout: 120_000,
        interval: 100,
        message: 'the pool to fill',
      })
      .toBe(1)
    const a = await createSandbox({}, server)
    const b = await createSandbox({}, server)
    ids.push(a.sandboxId, b.sandboxId)
    const res = await fetch(`${server.apiUrl}/sandboxes`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ templateID: 'base' }),
    })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await res.json()).toEqual({
      code: 429,
      message:
        "you have reached the maximum number of concurrent E2B sandboxes (2). If you need more, please visit 'https://e2b.dev/docs/billing'",
    })
    // The SDK waits Retry-After (1 s) and tries again: a kill meanwhile frees the slot.
    const third = createSandbox({}, server)
    await new Promise((r) => setTimeout(r, 200))
    await a.kill()
    const c = await third
    ids.push(c.sandboxId)
    expect((await c.commands.run('echo ok')).stdout).toBe('ok\n')
  })
})

describe('a warm pool that follows demand', () => {
  const MIN = 1
  const MAX = 4
  let server: ControlServer
  const servers: ControlServer[] = []
  const ids: string[] = []
  /**
   * The most pool containers seen at once that no sandbox of these tests ever claimed, sampled
   * while no create is in flight (a claim in flight is not in `ids` yet).
   */
  let mostUnclaimed = 0
  let creating = 0
  let sampling = true
  let sampler: Promise<void> | undefined
  printServerLogsOnFailure(() => server)
  // Back to the floor 20 s after the last create: long enough that a burst's refills (behind its
  // cold starts on a loaded machine) land while the pool still remembers it.
  const env = { SANDOCK_POOL_SIZE: `${MIN}..${MAX}`, SANDOCK_POOL_IDLE: '20' }

  beforeAll(async () => {
    servers.push((server = await startServer({ apiPort, proxyPort, env })))
    sampler = (async () => {
      while (sampling) {
        const quiet = creating === 0
        const labelled = await poolLabelled(server).catch(() => new Map<string, string>())
        const claimed = new Set(ids)
        if (quiet && creating === 0)
          mostUnclaimed = Math.max(mostUnclaimed, [...labelled.values()].filter((id) => !claimed.has(id)).length)
        await new Promise((r) => setTimeout(r, 300))
      }
    })()
  })
  afterAll(async () => {
    sampling = false
    await sampler
    for (const id of ids) await killQuietly(id, server)
    for (const s of servers.reverse()) await s.cleanup()
  })

  /** Waits until the pool's target is `size` with that many containers ready and unclaimed. */
  const poolAt = (size: number) =>
    vi.waitFor(
      async () => {
        const h = await healthOf(server)
        expect(h.pools.base?.size, `the base pool at ${size}`).toBe(size)
        expect(h.pools.base?.ready, `the base pool at ${size}`).toBe(size)
        expect(await unclaimedOf(server), `the base pool at ${size}`).toHaveLength(size)
        return h
      },
      { timeout: 120_000, interval: 250 },
    )
  const burst = async (n: number) => {
    creating++
    try {
      return await Promise.all(
        Array.from({ length: n }, async (_, i) => {
          const s = await createSandbox({ envs: { WHO: `sbx-${i}` } }, server)
          ids.push(s.sandboxId)
          return s
        }),
      )
    } finally {
      creating--
    }
  }

  it('grows to a burst it has seen (never beyond its max) and serves the next burst from the pool', async () => {
    await poolAt(MIN)
    const first = await burst(MAX + 2)
    // The burst asked for more than the max: the pool grows to its max, while the burst's sandboxes live.
    const grown = await poolAt(MAX)
    expect(grown.pools.base).toEqual({ size: MAX, ready: MAX, min: MIN, max: MAX })
    await Promise.all(first.map((s) => s.kill()))
    const pooled = await unclaimedOf(server)
    const second = await burst(MAX)
    expect((await Promise.all(second.map((s) => containerOf(s.sandboxId)))).sort()).toEqual(pooled.sort())
    const outputs = await Promise.all(second.map((s) => s.commands.run('echo "$WHO $E2B_SANDBOX_ID"')))
    expect(outputs.map((o) => o.stdout)).toEqual(second.map((s, i) => `sbx-${i} ${s.sandboxId}\n`))
    await Promise.all(second.map((s) => s.kill()))
    // Refilled to the size the demand asked for.
    await poolAt(MAX)
    expect(mostUnclaimed).toBeLessThanOrEqual(MAX)
  })

  it('keeps a grown pool across a restart, then shrinks it to its floor when idle; no container leaks', async () => {
    const before = await unclaimedOf(server)
    expect(before).toHaveLength(MAX)
    await server.stop('SIGKILL')
    servers.push(
      (server = await startServer({ apiPort, proxyPort, dataDir: server.dataDir, apiKey: server.apiKey, env })),
    )
    // Re-adopted as they were (no new boots, none removed), and held at that size for an idle period.
    await poolAt(MAX)
    expect((await unclaimedOf(server)).sort()).toEqual(before.sort())
    // No creates: after the idle period the pool gives back all but its floor.
    await poolAt(MIN)
    const left = await poolLabelled(server)
    expect(left.size).toBe(MIN)
    expect(before).toContain([...left.keys()][0])
    expect(mostUnclaimed).toBeLessThanOrEqual(MAX)
  })
})
