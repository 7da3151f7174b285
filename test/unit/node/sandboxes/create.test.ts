// Creating sandboxes on fakes: concurrent creates claim distinct warm-pool containers and the rest
// cold-start, a claim that fails falls back to a cold start and leaves nothing, what the pool
// cannot serve cold-starts with its rules loaded before envd answers, the cap counts creates in
// flight, and a failing start command removes the container.
import { access } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rejection } from '../../../support/async.js'
import { sandboxFixture, type SandboxFixture } from '../../../support/sandbox-fixture.js'

const poolReady = (f: SandboxFixture, n: number) =>
  expect
    .poll(() => f.service.poolStatus().base?.ready, { timeout: 3000, interval: 5, message: `${n} pool containers` })
    .toBe(n)

describe('warm pool claims', () => {
  it('gives concurrent creates distinct pool containers, once each; the rest cold-start', async () => {
    const f = await sandboxFixture({ settings: { pools: { base: { min: 2, max: 2 } } } })
    f.service.startPool()
    await poolReady(f, 2)
    const pooledIds = [...f.runtime.containers.values()].filter((c) => c.pool).map((c) => c.containerId)
    expect(pooledIds).toHaveLength(2)
    const records = await Promise.all(Array.from({ length: 5 }, (_, i) => f.create({ envVars: { N: String(i) } })))
    const containers = records.map((r) => r.containerId)
    expect(new Set(containers).size).toBe(5)
    expect(containers.filter((c) => pooledIds.includes(c)).sort()).toEqual([...pooledIds].sort())
    expect(records.filter((r) => r.pooled)).toHaveLength(2)
    // Each sandbox's own env vars and token went to its own container.
    for (const [i, r] of records.entries())
      expect(f.envd.lastInit(r.ip)).toEqual({ envVars: { N: String(i) }, accessToken: `envd-${r.sandboxId}` })
    // A pooled sandbox's id is the one its container was started with.
    for (const r of records.filter((x) => x.pooled))
      expect(f.runtime.containers.get(r.containerId)!.spec!.sandboxId).toBe(r.sandboxId)
    // The pool refills with new containers; a claimed one is never pooled again.
    await poolReady(f, 2)
    const refilled = [...f.runtime.containers.values()].filter((c) => c.pool && !containers.includes(c.containerId))
    expect(refilled).toHaveLength(2)
  })

  it('removes a claimed container whose /init fails and cold-starts instead, leaving no claim mark', async () => {
    const f = await sandboxFixture({ settings: { pools: { base: { min: 1, max: 1 } } } })
    f.service.startPool()
    await poolReady(f, 1)
    const [pooled] = [...f.runtime.containers.values()]
    // Its own /init fails (the refill that the claim starts boots beside it).
    f.envd.failNextInit(pooled!.ip)
    const r = await f.create()
    expect(r.pooled).toBe(false)
    expect(r.containerId).not.toBe(pooled!.containerId)
    expect(f.runtime.containers.has(pooled!.containerId)).toBe(false)
    const claim = join(f.settings.dataDir, 'sandboxes', 'pool-claims', pooled!.spec!.sandboxId)
    expect(
      await access(claim).then(
        () => 'marked',
        () => 'none',
      ),
    ).toBe('none')
  })

  it('cold-starts a create without internet or with egress rules, and leaves the pool alone', async () => {
    const f = await sandboxFixture({ settings: { pools: { base: { min: 1, max: 1 } } } })
    f.service.startPool()
    await poolReady(f, 1)
    const internal = await f.create({ allowInternetAccess: false })
    const ruled = await f.create({ egress: { denyOut: ['0.0.0.0/0'], allowOut: ['1.2.3.4'] } })
    expect([internal.pooled, ruled.pooled]).toEqual([false, false])
    expect(f.service.poolStatus().base?.ready).toBe(1)
    expect(f.runtime.containers.get(internal.containerId)!.network).toBe('sandock-internal')
    // The rules are in the namespace before envd is first reached.
    const calls = f.runtime.journal.filter((j) => j.endsWith(ruled.containerId) || j.endsWith(ruled.ip))
    expect(calls.map((j) => j.split(' ').slice(0, -1).join(' '))).toEqual(['setFirewall', 'envd up', 'envd init'])
    expect(f.runtime.containers.get(ruled.containerId)!.ruleset).toContain('-A OUTPUT -d 1.2.3.4/32 -j ACCEPT')
  })
})

describe('cold starts', () => {
  it("starts a template's start command, waits for its ready command, and merges its env under the create's", async () => {
    const f = await sandboxFixture()
    const r = await f.create({ templateRef: 'app', envVars: { MODE: 'mine', X: '1' } })
    expect(r.templateId).toBe('tapp')
    expect(f.envd.lastInit(r.ip)).toEqual({ envVars: { MODE: 'mine', X: '1' }, accessToken: `envd-${r.sandboxId}` })
    expect(f.envd.started).toEqual([{ ip: r.ip, token: `envd-${r.sandboxId}`, cmd: 'serve', tag: 'start-cmd' }])
    expect(f.envd.runs).toEqual([{ ip: r.ip, token: `envd-${r.sandboxId}`, cmd: 'ready-check' }])
    expect(r.metrics).toHaveLength(1)
    expect(r.diskSizeMB).toBe(10)
  })

  it('removes the container when the start command exits before it is ready, and says why', async () => {
    const f = await sandboxFixture()
    f.envd.exitCodes.set('serve', 7)
    f.envd.exitCodes.set('ready-check', 1)
    const err = await rejection(f.create({ templateRef: 'app' }))
    expect(err).toMatchObject({
      kind: 'failed_precondition',
      message: "the template's start command exited with code 7 before its ready command succeeded: start failed",
    })
    expect(f.runtime.containers.size).toBe(0)
    expect(f.service.list()).toEqual([])
  })

  it('removes the container when envd never answers', async () => {
    const f = await sandboxFixture()
    f.envd.down.add('10.0.0.1')
    expect(await rejection(f.create())).toMatchObject({ kind: 'unavailable' })
    expect(f.runtime.containers.size).toBe(0)
  })

  it('counts creates in flight against the cap, and frees the slot when one ends', async () => {
    const f = await sandboxFixture({ settings: { maxSandboxes: 2 } })
    const release = f.runtime.hold('start')
    const inFlight = [f.create(), f.create()]
    expect(await rejection(f.create())).toMatchObject({ kind: 'resource_exhausted', retryAfterS: 1 })
    release()
    await Promise.all(inFlight)
    expect(await rejection(f.create())).toMatchObject({ kind: 'resource_exhausted' })
    await f.service.kill(f.service.list()[0]!.sandboxId)
    await f.create()
  })

  it.each([
    [0, 'timeout: Timeout must be greater than 0'],
    [3601, 'timeout: Timeout cannot be greater than 3600 seconds'],
  ])('refuses a timeout of %i s', async (timeoutS, message) => {
    const f = await sandboxFixture()
    expect(await rejection(f.create({ timeoutS }))).toMatchObject({ kind: 'invalid_argument', message })
    expect(f.runtime.containers.size).toBe(0)
  })
})
