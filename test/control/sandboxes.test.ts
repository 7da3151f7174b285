// Sandbox lifecycle through the official SDK against `sandock serve`: create, info, list, timeouts,
// connect, kill, metrics, pause/resume, errors; side effects checked through Docker.
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { AuthenticationError, CommandExitError, Sandbox, SandboxNotFoundError, TimeoutError } from 'e2b'
import {
  containersOf,
  createSandbox,
  inspectSandbox,
  killQuietly,
  printServerLogsOnFailure,
  sdkOpts,
  sharedServer,
} from '../support/control-sdk.js'
import { trackSandbox } from '../support/control-server.js'
import { rejection, unique } from '../support/async.js'

const MiB = 1024 * 1024
const UNKNOWN_ID = 'nosuchsandbox0000000'

printServerLogsOnFailure()

describe('a sandbox created with metadata, envs and timeoutMs', () => {
  const metadata = { suite: 'control', case: unique('create') }
  const envValue = unique('bar')
  const timeoutMs = 120_000
  let sbx: Sandbox
  let createdWindow: { from: number; to: number }

  beforeAll(async () => {
    const from = Date.now()
    sbx = await createSandbox({ metadata, envs: { FOO: envValue }, timeoutMs })
    createdWindow = { from, to: Date.now() }
  })
  afterAll(() => killQuietly(sbx?.sandboxId))

  it('runs commands that see the create-time env vars', async () => {
    const res = await sbx.commands.run('echo $FOO')
    expect(res.exitCode).toBe(0)
    expect(res.stdout).toBe(`${envValue}\n`)
  })

  it('reports template, metadata, state, resources and an endAt one timeout after start', async () => {
    const info = await sbx.getInfo()
    expect(info.sandboxId).toBe(sbx.sandboxId)
    expect(info.sandboxId).toMatch(/^[a-z0-9]+$/)
    expect(info.templateId).toBe('base')
    expect(info.metadata).toEqual(metadata)
    expect(info.state).toBe('running')
    expect(info.cpuCount).toBeGreaterThan(0)
    expect(info.memoryMB).toBeGreaterThan(0)
    // Both stamps fall inside the create call: endAt − startedAt ≈ timeout, give or take boot time.
    const slack = 1000
    expect(info.startedAt.getTime()).toBeGreaterThanOrEqual(createdWindow.from - slack)
    expect(info.startedAt.getTime()).toBeLessThanOrEqual(createdWindow.to + slack)
    expect(info.endAt.getTime() - timeoutMs).toBeGreaterThanOrEqual(createdWindow.from - slack)
    expect(info.endAt.getTime() - timeoutMs).toBeLessThanOrEqual(createdWindow.to + slack)
    expect(Math.abs(info.endAt.getTime() - info.startedAt.getTime() - timeoutMs)).toBeLessThanOrEqual(
      createdWindow.to - createdWindow.from + 2 * slack,
    )
  })

  it('has /run/e2b/.E2B_SANDBOX, .E2B_SANDBOX_ID and .E2B_TEMPLATE_ID (as upstream), readable by the default user', async () => {
    const res = await sbx.commands.run(
      'cat /run/e2b/.E2B_SANDBOX; echo; cat /run/e2b/.E2B_SANDBOX_ID; echo; cat /run/e2b/.E2B_TEMPLATE_ID',
      { user: 'user' },
    )
    expect(res.stdout).toBe(`true\n${sbx.sandboxId}\nbase`)
    // Not writable by the user: nothing in the sandbox can pose as another.
    const write = await sbx.commands
      .run('echo x > /run/e2b/.E2B_SANDBOX_ID', { user: 'user' })
      .catch((e: { exitCode?: number }) => e)
    expect(write.exitCode).not.toBe(0)
  })

  it('omits network from its info when none was set (as upstream)', async () => {
    expect((await sbx.getInfo()).network).toBeUndefined()
  })

  it('runs as a labelled Docker container with memory, CPU and pids limits matching its info', async () => {
    const [c, info] = await Promise.all([inspectSandbox(sbx.sandboxId), sbx.getInfo()])
    expect(c.State.Running).toBe(true)
    expect(c.Config.Labels['sandock.managed-by']).toBe('sandock')
    expect(c.Config.Labels['sandock.sandbox-id']).toBe(sbx.sandboxId)
    expect(c.HostConfig.Memory).toBeGreaterThan(0)
    expect(c.HostConfig.NanoCpus).toBeGreaterThan(0)
    expect(c.HostConfig.PidsLimit ?? 0).toBeGreaterThan(0)
    expect(c.HostConfig.Memory).toBe(info.memoryMB * MiB)
    expect(c.HostConfig.NanoCpus).toBe(info.cpuCount * 1e9)
  })

  it('has a metrics sample with cpuCount and memTotal within 15 s', async () => {
    const metrics = await vi.waitFor(
      async () => {
        const m = await sbx.getMetrics()
        expect(m.length, 'a metrics sample').toBeGreaterThan(0)
        return m
      },
      { timeout: 15_000, interval: 100 },
    )
    const last = metrics.at(-1)!
    expect(last.timestamp).toBeInstanceOf(Date)
    expect(Number.isNaN(last.timestamp.getTime())).toBe(false)
    expect(last.cpuCount).toBeGreaterThan(0)
    expect(last.memTotal).toBeGreaterThan(0)
    // contract 7.7: cpuCount and memTotal reflect the sandbox's limits.
    const info = await sbx.getInfo()
    expect(last.cpuCount).toBe(info.cpuCount)
    expect(last.memTotal).toBe(info.memoryMB * MiB)
  })

  it('honours the metrics start/end window', async () => {
    await expect
      .poll(async () => (await sbx.getMetrics()).length, {
        timeout: 15_000,
        interval: 100,
        message: 'a metrics sample',
      })
      .toBeGreaterThan(0)
    const inWindow = await sbx.getMetrics({
      start: new Date(createdWindow.from - 10_000),
      end: new Date(Date.now() + 10_000),
    })
    expect(inWindow.length).toBeGreaterThan(0)
    expect(await sbx.getMetrics({ start: new Date(Date.now() + 3_600_000) })).toEqual([])
    expect(await sbx.getMetrics({ end: new Date(createdWindow.from - 3_600_000) })).toEqual([])
  })
})

describe('Sandbox.connect', () => {
  it('never shortens endAt, but extends it (on a sandbox with the default 300 s timeout)', async () => {
    const from = Date.now()
    const sbx = await createSandbox() // no timeoutMs: the SDK sends no timeout, the server's default is 300 s
    const to = Date.now()
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const before = await sbx.getInfo()
    expect(before.endAt.getTime()).toBeGreaterThanOrEqual(from + 300_000 - 1000)
    expect(before.endAt.getTime()).toBeLessThanOrEqual(to + 300_000 + 1000)

    const connected = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(), timeoutMs: 10_000 })
    expect(connected.sandboxId).toBe(sbx.sandboxId)
    expect((await connected.commands.run('echo connected')).stdout).toBe('connected\n')
    const after = await sbx.getInfo()
    expect(after.endAt.getTime()).toBe(before.endAt.getTime())

    const t0 = Date.now()
    await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(), timeoutMs: 600_000 })
    const extended = await sbx.getInfo()
    expect(extended.endAt.getTime()).toBeGreaterThanOrEqual(t0 + 600_000 - 1000)
    expect(extended.endAt.getTime()).toBeLessThanOrEqual(Date.now() + 600_000 + 1000)
  })

  it('throws SandboxNotFoundError for an unknown id', async () => {
    const err = await rejection(Sandbox.connect(UNKNOWN_ID, sdkOpts()))
    expect(err).toBeInstanceOf(SandboxNotFoundError)
  })
})

describe('Sandbox.list', () => {
  const tag = unique('list')
  const SPECIAL = { 'a b&c=%2F': 'x=y &z%20/é' }
  const ids: string[] = [] // oldest first

  beforeAll(async () => {
    // One after the other, so startedAt strictly increases.
    for (let i = 0; i < 3; i++) {
      // The middle one also carries a pair that needs the SDK's double encoding (contract 2.4).
      const metadata = { listTag: tag, n: String(i), ...(i === 1 ? SPECIAL : {}) }
      ids.push((await createSandbox({ metadata, timeoutMs: 120_000 })).sandboxId)
    }
  })
  afterAll(() => Promise.all(ids.map((id) => killQuietly(id))))

  it('pages newest first with limit 1 and stops after the last page', async () => {
    const paginator = Sandbox.list({ ...sdkOpts(), query: { metadata: { listTag: tag } }, limit: 1 })
    const pages: string[][] = []
    while (paginator.hasNext) {
      pages.push((await paginator.nextItems()).map((s) => s.sandboxId))
      if (pages.length > 5) throw new Error(`paginator did not stop: ${JSON.stringify(pages)}`)
    }
    expect(pages).toEqual([[ids[2]], [ids[1]], [ids[0]]])
    expect(paginator.hasNext).toBe(false)
  })

  it('matches metadata exactly: all pairs must match', async () => {
    const all = await Sandbox.list({ ...sdkOpts(), query: { metadata: { listTag: tag } } }).nextItems()
    expect(all.map((s) => s.sandboxId)).toEqual([ids[2], ids[1], ids[0]])
    expect(all[0]!.metadata).toEqual({ listTag: tag, n: '2' })

    const one = await Sandbox.list({ ...sdkOpts(), query: { metadata: { listTag: tag, n: '1' } } }).nextItems()
    expect(one.map((s) => s.sandboxId)).toEqual([ids[1]])
    const none = await Sandbox.list({ ...sdkOpts(), query: { metadata: { listTag: `${tag}x` } } }).nextItems()
    expect(none).toEqual([])

    const special = await Sandbox.list({ ...sdkOpts(), query: { metadata: { listTag: tag, ...SPECIAL } } }).nextItems()
    expect(special.map((s) => s.sandboxId)).toEqual([ids[1]])
    expect(special[0]!.metadata).toEqual({ listTag: tag, n: '1', ...SPECIAL })
    const almost = await Sandbox.list({
      ...sdkOpts(),
      query: { metadata: { listTag: tag, 'a b&c=%2F': 'x=y &z%20/e' } },
    }).nextItems()
    expect(almost).toEqual([])
  })

  it('filters by template and startedAfter, and sorts ascending on request', async () => {
    const query = { metadata: { listTag: tag } }
    const ofList = (l: { sandboxId: string }[]) => l.map((s) => s.sandboxId)
    expect(ofList(await Sandbox.list({ ...sdkOpts(), query: { ...query, template: 'base' } }).nextItems())).toEqual([
      ids[2],
      ids[1],
      ids[0],
    ])
    expect(
      await Sandbox.list({ ...sdkOpts(), query: { ...query, template: unique('nosuchtemplate') } }).nextItems(),
    ).toEqual([])

    const middle = await Sandbox.getInfo(ids[1]!, sdkOpts())
    expect(
      ofList(await Sandbox.list({ ...sdkOpts(), query: { ...query, startedAfter: middle.startedAt } }).nextItems()),
    ).toEqual([ids[2], ids[1]])

    const asc = Sandbox.list({ ...sdkOpts(), query, order: 'asc', limit: 2 })
    const first = ofList(await asc.nextItems())
    expect(asc.hasNext).toBe(true)
    expect([...first, ...ofList(await asc.nextItems())]).toEqual([ids[0], ids[1], ids[2]])
    expect(asc.hasNext).toBe(false)
  })

  it('filters by state', async () => {
    const sbx = await Sandbox.connect(ids[0]!, sdkOpts())
    expect(await sbx.pause()).toBe(true)
    onTestFinished(async () => {
      await Sandbox.connect(ids[0]!, sdkOpts()).catch(() => undefined)
    })
    const list = (state: ('running' | 'paused')[]) =>
      Sandbox.list({ ...sdkOpts(), query: { metadata: { listTag: tag }, state } })
        .nextItems()
        .then((l) => l.map((s) => [s.sandboxId, s.state]))

    expect(await list(['paused'])).toEqual([[ids[0], 'paused']])
    expect(await list(['running'])).toEqual([
      [ids[2], 'running'],
      [ids[1], 'running'],
    ])
    expect(await list(['running', 'paused'])).toEqual([
      [ids[2], 'running'],
      [ids[1], 'running'],
      [ids[0], 'paused'],
    ])
  })
})

describe('setTimeout', () => {
  it('may shorten the timeout: the sandbox expires, is not running, and its container is removed', async () => {
    const sbx = await createSandbox({ timeoutMs: 120_000 })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const t0 = Date.now()
    await sbx.setTimeout(2000)
    const info = await sbx.getInfo()
    expect(info.endAt.getTime()).toBeGreaterThanOrEqual(t0 + 2000 - 1000)
    expect(info.endAt.getTime()).toBeLessThanOrEqual(Date.now() + 2000 + 1000)

    await expect
      .poll(() => sbx.isRunning(), { timeout: 15_000, interval: 100, message: 'isRunning() to turn false' })
      .toBe(false)
    expect(Date.now()).toBeGreaterThanOrEqual(info.endAt.getTime() - 500)
    expect(await rejection(sbx.getInfo())).toBeInstanceOf(SandboxNotFoundError)
    await expect
      .poll(async () => (await containersOf(sbx.sandboxId)).length, {
        timeout: 10_000,
        interval: 100,
        message: 'the container to be removed',
      })
      .toBe(0)
  })
})

describe('kill', () => {
  it('returns true, then false; the sandbox stops running, leaves the list and its container is removed', async () => {
    const killTag = unique('kill')
    const sbx = await createSandbox({ timeoutMs: 120_000, metadata: { killTag } })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    expect(await containersOf(sbx.sandboxId)).toHaveLength(1)
    const listed = () => Sandbox.list({ ...sdkOpts(), query: { metadata: { killTag } } }).nextItems()
    expect((await listed()).map((s) => s.sandboxId)).toEqual([sbx.sandboxId])

    expect(await sbx.kill()).toBe(true)
    expect(await sbx.isRunning()).toBe(false)
    expect(await Sandbox.kill(sbx.sandboxId, sdkOpts())).toBe(false)
    await expect
      .poll(async () => (await containersOf(sbx.sandboxId)).length, {
        timeout: 10_000,
        interval: 100,
        message: 'the container to be removed',
      })
      .toBe(0)
    expect(await rejection(Sandbox.getInfo(sbx.sandboxId, sdkOpts()))).toBeInstanceOf(SandboxNotFoundError)
    expect(await listed()).toEqual([])
  })

  it('kills a paused sandbox too', async () => {
    const sbx = await createSandbox({ timeoutMs: 120_000 })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    expect(await sbx.pause()).toBe(true)
    expect(await Sandbox.kill(sbx.sandboxId, sdkOpts())).toBe(true)
    expect(await rejection(Sandbox.getInfo(sbx.sandboxId, sdkOpts()))).toBeInstanceOf(SandboxNotFoundError)
    expect(await rejection(Sandbox.connect(sbx.sandboxId, sdkOpts()))).toBeInstanceOf(SandboxNotFoundError)
    await expect
      .poll(async () => (await containersOf(sbx.sandboxId)).length, {
        timeout: 10_000,
        interval: 100,
        message: 'the container to be removed',
      })
      .toBe(0)
  })

  it('makes an in-flight commands.run reject promptly instead of hanging', async () => {
    const sbx = await createSandbox({ timeoutMs: 120_000 })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const running = sbx.commands.run('sleep 30')
    const settled = running.then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    // The command is up once it shows in the process list.
    await expect
      .poll(
        async () =>
          (await sbx.commands.list()).some((p) => p.cmd.includes('sleep') || p.args.join(' ').includes('sleep 30')),
        { timeout: 10_000, interval: 100, message: 'sleep 30 to start' },
      )
      .toBe(true)

    const t0 = Date.now()
    expect(await Sandbox.kill(sbx.sandboxId, sdkOpts())).toBe(true)
    const err = await Promise.race([settled, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000))])
    expect(err, 'commands.run still pending 15 s after kill').not.toBe('hung')
    expect(err, 'commands.run resolved although the sandbox was killed').toBeInstanceOf(Error)
    expect(Date.now() - t0).toBeLessThan(15_000)
    // contract 7.4: the proxy cuts the stream, /health then answers 502, and the SDK reports a TimeoutError.
    expect(err, `a killed sandbox must surface as a broken stream, not an exit: ${String(err)}`).not.toBeInstanceOf(
      CommandExitError,
    )
    expect(err).toBeInstanceOf(TimeoutError)
    expect((err as Error).message).toContain('killed or reached its end of life')
  })
})

describe('pause and resume', () => {
  it('pauses (state paused, not running, second pause false) and connect resumes with files and processes intact', async () => {
    const sbx = await createSandbox({ timeoutMs: 120_000 })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const content = unique('before-pause-')
    await sbx.files.write('before-pause.txt', content)
    const bg = await sbx.commands.run('sleep 600', { background: true, timeoutMs: 0 })
    const pid = bg.pid
    await bg.disconnect()

    expect(await sbx.pause()).toBe(true)
    expect((await sbx.getInfo()).state).toBe('paused')
    expect(await sbx.isRunning()).toBe(false)
    expect(await Sandbox.pause(sbx.sandboxId, sdkOpts())).toBe(false)

    const t0 = Date.now()
    const resumed = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(), timeoutMs: 90_000 })
    expect(resumed.sandboxId).toBe(sbx.sandboxId)
    const info = await resumed.getInfo()
    expect(info.state).toBe('running')
    // contract 7.2: resuming a paused sandbox sets endAt = now + timeout.
    expect(info.endAt.getTime()).toBeGreaterThanOrEqual(t0 + 90_000 - 1000)
    expect(info.endAt.getTime()).toBeLessThanOrEqual(Date.now() + 90_000 + 1000)
    expect(await resumed.isRunning()).toBe(true)
    expect(await resumed.files.read('before-pause.txt')).toBe(content)
    const procs = await resumed.commands.list()
    expect(procs.map((p) => p.pid)).toContain(pid)
    expect((await resumed.commands.run(`kill -0 ${pid} && echo alive`)).stdout).toBe('alive\n')
  })
})

describe('errors', () => {
  it('getInfo on an unknown id throws SandboxNotFoundError', async () => {
    expect(await rejection(Sandbox.getInfo(UNKNOWN_ID, sdkOpts()))).toBeInstanceOf(SandboxNotFoundError)
  })

  it('a wrong API key throws AuthenticationError', async () => {
    const wrong = { ...sdkOpts(), apiKey: `e2b_${'0'.repeat(40)}` }
    expect(await rejection(Sandbox.getInfo(UNKNOWN_ID, wrong))).toBeInstanceOf(AuthenticationError)
    expect(await rejection(Sandbox.list(wrong).nextItems())).toBeInstanceOf(AuthenticationError)
    const create = Sandbox.create('base', wrong).then((s) => {
      trackSandbox(sharedServer(), s.sandboxId)
      return s
    })
    expect(await rejection(create)).toBeInstanceOf(AuthenticationError)
  })

  it('an unknown template fails with a message naming the template', async () => {
    const name = unique('nosuchtemplate')
    const create = Sandbox.create(name, sdkOpts()).then((s) => {
      trackSandbox(sharedServer(), s.sandboxId)
      return s
    })
    const err = await rejection(create)
    expect(err).toBeInstanceOf(Error)
    expect(err.message).toContain(name)
  })
})
