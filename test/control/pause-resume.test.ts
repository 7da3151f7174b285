// Pause and resume through the official SDK against `sandock serve`, checked through Docker:
// memory pauses freeze processes and keep memory; filesystem-only pauses stop the container and
// reboot on connect; connect {memory:false} reboots; racing pauses and connects settle into a
// consistent state; the paused retention turns a frozen sandbox into a stopped one; and a
// filesystem-only paused sandbox survives a server restart. Contract sections 2.2, 3.5, 7.1–7.3.
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { Sandbox } from 'e2b'
import {
  containersOf,
  createSandbox,
  inspectSandbox,
  killQuietly,
  printServerLogsOnFailure,
  sdkOpts,
  sharedServer,
  viaProxy,
  waitForPortInSandbox,
} from '../support/control-sdk.js'
import {
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  startServer,
  TEST_RUNTIME,
  type ControlServer,
  type ServerInfo,
} from '../support/control-server.js'
import { unique } from '../support/async.js'

printServerLogsOnFailure()

// Counts in shell memory and publishes the count every 200 ms: a reset or a jump shows whether
// the process was frozen, kept or restarted. The count is renamed into place, so a read never
// sees the file truncated mid-write (an empty read once looked like a count of 0).
const COUNTER = `i=0; while true; do i=$((i+1)); echo $i > /tmp/count.next; mv /tmp/count.next /tmp/count; sleep 0.2; done`
/** Matches the counter's command line but not the shell that runs pgrep with this pattern. */
const COUNTER_PGREP = `pgrep -f 'tmp/[c]ount'`

/** POST /v2/sandboxes/{id}/connect with the raw API, so the status (200/201) is visible. */
async function rawConnect(sandboxId: string, body: Record<string, unknown> = {}, server: ServerInfo = sharedServer()) {
  const res = await fetch(`${server.apiUrl}/v2/sandboxes/${sandboxId}/connect`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  })
  const text = await res.text()
  return {
    status: res.status,
    text,
    json: (text ? JSON.parse(text) : undefined) as Record<string, unknown> | undefined,
  }
}

async function readCount(sbx: Sandbox): Promise<number> {
  const text = (await sbx.files.read('/tmp/count')).trim()
  const n = Number(text)
  if (text === '' || !Number.isInteger(n)) throw new Error(`no count in /tmp/count: "${text}"`)
  return n
}

/** Starts the counter in the background (no stream kept) and waits for its first values; returns its pid. */
async function startCounter(sbx: Sandbox): Promise<number> {
  const handle = await sbx.commands.run(COUNTER, { background: true, timeoutMs: 0 })
  await handle.disconnect()
  await expect
    .poll(() => readCount(sbx), { timeout: 10_000, interval: 100, message: 'the counter to start' })
    .toBeGreaterThanOrEqual(3)
  return handle.pid
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('a memory pause', () => {
  it('freezes processes in place and resumes them with memory, pids and open ports intact', async () => {
    const sbx = await createSandbox({ timeoutMs: 120_000 })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const counterPid = await startCounter(sbx)
    const http = await sbx.commands.run('python3 -m http.server 8000', { background: true, timeoutMs: 0 })
    await http.disconnect()
    await waitForPortInSandbox(sbx, 8000)
    expect((await viaProxy(sbx.sandboxId, 8000)).status).toBe(200)
    await sleep(1000)

    const before = await readCount(sbx)
    expect(before).toBeGreaterThanOrEqual(5)
    expect(await sbx.pause()).toBe(true)
    const paused = await inspectSandbox(sbx.sandboxId)
    expect(paused.State.Paused).toBe(true)
    expect(paused.State.Running).toBe(true)
    expect((await sbx.getInfo()).state).toBe('paused')
    const refused = await viaProxy(sbx.sandboxId, 8000)
    expect(refused.status).toBe(502)
    expect(refused.body).toEqual({ sandboxId: sbx.sandboxId, message: 'The sandbox was not found', code: 502 })
    // 3 s frozen = 15 ticks the counter must not make.
    await sleep(3000)

    const resumed = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(), timeoutMs: 60_000 })
    const right = await readCount(resumed)
    expect(right, 'the counter kept its in-memory value (not restarted)').toBeGreaterThanOrEqual(before)
    expect(right - before, 'the counter did not advance while paused').toBeLessThanOrEqual(8)
    await sleep(1000)
    const later = await readCount(resumed)
    expect(later, 'the counter runs again after connect').toBeGreaterThanOrEqual(right + 3)

    const pids = (await resumed.commands.list()).map((p) => p.pid)
    expect(pids).toContain(counterPid)
    expect(pids).toContain(http.pid)
    const again = await viaProxy(sbx.sandboxId, 8000)
    expect(again.status).toBe(200)
    expect(again.text).toContain('Directory listing for /')
    expect((await inspectSandbox(sbx.sandboxId)).State.Paused).toBe(false)
    expect((await sbx.getInfo()).state).toBe('running')
  })

  it('keeps files across two pause/connect cycles', async () => {
    const sbx = await createSandbox({ timeoutMs: 120_000 })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const first = unique('first-')
    const second = unique('second-')
    await sbx.files.write('/home/user/first.txt', first)
    await sbx.commands.run(`echo ${second} > /tmp/second.txt`)

    for (let cycle = 1; cycle <= 2; cycle++) {
      expect(await sbx.pause(), `pause #${cycle}`).toBe(true)
      expect((await inspectSandbox(sbx.sandboxId)).State.Paused).toBe(true)
      expect(await sbx.isRunning()).toBe(false)
      const res = await rawConnect(sbx.sandboxId, { timeout: 60 })
      expect(res.status, `connect #${cycle}: ${res.text}`).toBe(201)
      expect(res.json?.sandboxID).toBe(sbx.sandboxId)
      expect(await sbx.files.read('/home/user/first.txt')).toBe(first)
      expect((await sbx.commands.run('cat /tmp/second.txt')).stdout).toBe(`${second}\n`)
    }
    // Running now: connect is a 200 that changes nothing.
    expect((await rawConnect(sbx.sandboxId)).status).toBe(200)
  })
})

describe('a filesystem-only pause', () => {
  it('stops the container, never auto-resumes, and connect cold-boots it with files and env vars kept', async () => {
    const envValue = unique('bar')
    const sbx = await createSandbox({
      timeoutMs: 120_000,
      envs: { FOO: envValue },
      lifecycle: { onTimeout: 'pause', autoResume: true },
    })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const content = unique('fs-only-')
    await sbx.files.write('/home/user/kept.txt', content)
    await startCounter(sbx)
    const bootId = (await sbx.commands.run('cat /proc/sys/kernel/random/boot_id')).stdout

    expect(await sbx.pause({ keepMemory: false })).toBe(true)
    const c = await inspectSandbox(sbx.sandboxId)
    expect(c.State.Running).toBe(false)
    expect(c.State.Paused).toBe(false)
    expect(c.State.Status).toBe('exited')
    expect((await sbx.getInfo()).state).toBe('paused')
    // contract 3.5: only memory snapshots auto-resume; a filesystem-only one stays a 502.
    expect(await sbx.isRunning()).toBe(false)
    const refused = await viaProxy(sbx.sandboxId, 49983, { path: '/health' })
    expect(refused.status).toBe(502)
    expect(refused.body).toEqual({ sandboxId: sbx.sandboxId, message: 'The sandbox was not found', code: 502 })
    expect((await viaProxy(sbx.sandboxId, 8000)).status).toBe(502)
    expect((await sbx.getInfo()).state).toBe('paused')
    expect((await inspectSandbox(sbx.sandboxId)).State.Running).toBe(false)
    // Pausing it again is a 409 (SDK false), not a second stop.
    expect(await sbx.pause({ keepMemory: false })).toBe(false)

    const res = await rawConnect(sbx.sandboxId, { timeout: 60 })
    expect(res.status, res.text).toBe(201)
    expect(res.json?.sandboxID).toBe(sbx.sandboxId)
    expect((await inspectSandbox(sbx.sandboxId)).State.Running).toBe(true)
    expect((await sbx.getInfo()).state).toBe('running')
    expect(await sbx.files.read('/home/user/kept.txt')).toBe(content)
    expect((await sbx.commands.run('echo $FOO')).stdout).toBe(`${envValue}\n`)
    const gone = await sbx.commands.run(COUNTER_PGREP).catch((e: { exitCode?: number; stdout?: string }) => e)
    expect(gone.exitCode, `the counter survived a filesystem-only pause: ${gone.stdout}`).toBe(1)
    expect((await sbx.commands.list()).filter((p) => p.args.join(' ').includes('/tmp/count'))).toEqual([])
    expect((await sbx.commands.run('echo works && id -un')).stdout).toBe('works\nuser\n')
    // contract 7.3: a new boot_id. Only under gVisor: under runc every container shares the
    // host's /proc/sys/kernel/random/boot_id and runc refuses mounts inside /proc.
    const rebooted = (await sbx.commands.run('cat /proc/sys/kernel/random/boot_id')).stdout
    if (TEST_RUNTIME === 'runsc') expect(rebooted).not.toBe(bootId)
    else expect(rebooted).toBe(bootId)
  })

  it('connect with memory:false reboots a memory-paused sandbox, keeping its files', async () => {
    const sbx = await createSandbox({ timeoutMs: 120_000 })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const content = unique('reboot-')
    await sbx.files.write('/home/user/kept.txt', content)
    const pid = await startCounter(sbx)
    expect(await sbx.pause()).toBe(true)
    expect((await inspectSandbox(sbx.sandboxId)).State.Paused).toBe(true)

    const res = await rawConnect(sbx.sandboxId, { memory: false, timeout: 60 })
    expect(res.status, res.text).toBe(201)
    const c = await inspectSandbox(sbx.sandboxId)
    expect(c.State.Running).toBe(true)
    expect(c.State.Paused).toBe(false)
    expect(await sbx.files.read('/home/user/kept.txt')).toBe(content)
    const gone = await sbx.commands.run(COUNTER_PGREP).catch((e: { exitCode?: number; stdout?: string }) => e)
    expect(gone.exitCode, `the counter (pid ${pid}) survived connect {memory:false}: ${gone.stdout}`).toBe(1)
    // The count file stays as the old process left it: nothing writes it any more.
    const left = await readCount(sbx)
    await sleep(600)
    expect(await readCount(sbx)).toBe(left)
  })
})

describe('racing pauses and connects on one sandbox', () => {
  it('settle into a state Docker agrees with, and a final connect works', async () => {
    const sbx = await createSandbox({ timeoutMs: 120_000 })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const content = unique('race-')
    await sbx.files.write('/home/user/race.txt', content)

    const calls: { kind: 'pause' | 'connect'; p: Promise<unknown> }[] = []
    // 10 pauses and 10 connects, with back-to-back pairs of each: two connects on a paused sandbox
    // race each other's resume, two pauses race each other.
    for (const kind of 'PCCPPCCPPCCPPCCPPCCP') {
      if (kind === 'P') calls.push({ kind: 'pause', p: sbx.pause() })
      else calls.push({ kind: 'connect', p: Sandbox.connect(sbx.sandboxId, { ...sdkOpts(), timeoutMs: 60_000 }) })
    }
    const settled = await Promise.allSettled(calls.map((c) => c.p))
    const outcomes = settled.map(
      (s, i) =>
        `${calls[i]!.kind}:${s.status === 'fulfilled' ? (typeof s.value === 'boolean' ? s.value : 'ok') : (s.reason as Error).message}`,
    )

    const info = await sbx.getInfo()
    expect(['running', 'paused']).toContain(info.state)
    const c = await inspectSandbox(sbx.sandboxId)
    expect(c.State.Running, 'the container is not stopped').toBe(true)
    expect(c.State.Paused, `docker Paused vs state ${info.state}`).toBe(info.state === 'paused')

    const final = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(), timeoutMs: 60_000 })
    expect((await final.commands.run('cat /home/user/race.txt')).stdout).toBe(content)
    expect((await inspectSandbox(sbx.sandboxId)).State.Paused).toBe(false)
    expect((await sbx.getInfo()).state).toBe('running')

    // Pauses answer 204 (true) or 409 already paused (false). Connects answer 200 or 201: a
    // connect racing a resume joins it (contract 7.3), it never fails.
    const failed = outcomes.filter((o) => !/^(pause:(true|false)|connect:ok)$/.test(o))
    expect(failed, `all outcomes: ${outcomes.join(', ')}`).toEqual([])
    expect(outcomes.some((o) => o === 'pause:true')).toBe(true)
  })
})

describe('on a server with SANDOCK_PAUSED_RETENTION=2', () => {
  let server: ControlServer | undefined
  printServerLogsOnFailure(() => server ?? sharedServer())
  beforeAll(async () => {
    server = await startServer({
      apiPort: DEFAULT_API_PORT + 60,
      proxyPort: DEFAULT_PROXY_PORT + 60,
      env: { SANDOCK_PAUSED_RETENTION: '2' },
    })
  })
  afterAll(async () => server?.cleanup())

  it('a memory-paused sandbox is stopped after the retention, stays paused, and connect brings it back with its files', async () => {
    const s = server!
    const sbx = await createSandbox({ timeoutMs: 120_000 }, s)
    const content = unique('retained-')
    await sbx.files.write('/home/user/kept.txt', content)
    await startCounter(sbx)
    expect(await sbx.pause()).toBe(true)
    expect((await inspectSandbox(sbx.sandboxId)).State.Paused).toBe(true)

    const stopped = await vi.waitFor(
      async () => {
        const c = await inspectSandbox(sbx.sandboxId)
        expect(!c.State.Running && !c.State.Paused, 'the frozen container to be stopped after the retention').toBe(true)
        return c
      },
      { timeout: 10_000, interval: 100 },
    )
    expect(stopped.State.Status).toBe('exited')
    expect(await containersOf(sbx.sandboxId)).toHaveLength(1)
    const info = await Sandbox.getInfo(sbx.sandboxId, sdkOpts(s))
    expect(info.state).toBe('paused')
    const listed = await Sandbox.list({ ...sdkOpts(s), query: { state: ['paused'] } }).nextItems()
    expect(listed.map((x) => x.sandboxId)).toContain(sbx.sandboxId)
    expect(await sbx.isRunning()).toBe(false)

    const res = await rawConnect(sbx.sandboxId, { timeout: 60 }, s)
    expect(res.status, res.text).toBe(201)
    expect(await sbx.files.read('/home/user/kept.txt')).toBe(content)
    expect((await sbx.commands.run('echo back')).stdout).toBe('back\n')
    // The memory was dropped: the counter did not survive.
    expect((await sbx.commands.run(COUNTER_PGREP).catch((e: { exitCode?: number }) => e)).exitCode).toBe(1)
    // Running again: no retention timer may stop it now.
    await sleep(2500)
    expect((await inspectSandbox(sbx.sandboxId)).State.Running).toBe(true)
    expect((await sbx.commands.run('echo still')).stdout).toBe('still\n')
  })
})

describe('a filesystem-only paused sandbox across a SIGKILL restart', () => {
  let first: ControlServer | undefined
  let second: ControlServer | undefined
  printServerLogsOnFailure(() => second ?? first ?? sharedServer())
  beforeAll(async () => {
    first = await startServer({ apiPort: DEFAULT_API_PORT + 64, proxyPort: DEFAULT_PROXY_PORT + 64 })
  })
  afterAll(async () => {
    await second?.cleanup()
    await first?.cleanup()
  })

  it('is listed as paused by the new server and connect boots it with its file', async () => {
    const tag = unique('fsrestart')
    const sbx = await createSandbox({ timeoutMs: 120_000, metadata: { tag }, envs: { FOO: 'bar' } }, first!)
    const content = unique('restart-')
    await sbx.files.write('/home/user/kept.txt', content)
    expect(await sbx.pause({ keepMemory: false })).toBe(true)
    const containersBefore = await containersOf(sbx.sandboxId)
    expect(containersBefore).toHaveLength(1)
    expect((await inspectSandbox(sbx.sandboxId)).State.Running).toBe(false)

    await first!.stop('SIGKILL')
    second = await startServer({
      apiPort: DEFAULT_API_PORT + 64,
      proxyPort: DEFAULT_PROXY_PORT + 64,
      dataDir: first!.dataDir,
      apiKey: first!.apiKey,
    })
    const opts = sdkOpts(second)

    const listed = await Sandbox.list({ ...opts, query: { metadata: { tag } } }).nextItems()
    expect(listed.map((x) => [x.sandboxId, x.state])).toEqual([[sbx.sandboxId, 'paused']])
    expect((await Sandbox.getInfo(sbx.sandboxId, opts)).state).toBe('paused')
    expect(await containersOf(sbx.sandboxId), 'the stopped container is kept, not removed').toEqual(containersBefore)
    expect(await sbx.isRunning()).toBe(false)

    const res = await rawConnect(sbx.sandboxId, { timeout: 60 }, second)
    expect(res.status, res.text).toBe(201)
    expect(await containersOf(sbx.sandboxId)).toEqual(containersBefore)
    expect((await inspectSandbox(sbx.sandboxId)).State.Running).toBe(true)
    expect(await sbx.files.read('/home/user/kept.txt')).toBe(content)
    expect((await sbx.commands.run('echo $FOO')).stdout).toBe('bar\n')
    expect((await Sandbox.getInfo(sbx.sandboxId, opts)).state).toBe('running')
    // Re-attached while paused, its disk size was unknown: once running it is reported again.
    const detail = await vi.waitFor(
      async () => {
        const res = await fetch(`${second!.apiUrl}/sandboxes/${sbx.sandboxId}`, {
          headers: { 'x-api-key': second!.apiKey },
        })
        const body = (await res.json()) as { diskSizeMB: number }
        expect(body.diskSizeMB, 'a non-zero diskSizeMB').toBeGreaterThan(0)
        return body
      },
      { timeout: 30_000, interval: 100 },
    )
    expect(detail.diskSizeMB).toBeGreaterThan(0)
  })
})
