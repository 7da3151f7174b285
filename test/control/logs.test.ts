// Sandbox logs under attack and as upstream, against a real `sandock serve` of its own (its
// process's memory is measured): root in a sandbox floods the container's stdout (/proc/1/fd/1)
// and the host keeps only the capped, rotated log while the logs routes answer a bounded page; v2's
// direction (newest first by default), level, search and cursor; the log kept after a kill for the
// retention and gone after it; and a template build printing 200,000 lines stores a bounded log
// whose last lines and error are kept, without growing the server. While each flood runs, another
// sandbox runs commands and the API answers (a bystander's probes, every 250 ms).
import { readFileSync, statSync, existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Template, type LogEntry, type Sandbox } from 'e2b'
import { createSandbox, killQuietly, printServerLogsOnFailure, sdkOpts } from '../support/control-sdk.js'
import { DEFAULT_API_PORT, DEFAULT_PROXY_PORT, startServer, type ControlServer } from '../support/control-server.js'
import { docker } from '../support/docker.js'
import { rejection, unique } from '../support/async.js'

const RETENTION_S = 8
let server: ControlServer
printServerLogsOnFailure(() => server)

beforeAll(async () => {
  server = await startServer({
    apiPort: DEFAULT_API_PORT + 88,
    proxyPort: DEFAULT_PROXY_PORT + 88,
    env: {
      SANDOCK_LOG_MAX_SIZE_MB: '1',
      SANDOCK_LOG_MAX_FILES: '2',
      SANDOCK_LOG_RETENTION: String(RETENTION_S),
      SANDOCK_BUILD_LOG_MAX_LINES: '2000',
    },
  })
}, 240_000)
afterAll(async () => server?.cleanup())

/** The server process's resident memory (MiB), from /proc. */
const rssMiB = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024

async function api(path: string): Promise<{ status: number; body: any; ms: number }> {
  // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
  const t0 = performance.now()
  const res = await fetch(`${server.apiUrl}${path}`, { headers: { 'x-api-key': server.apiKey } })
  const body = await res.json()
  return { status: res.status, body, ms: Math.round(performance.now() - t0) }
}

/** What a bystander saw while an attack ran: a command in another sandbox and the API's sandbox list, every 250 ms. */
type Bystander = { probes: number; failures: string[]; commandMs: number[]; apiMs: number[] }

async function whileUnderAttack<T>(bystander: Sandbox, attack: Promise<T>): Promise<{ value: T; seen: Bystander }> {
  const seen: Bystander = { probes: 0, failures: [], commandMs: [], apiMs: [] }
  let over = false
  const settled = attack.finally(() => {
    over = true
  })
  while (!over) {
    seen.probes++
    const t0 = performance.now()
    try {
      const r = await bystander.commands.run('echo alive', { timeoutMs: 30_000 })
      if (r.stdout !== 'alive\n') seen.failures.push(`command answered ${JSON.stringify(r.stdout)}`)
      seen.commandMs.push(performance.now() - t0)
    } catch (e) {
      seen.failures.push(`command: ${(e as Error).message}`)
    }
    const t1 = performance.now()
    const list = await fetch(`${server.apiUrl}/sandboxes`, { headers: { 'x-api-key': server.apiKey } }).catch(
      (e: Error) => e,
    )
    if (list instanceof Error || list.status !== 200)
      seen.failures.push(`GET /sandboxes: ${String(list instanceof Error ? list.message : list.status)}`)
    else {
      await list.arrayBuffer()
      seen.apiMs.push(performance.now() - t1)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return { value: await settled, seen }
}

const summary = ({ probes, failures, commandMs, apiMs }: Bystander): string => {
  const p = (xs: number[], q: number) =>
    Math.round([...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)] ?? NaN)
  return `${probes} probes, ${failures.length} failed; a command in another sandbox p50 ${p(commandMs, 0.5)} ms, max ${p(commandMs, 1)} ms; GET /sandboxes p50 ${p(apiMs, 0.5)} ms, max ${p(apiMs, 1)} ms`
}

const messages = async (path: string): Promise<string[]> => {
  const res = await api(path)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return (res.body.logs as { message: string }[]).map((l) => l.message)
}

describe('a sandbox flooding its log', () => {
  it('is capped and rotated on the host, and every logs route answers a bounded page', async () => {
    const sbx = await createSandbox({ timeoutMs: 300_000 }, server)
    const bystander = await createSandbox({ timeoutMs: 300_000 }, server)
    try {
      const id = (await docker('inspect', '--format', '{{.Id}}', `sandock-${sbx.sandboxId}`)).trim()
      const cfg = JSON.parse(await docker('inspect', '--format', '{{json .HostConfig.LogConfig}}', id)) as {
        Type: string
        Config: Record<string, string>
      }
      expect(cfg).toEqual({ Type: 'json-file', Config: { 'max-size': '1m', 'max-file': '2' } })
      // 8 MB of two-byte lines: ~4 million log entries (hundreds of MiB as json-file without a cap).
      const flooding = (async () => {
        const flood = await sbx.commands.run('yes | head -c 8000000 > /proc/1/fd/1; echo flood-done > /proc/1/fd/1', {
          user: 'root',
          timeoutMs: 240_000,
        })
        expect(flood.exitCode).toBe(0)
        // Docker copies the output into its log behind the writer: wait for the last line.
        await expect
          .poll(async () => (await api(`/v2/sandboxes/${sbx.sandboxId}/logs?limit=1`)).body.logs?.[0]?.message, {
            timeout: 120_000,
            interval: 100,
            message: 'the flood in the log',
          })
          .toBe('flood-done')
      })()
      // Meanwhile another sandbox and the API keep answering.
      const { seen } = await whileUnderAttack(bystander, flooding)
      console.log(`log flood, meanwhile: ${summary(seen)}`)
      expect(seen.failures).toEqual([])
      expect(seen.probes).toBeGreaterThanOrEqual(2)
      const logPath = (await docker('inspect', '--format', '{{.LogPath}}', id)).trim()
      const dir = dirname(logPath)
      const files = readdirSync(dir).filter((f) => f.startsWith(`${id}-json.log`))
      const onDisk = files.reduce((a, f) => a + statSync(join(dir, f)).size, 0)
      console.log(`log flood: ${files.length} log files, ${(onDisk / 1048576).toFixed(2)} MiB on the host`)
      expect(files.length).toBeLessThanOrEqual(2)
      expect(onDisk).toBeLessThan(2.5 * 1048576)

      const before = rssMiB()
      const timings: Record<string, number> = {}
      for (let i = 0; i < 5; i++) {
        const newest = await api(`/v2/sandboxes/${sbx.sandboxId}/logs?limit=1`)
        timings['v2 limit=1'] = newest.ms
        expect(newest.body.logs.map((l: { message: string }) => l.message)).toEqual(['flood-done'])
        const v1 = await api(`/sandboxes/${sbx.sandboxId}/logs?limit=1`)
        timings['v1 limit=1'] = v1.ms
        expect(v1.body.logs).toHaveLength(1)
        const page = await api(`/v2/sandboxes/${sbx.sandboxId}/logs`)
        timings['v2 default (1000)'] = page.ms
        expect(page.body.logs).toHaveLength(1000)
        // A search that matches nothing reads the whole kept log through, one page at a time.
        const none = await api(`/v2/sandboxes/${sbx.sandboxId}/logs?search=nothing-matches&level=debug`)
        timings['v2 search (full scan)'] = none.ms
        expect(none.body.logs).toEqual([])
        const fwd = await api(`/v2/sandboxes/${sbx.sandboxId}/logs?direction=forward&limit=1000`)
        timings['v2 forward 1000'] = fwd.ms
        expect(fwd.body.logs).toHaveLength(1000)
      }
      const after = rssMiB()
      console.log(
        `log flood: server RSS ${before.toFixed(0)} → ${after.toFixed(0)} MiB over 25 reads; last timings (ms) ${JSON.stringify(timings)}`,
      )
      expect(after - before).toBeLessThan(100)
    } finally {
      await killQuietly(sbx.sandboxId, server)
      await killQuietly(bystander.sandboxId, server)
    }
  }, 400_000)
})

describe('v2 logs as upstream, and kept after a kill', () => {
  it('newest first by default; level (a minimum), search (case-sensitive) and cursor paging both ways', async () => {
    const sbx = await createSandbox({ timeoutMs: 120_000 }, server)
    try {
      // Each line its own millisecond, so cursors fall between them.
      await sbx.commands.run(
        `for l in '{"level":50,"msg":"boom-xyz"}' '{"level":40,"msg":"careful-xyz"}' 'plain-xyz' '{"level":30,"msg":"Info-XYZ"}'; do echo "$l" > /proc/1/fd/1; sleep 0.05; done`,
        { user: 'root' },
      )
      const base = `/v2/sandboxes/${sbx.sandboxId}/logs`
      expect(await messages(`${base}?search=xyz`)).toEqual(['plain-xyz', 'careful-xyz', 'boom-xyz'])
      expect(await messages(`${base}?search=xyz&direction=forward`)).toEqual(['boom-xyz', 'careful-xyz', 'plain-xyz'])
      expect(await messages(`${base}?search=XYZ`)).toEqual(['Info-XYZ'])
      expect(await messages(`${base}?search=xyz&level=warn`)).toEqual(['careful-xyz', 'boom-xyz'])
      expect(await messages(`${base}?search=-xyz&level=error`)).toEqual(['boom-xyz'])
      // The newest line of all is the last one written.
      expect(await messages(`${base}?limit=1`)).toEqual(['Info-XYZ'])
      const all = (await api(`${base}?search=xyz&direction=forward`)).body.logs as {
        timestamp: string
        message: string
      }[]
      const [boom, careful] = all.map((l) => Date.parse(l.timestamp))
      expect(await messages(`${base}?search=xyz&cursor=${careful}`)).toEqual(['careful-xyz', 'boom-xyz'])
      expect(await messages(`${base}?search=xyz&cursor=${careful! - 1}&limit=1`)).toEqual(['boom-xyz'])
      expect(await messages(`${base}?search=xyz&direction=forward&cursor=${boom! + 1}&limit=1`)).toEqual([
        'careful-xyz',
      ])
      expect((await api(`${base}?level=loud`)).status).toBe(400)

      // Killed: the routes still answer from the kept log, then forget it after the retention.
      await sbx.kill()
      const killedAt = Date.now()
      expect(await messages(`${base}?search=xyz`)).toEqual(['plain-xyz', 'careful-xyz', 'boom-xyz'])
      const v1 = await api(`/sandboxes/${sbx.sandboxId}/logs`)
      expect(v1.status).toBe(200)
      expect(v1.body.logEntries.map((e: { message: string }) => e.message)).toEqual(
        expect.arrayContaining(['boom-xyz', 'careful-xyz', 'plain-xyz', 'Info-XYZ']),
      )
      const kept = join(server.dataDir, 'sandbox-logs', `${sbx.sandboxId}.log`)
      expect(statSync(kept).size).toBeLessThanOrEqual(256 * 1024)
      await expect
        .poll(async () => (await api(base)).status, {
          timeout: (RETENTION_S + 5) * 1000,
          interval: 100,
          message: 'the kept log expired',
        })
        .toBe(404)
      expect(Date.now() - killedAt).toBeGreaterThan((RETENTION_S - 1) * 1000)
      expect((await api(`/sandboxes/${sbx.sandboxId}/logs`)).status).toBe(404)
      await expect
        .poll(() => existsSync(kept), { timeout: 5000, interval: 100, message: 'the kept file removed' })
        .toBe(false)
    } finally {
      await killQuietly(sbx.sandboxId, server)
    }
  }, 120_000)
})

describe('a template build printing 200,000 lines', () => {
  it('stores a bounded log with its first and last lines and the error, and the server stays small', async () => {
    const bystander = await createSandbox({ timeoutMs: 300_000 }, server)
    const before = rssMiB()
    const logs: LogEntry[] = []
    const name = unique('flood').toLowerCase()
    // The pause lets Docker drain seq's stdout pipe first: its stdout and stderr are separate pipes.
    const building = rejection(
      Template.build(
        Template().fromTemplate('base').runCmd('seq 1 200000; sleep 1; echo last-words >&2; exit 3'),
        name,
        { apiKey: server.apiKey, apiUrl: server.apiUrl, cpuCount: 1, memoryMB: 512, onBuildLogs: (e) => logs.push(e) },
      ),
    )
    // Meanwhile a sandbox and the API keep answering.
    const { value: err, seen } = await whileUnderAttack(bystander, building).finally(() =>
      killQuietly(bystander.sandboxId, server),
    )
    const after = rssMiB()
    console.log(`build flood, meanwhile: ${summary(seen)}`)
    expect(seen.failures).toEqual([])
    expect(seen.probes).toBeGreaterThanOrEqual(2)
    expect(err.message).toMatch(/exit status 3/)
    const text = logs.map((l) => l.message)
    // SANDOCK_BUILD_LOG_MAX_LINES=2000: the first 1000 lines (build lines and the first numbers), a count, the last 1000.
    expect(text).toContain('1')
    expect(text).toContain('200000')
    expect(text).toContain('last-words')
    expect(text.some((m) => /lines of output not kept/.test(m))).toBe(true)
    expect(text).not.toContain('100000')
    expect(logs.length).toBeLessThanOrEqual(2010)
    console.log(`build flood: server RSS ${before.toFixed(0)} → ${after.toFixed(0)} MiB, ${logs.length} log lines kept`)
    expect(after - before).toBeLessThan(150)
    // The status route answers a bounded page, and the failure's reason keeps the step's last lines.
    const tpl = (await api(`/templates/${name}`)).body as {
      templateID: string
      builds: { buildID: string; status: string }[]
    }
    const failed = tpl.builds.find((b) => b.status === 'error')!
    const status = await api(`/templates/${tpl.templateID}/builds/${failed.buildID}/status?logsOffset=0`)
    expect(status.body.logEntries.length).toBeLessThanOrEqual(100)
    expect(status.body.reason.message).toMatch(/exit status 3/)
    expect(JSON.stringify(status.body.reason.logEntries)).toContain('last-words')
  }, 400_000)
})
