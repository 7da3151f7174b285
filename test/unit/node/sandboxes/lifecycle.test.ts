// A sandbox's state changes on fakes: racing pause, connect, resume and kill on one sandbox run one
// after another (never interleaved at Docker), kill cuts proxied connections first, failures roll
// back, a reboot re-applies env vars, token, rules and the start command, gVisor thaws before a kill.
import { access } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rejection } from '../../../support/async.js'
import { sandboxFixture } from '../../../support/sandbox-fixture.js'

/** The journal's entries about one container (or its address), without the sandbox id prefix. */
const callsOn = (journal: string[], ...subjects: string[]) =>
  journal
    .filter((j) => subjects.some((s) => j.endsWith(` ${s}`)))
    .map((j) => (j.split(' ')[0] === 'envd' ? j.split(' ').slice(0, 2).join(' ') : j.split(' ')[0]))

describe('per-sandbox serialisation', () => {
  it('runs a pause, a resume and a kill racing on one sandbox one after another, in call order', async () => {
    const f = await sandboxFixture()
    const { sandboxId, containerId } = await f.create()
    const release = f.runtime.hold('pause')
    const order: string[] = []
    const pausing = f.service.pause(sandboxId, { memory: true }).then(() => order.push('pause'))
    const resuming = f.service.resume(sandboxId, 60).then(() => order.push('resume'))
    const killing = f.service.kill(sandboxId).then(() => order.push('kill'))
    await expect
      .poll(() => f.runtime.journal, { timeout: 2000, interval: 5, message: 'the pause to reach Docker' })
      .toContain(`pause ${containerId}`)
    // Nothing else reaches Docker while the pause is in flight.
    await new Promise((r) => setTimeout(r, 30))
    expect(f.runtime.journal.slice(-1)).toEqual([`pause ${containerId}`])
    release()
    await Promise.all([pausing, resuming, killing])
    expect(order).toEqual(['pause', 'resume', 'kill'])
    expect(callsOn(f.runtime.journal, containerId).slice(-3)).toEqual(['pause', 'unpause', 'remove'])
    expect(f.runtime.containers.size).toBe(0)
  })

  it('answers a second pause queued behind the first with 409, and the sandbox stays paused once', async () => {
    const f = await sandboxFixture()
    const { sandboxId, containerId } = await f.create()
    const results = await Promise.allSettled([
      f.service.pause(sandboxId, { memory: true }),
      f.service.pause(sandboxId, { memory: true }),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected'])
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      kind: 'conflict',
      message: `Error pausing sandbox - sandbox '${sandboxId}' is already paused`,
    })
    expect(f.runtime.journal.filter((j) => j === `pause ${containerId}`)).toHaveLength(1)
  })

  it('lets a connect racing another resume join it: one resumes, the other extends the deadline', async () => {
    const f = await sandboxFixture()
    const { sandboxId, containerId } = await f.create()
    await f.service.pause(sandboxId, { memory: true })
    const release = f.runtime.hold('unpause')
    const first = f.service.connect(sandboxId, 60)
    const second = f.service.connect(sandboxId, 120)
    await expect
      .poll(() => f.runtime.journal, { timeout: 2000, interval: 5, message: 'the unpause' })
      .toContain(`unpause ${containerId}`)
    release()
    const results = await Promise.all([first, second])
    expect(results.map((r) => r.resumed)).toEqual([true, false])
    expect(f.runtime.journal.filter((j) => j === `unpause ${containerId}`)).toHaveLength(1)
    expect(f.service.get(sandboxId).state).toBe('running')
    expect(Math.abs(f.service.get(sandboxId).endAt.getTime() - (Date.now() + 120_000))).toBeLessThan(2000)
  })

  it("answers a pause queued behind a kill with the sandbox's 404, and arms no timer for it", async () => {
    const f = await sandboxFixture()
    const { sandboxId } = await f.create()
    const record = f.service.get(sandboxId)
    const armed = record.timer
    const release = f.runtime.hold('remove')
    const killing = f.service.kill(sandboxId)
    const pausing = rejection(f.service.pause(sandboxId, { memory: true }))
    const resuming = rejection(f.service.resume(sandboxId, 30))
    release()
    await killing
    expect(await pausing).toMatchObject({
      kind: 'not_found',
      message: `Sandbox "${sandboxId}" doesn't exist or you don't have access to it`,
    })
    expect(await resuming).toMatchObject({
      kind: 'not_found',
      message: `Sandbox "${sandboxId}" doesn't exist or you don't have access to it`,
    })
    // The deadline timer the kill cleared, not a new one for a sandbox that is gone.
    expect(record.timer).toBe(armed)
    expect(f.runtime.journal.filter((j) => j.startsWith('pause ') || j.startsWith('unpause '))).toEqual([])
  })
})

describe('kill', () => {
  it('forgets the sandbox, cuts its proxied connections, then removes the container', async () => {
    const f = await sandboxFixture()
    const { sandboxId, containerId } = await f.create()
    let cutWhileContainerExisted: boolean | undefined
    f.service.resolver.track(sandboxId, () => (cutWhileContainerExisted = f.runtime.containers.has(containerId)))
    await f.service.kill(sandboxId)
    expect(cutWhileContainerExisted).toBe(true)
    expect(f.service.resolver.lookup(sandboxId)).toBeUndefined()
    expect(f.runtime.containers.has(containerId)).toBe(false)
    expect(await rejection(f.service.kill(sandboxId))).toMatchObject({ kind: 'not_found' })
  })

  it('thaws a memory-paused sandbox first under gVisor, and removes its boot id file', async () => {
    const f = await sandboxFixture({ settings: { gvisor: true } })
    const { sandboxId, containerId } = await f.create()
    const bootIdFile = join(f.settings.dataDir, 'boot-ids', sandboxId)
    await access(bootIdFile)
    expect(f.runtime.containers.get(containerId)!.started).toMatchObject({
      bootIdFile,
      volumes: [{ name: '', target: '/tmp' }],
    })
    await f.service.pause(sandboxId, { memory: true })
    await f.service.kill(sandboxId)
    expect(callsOn(f.runtime.journal, containerId).slice(-3)).toEqual(['pause', 'unpause', 'remove'])
    expect(
      await access(bootIdFile).then(
        () => 'exists',
        () => 'gone',
      ),
    ).toBe('gone')
  })
})

describe('pause and resume', () => {
  it('leaves the sandbox running, with its timer, when Docker refuses the pause', async () => {
    const f = await sandboxFixture()
    const { sandboxId } = await f.create()
    f.runtime.failNext('pause', new Error('cannot freeze'))
    expect(await rejection(f.service.pause(sandboxId, { memory: true }))).toMatchObject({ message: 'cannot freeze' })
    const r = f.service.get(sandboxId)
    expect(r.state).toBe('running')
    expect(r.timer).toBeDefined()
  })

  it('reboots a filesystem-paused sandbox: new envd /init with its env vars and token, rules and start command again', async () => {
    const f = await sandboxFixture()
    const { sandboxId, containerId, ip } = await f.create({
      templateRef: 'app',
      envVars: { SECRET: 's' },
      egress: { denyOut: ['10.0.0.0/8'] },
    })
    await f.service.pause(sandboxId, { memory: false })
    expect(f.runtime.containers.get(containerId)!.state).toBe('stopped')
    expect(f.service.get(sandboxId)).toMatchObject({ state: 'paused', memoryKept: false })
    const { resumed } = await f.service.connect(sandboxId, 60)
    expect(resumed).toBe(true)
    expect(callsOn(f.runtime.journal, containerId, ip).slice(-4)).toEqual([
      'restart',
      'setFirewall',
      'envd up',
      'envd init',
    ])
    expect(f.runtime.containers.get(containerId)!.ruleset).toContain('-A OUTPUT -d 10.0.0.0/8 -p tcp -j REJECT')
    const inits = f.envd.inits.filter((i) => i.ip === ip)
    expect(inits).toHaveLength(2)
    expect(inits[1]!.body).toEqual({ envVars: { MODE: 'app', SECRET: 's' }, accessToken: `envd-${sandboxId}` })
    expect(f.envd.started.filter((s) => s.ip === ip).map((s) => [s.cmd, s.token])).toEqual([
      ['serve', `envd-${sandboxId}`],
      ['serve', `envd-${sandboxId}`],
    ])
    expect(f.service.get(sandboxId)).toMatchObject({ state: 'running', memoryKept: true, pausedAt: undefined })
  })

  it('reboots a memory-paused sandbox when connect asks for memory: false', async () => {
    const f = await sandboxFixture()
    const { sandboxId, containerId } = await f.create()
    await f.service.pause(sandboxId, { memory: true })
    expect((await f.service.connect(sandboxId, 60, { memory: false })).resumed).toBe(true)
    expect(callsOn(f.runtime.journal, containerId).slice(-4)).toEqual(['pause', 'unpause', 'stop', 'restart'])
  })

  it('drops the memory of a sandbox paused longer than the retention, keeping it paused', async () => {
    const f = await sandboxFixture({ settings: { pausedRetentionMs: 30 } })
    const { sandboxId, containerId } = await f.create()
    await f.service.pause(sandboxId, { memory: true })
    await expect
      .poll(() => f.runtime.containers.get(containerId)!.state, {
        timeout: 2000,
        interval: 10,
        message: 'the retention to stop it',
      })
      .toBe('stopped')
    await expect
      .poll(() => f.service.get(sandboxId).memoryKept, { timeout: 2000, interval: 10, message: 'the record to say so' })
      .toBe(false)
    expect(f.service.get(sandboxId).state).toBe('paused')
    expect(f.service.resolver.lookup(sandboxId)).toMatchObject({ state: 'paused', autoResume: false })
  })
})
