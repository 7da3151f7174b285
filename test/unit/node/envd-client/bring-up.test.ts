// bringUp(): the one sequence that brings a container up as a sandbox (envd, /init, start and
// ready commands), its order, what it undoes on failure, and the boot slot it holds.
import { describe, expect, it } from 'vitest'
import { bringUp } from '../../../../src/node/envd-client/bring-up.js'
import { limiter } from '../../../../src/shared/limiter.js'
import { rejection } from '../../../support/async.js'
import { FakeEnvd } from '../../../support/fake-envd.js'

const commands = {
  user: 'user',
  workdir: '/w',
  shell: '/bin/bash',
  startCmd: 'serve',
  readyCmd: 'check',
  readyTimeoutMs: 1000,
  maxIntervalMs: 10,
}

describe('bringUp', () => {
  it('runs start, rules, envd, /init (with first metrics), start command, ready command, in that order', async () => {
    const journal: string[] = []
    const envd = new FakeEnvd(journal)
    const steps: string[] = []
    const up = await bringUp(envd, {
      start: async () => (journal.push('start'), { containerId: 'c1', ip: '10.0.0.9' }),
      beforeEnvd: async () => journal.push('rules'),
      init: { envVars: { A: '1' }, accessToken: 'tok' },
      firstMetrics: true,
      commands: { ...commands, onStep: (step, cmd) => steps.push(`${step} ${cmd}`) },
    })
    expect(journal).toEqual(['start', 'rules', 'envd up 10.0.0.9', 'envd init 10.0.0.9'])
    expect(up).toMatchObject({ containerId: 'c1', ip: '10.0.0.9', first: { disk_total: 10 << 20 } })
    expect(up.envdUpAt).toBeGreaterThanOrEqual(up.startedAt)
    expect(steps).toEqual(['start serve', 'ready check'])
    expect(envd.started).toEqual([{ ip: '10.0.0.9', token: 'tok', cmd: 'serve', tag: 'start-cmd' }])
    expect(envd.runs).toEqual([{ ip: '10.0.0.9', token: 'tok', cmd: 'check' }])
  })

  it('runs a ready command without a start command (a build check), and nothing without commands', async () => {
    const envd = new FakeEnvd()
    await bringUp(envd, {
      start: async () => ({ containerId: 'c', ip: 'a' }),
      init: { envVars: {} },
      commands: { ...commands, startCmd: undefined },
    })
    expect([envd.started, envd.runs.map((r) => r.cmd)]).toEqual([[], ['check']])
    const quiet = new FakeEnvd()
    const up = await bringUp(quiet, { start: async () => ({ containerId: 'c', ip: 'b' }), init: { envVars: {} } })
    expect([quiet.started, quiet.runs, up.first]).toEqual([[], [], undefined])
  })

  it.each([
    [
      'the rules',
      (e: FakeEnvd) => void e,
      async () => {
        throw new Error('no nsenter')
      },
      'no nsenter',
    ],
    ['envd', (e: FakeEnvd) => e.down.add('10.0.0.9'), undefined, 'did not become ready'],
    ['/init', (e: FakeEnvd) => e.failNextInit(), undefined, '/init failed'],
    [
      'the start command',
      (e: FakeEnvd) => (e.exitCodes.set('serve', 3), e.exitCodes.set('check', 1)),
      undefined,
      'exited with code 3',
    ],
  ])('undoes the start when %s fails, and rethrows', async (_what, arrange, beforeEnvd, message) => {
    const envd = new FakeEnvd()
    arrange(envd)
    const undone: string[] = []
    const err = await rejection(
      bringUp(envd, {
        start: async () => ({ containerId: 'c1', ip: '10.0.0.9' }),
        beforeEnvd,
        undo: async (id) => void undone.push(id),
        init: { envVars: {} },
        commands,
      }),
    )
    expect(err.message).toContain(message)
    expect(undone).toEqual(['c1'])
  })

  it('keeps the container when told no undo (a reboot), and an undo that fails does not hide the cause', async () => {
    const envd = new FakeEnvd()
    envd.down.add('x')
    expect(
      (await rejection(bringUp(envd, { start: async () => ({ containerId: 'c', ip: 'x' }), init: { envVars: {} } })))
        .message,
    ).toContain('did not become ready')
    const err = await rejection(
      bringUp(envd, {
        start: async () => ({ containerId: 'c', ip: 'x' }),
        undo: async () => {
          throw new Error('undo failed')
        },
        init: { envVars: {} },
      }),
    )
    expect(err.message).toContain('did not become ready')
  })

  it('holds the boot slot from the start until envd answers, not through /init', async () => {
    const envd = new FakeEnvd()
    const slot = limiter(1)
    let inSlot = 0
    let most = 0
    let initsRunning = 0
    let startsDuringInit = 0
    const start = async () => {
      most = Math.max(most, ++inSlot)
      if (initsRunning > 0) startsDuringInit++
      await new Promise((r) => setTimeout(r, 5))
      return { containerId: 'c', ip: 'a' }
    }
    const up = envd.waitUntilUp.bind(envd)
    envd.waitUntilUp = async (ip) => {
      await up(ip)
      inSlot--
    }
    const init = envd.init.bind(envd)
    envd.init = async (ip, body) => {
      initsRunning++
      await new Promise((r) => setTimeout(r, 20))
      await init(ip, body)
      initsRunning--
    }
    await Promise.all(Array.from({ length: 4 }, () => bringUp(envd, { slot, start, init: { envVars: {} } })))
    expect(most).toBe(1)
    expect(startsDuringInit).toBeGreaterThan(0)
    expect(envd.inits).toHaveLength(4)
  })
})
