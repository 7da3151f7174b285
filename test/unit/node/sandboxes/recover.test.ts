// Re-attaching after a restart on fakes: sandboxes rebuilt from their state files (creation spec,
// deadline, pause mode, env vars, rules), never-claimed pool containers back in the pool, claimed
// ones kept as sandboxes, leftovers removed, and a container without a state file rebuilt from
// its labels alone.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sandboxFixture } from '../../../support/sandbox-fixture.js'
import type { SandboxTokens } from '../../../../src/node/sandboxes/settings.js'
import type { SandboxSpec } from '../../../../src/node/sandboxes/types.js'

const spec = (sandboxId: string): SandboxSpec => ({
  sandboxId,
  templateId: 'base',
  alias: 'base',
  metadata: {},
  timeoutMs: 300_000,
  onTimeout: 'kill',
  autoResume: false,
  secure: true,
  allowPublicTraffic: true,
  allowInternetAccess: true,
  cpuCount: 2,
  memoryMB: 1024,
  startedAt: new Date(),
  volumeMounts: [],
})

describe('recovery after a restart', () => {
  it('re-attaches running, memory-paused and filesystem-paused sandboxes with their state', async () => {
    const f = await sandboxFixture()
    const running = await f.create({
      envVars: { A: '1' },
      metadata: { k: 'v' },
      egress: { denyOut: ['10.0.0.0/8'] },
      allowPublicTraffic: false,
    })
    await f.service.setTimeout(running.sandboxId, 100)
    const frozen = await f.create()
    await f.service.pause(frozen.sandboxId, { memory: true })
    const stopped = await f.create({ envVars: { B: '2' } })
    await f.service.pause(stopped.sandboxId, { memory: false })
    const endAt = running.endAt
    // The namespace outlives the server, but the rules are loaded again anyway.
    f.runtime.containers.get(running.containerId)!.ruleset = undefined

    const g = await f.restart()
    const again = g.service.get(running.sandboxId)
    expect(again).toMatchObject({
      state: 'running',
      containerId: running.containerId,
      metadata: { k: 'v' },
      envVars: { A: '1' },
      memoryKept: true,
      envdAccessToken: `envd-${running.sandboxId}`,
      trafficAccessToken: `traffic-${running.sandboxId}`,
      egress: { allowOut: [], denyOut: ['10.0.0.0/8'] },
    })
    expect(again.endAt.getTime()).toBe(endAt.getTime())
    expect(again.timer).toBeDefined()
    expect(f.runtime.containers.get(running.containerId)!.ruleset).toContain('10.0.0.0/8')
    expect(g.service.get(frozen.sandboxId)).toMatchObject({ state: 'paused', memoryKept: true })
    expect(g.service.get(stopped.sandboxId)).toMatchObject({ state: 'paused', memoryKept: false, envVars: { B: '2' } })
    // And they work: the filesystem-paused one boots with its env vars.
    expect((await g.service.connect(stopped.sandboxId, 60)).resumed).toBe(true)
    expect(g.envd.lastInit(stopped.ip)?.envVars).toEqual({ B: '2' })
  })

  it('keeps the tokens as issued across a restart with another seed, and derives them the earlier way for a state file without them', async () => {
    const seed = (name: string): SandboxTokens => ({
      envd: (id) => `envd-${name}-${id}`,
      traffic: (id) => `traffic-${name}-${id}`,
    })
    const f = await sandboxFixture({ tokens: seed('one') })
    const kept = await f.create({ allowPublicTraffic: false })
    const older = await f.create({ allowPublicTraffic: false })
    // A file an older version wrote: no tokens in it.
    const olderFile = join(f.settings.dataDir, 'sandboxes', `${older.sandboxId}.json`)
    const { tokens, ...rest } = JSON.parse(await readFile(olderFile, 'utf8')) as { tokens?: unknown }
    expect(tokens).toEqual({ envd: `envd-one-${older.sandboxId}`, traffic: `traffic-one-${older.sandboxId}` })
    await writeFile(olderFile, JSON.stringify(rest))

    const g = await f.restart({}, { ...seed('two'), earlier: seed('shared') })
    expect(g.service.get(kept.sandboxId)).toMatchObject({
      envdAccessToken: `envd-one-${kept.sandboxId}`,
      trafficAccessToken: `traffic-one-${kept.sandboxId}`,
    })
    expect(g.service.get(older.sandboxId)).toMatchObject({
      envdAccessToken: `envd-shared-${older.sandboxId}`,
      trafficAccessToken: `traffic-shared-${older.sandboxId}`,
    })
    // A new sandbox gets the new seed's.
    const fresh = await g.create()
    expect(fresh.envdAccessToken).toBe(`envd-two-${fresh.sandboxId}`)
  })

  it("reads a sandbox's creation spec from its state file, whether it cold-started or was claimed from a pool", async () => {
    const f = await sandboxFixture()
    const cold = await f.create({ metadata: { from: 'state' }, egress: { denyOut: ['10.0.0.0/8'] } })
    // Labels that say otherwise are not what a restart reads (only an older state file without a spec leaves them in use).
    const labels = f.runtime.containers.get(cold.containerId)!
    labels.spec = { ...labels.spec!, metadata: { from: 'labels' }, timeoutMs: 1 }
    const saved = JSON.parse(
      await readFile(join(f.settings.dataDir, 'sandboxes', `${cold.sandboxId}.json`), 'utf8'),
    ) as { spec?: { sandboxId: string; metadata: Record<string, string> }; pooled?: boolean }
    expect(saved).toMatchObject({ pooled: false, spec: { sandboxId: cold.sandboxId, metadata: { from: 'state' } } })

    const g = await f.restart()
    expect(g.service.get(cold.sandboxId)).toMatchObject({
      metadata: { from: 'state' },
      timeoutMs: cold.timeoutMs,
      pooled: false,
    })
  })

  it('removes leftovers (a stopped container whose state says no pause, one with unreadable labels) and rebuilds one without a state file from its labels', async () => {
    const f = await sandboxFixture()
    const kept = await f.create()
    const crashed = await f.create()
    f.runtime.containers.get(crashed.containerId)!.state = 'stopped'
    const startedAt = new Date(Date.now() - 60_000)
    const fromLabels = f.runtime.plant({
      spec: { ...spec('ilabels0000000000000'), startedAt, timeoutMs: 600_000, metadata: { from: 'labels' } },
    })
    const unreadable = f.runtime.plant({ spec: undefined })

    const g = await f.restart()
    expect(
      g.service
        .list()
        .map((r) => r.sandboxId)
        .sort(),
    ).toEqual([kept.sandboxId, 'ilabels0000000000000'].sort())
    expect(g.service.get('ilabels0000000000000')).toMatchObject({
      state: 'running',
      containerId: fromLabels.containerId,
      metadata: { from: 'labels' },
      envVars: {},
    })
    expect(g.service.get('ilabels0000000000000').endAt.getTime()).toBe(startedAt.getTime() + 600_000)
    expect([...f.runtime.containers.keys()].sort()).toEqual([kept.containerId, fromLabels.containerId].sort())
    expect(f.runtime.journal).toEqual(
      expect.arrayContaining([`remove ${crashed.containerId}`, `remove ${unreadable.containerId}`]),
    )
    expect(await readdir(join(f.settings.dataDir, 'sandboxes'))).toEqual(
      expect.not.arrayContaining([`${crashed.sandboxId}.json`]),
    )
  })

  it('puts never-claimed pool containers back in the pool, keeps claimed ones as sandboxes, and removes a claim that did not finish', async () => {
    const f = await sandboxFixture({ settings: { pools: { base: { min: 3, max: 3 } } } })
    f.service.startPool()
    await expect
      .poll(() => f.service.poolStatus().base?.ready, { timeout: 3000, interval: 5, message: 'the pool to fill' })
      .toBe(3)
    const claimed = await f.create({ envVars: { MINE: 'yes' }, metadata: { who: 'claimer' } })
    expect(claimed.pooled).toBe(true)
    await expect
      .poll(() => f.service.poolStatus().base?.ready, { timeout: 3000, interval: 5, message: 'the pool to refill' })
      .toBe(3)
    await f.service.close()
    const pool = [...f.runtime.containers.values()].filter((c) => c.pool && c.containerId !== claimed.containerId)
    // One claim was marked and then cut by the "crash": its container must never be pooled again.
    const cut = pool[0]!
    await writeFile(join(f.settings.dataDir, 'sandboxes', 'pool-claims', cut.spec!.sandboxId), '')
    // A claim mark whose container is gone is forgotten.
    await writeFile(join(f.settings.dataDir, 'sandboxes', 'pool-claims', 'igone000000000000000'), '')

    const g = await f.restart({ pools: { base: { min: 3, max: 3 } } })
    expect(g.service.get(claimed.sandboxId)).toMatchObject({
      pooled: true,
      metadata: { who: 'claimer' },
      envVars: { MINE: 'yes' },
      state: 'running',
    })
    expect(f.runtime.containers.has(cut.containerId)).toBe(false)
    expect(pool).toHaveLength(3)
    expect(await readdir(join(f.settings.dataDir, 'sandboxes', 'pool-claims'))).toEqual([claimed.sandboxId])
    // The two re-adopted pool containers serve the next creates.
    const next = [await g.create(), await g.create()]
    expect(next.map((r) => r.pooled)).toEqual([true, true])
    expect(next.map((r) => r.containerId).sort()).toEqual(
      pool
        .slice(1)
        .map((c) => c.containerId)
        .sort(),
    )
  })

  it('removes pool containers started under another runtime (SANDOCK_RUNTIME changed) and boots new ones under the new one', async () => {
    const f = await sandboxFixture({ settings: { pools: { base: { min: 2, max: 2 } } } })
    f.service.startPool()
    await expect
      .poll(() => f.service.poolStatus().base?.ready, { timeout: 3000, interval: 5, message: 'the pool to fill' })
      .toBe(2)
    await f.service.close()
    const runcPool = [...f.runtime.containers.values()].filter((c) => c.pool)
    expect(runcPool.map((c) => c.runtime)).toEqual(['runc', 'runc'])

    const g = await f.restart({ containerRuntime: 'runsc', pools: { base: { min: 2, max: 2 } } })
    for (const c of runcPool) expect(f.runtime.containers.has(c.containerId)).toBe(false)
    g.service.startPool()
    const claimed = await g.create()
    expect(f.runtime.containers.get(claimed.containerId)?.runtime).toBe('runsc')
  })

  it("removes what another (gone) instance left on this server's networks, pool containers and sandboxes, and leaves other networks alone", async () => {
    const f = await sandboxFixture()
    const orphans = [
      f.runtime.plant({ spec: spec('orphan1'), pool: true, network: 'sandock', foreignInstance: 'gone' }),
      f.runtime.plant({ spec: spec('orphan2'), network: 'sandock', foreignInstance: 'gone' }),
      f.runtime.plant({
        spec: spec('orphan3'),
        network: 'sandock-internal',
        foreignInstance: 'gone',
        state: 'stopped',
      }),
    ]
    const elsewhere = f.runtime.plant({
      spec: spec('other1'),
      pool: true,
      network: 'sandock-other',
      foreignInstance: 'live',
    })
    const g = await f.restart()
    for (const o of orphans) expect(f.runtime.containers.has(o.containerId)).toBe(false)
    expect(f.runtime.containers.has(elsewhere.containerId)).toBe(true)
    expect(() => g.service.get('orphan2')).toThrow()
  })
})
