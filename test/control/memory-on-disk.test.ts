// Memory on disk (SANDOCK_RUNTIME=runsc-netstack): a memory pause writes the sandbox's memory to
// disk with gVisor's checkpoint and stops its container; a resume restores every process, also
// after the server was killed and started again; a sandbox's connections open or closing are reset by
// the save (loopback ones kept). And the fences hold under gVisor's own network stack, whose packets
// never meet iptables in the sandbox's namespace (its egress rules are the host's, by source
// address): root in a sandbox cannot send from another address (the fences and egress suites run
// under this runtime in CI: SANDOCK_TEST_RUNTIME=runsc-netstack). Own server (API port + 96). Skipped when Docker has no
// `runsc-netstack` runtime, unless SANDOCK_TEST_REQUIRE_RUNSC=1 (CI sets it after .ci/ensure-runsc.sh).
import { execFile, execFileSync } from 'node:child_process'
import { lookup } from 'node:dns/promises'
import { readFile } from 'node:fs/promises'
import net from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { ALL_TRAFFIC, Sandbox } from 'e2b'
import {
  createSandbox,
  inspectSandbox,
  killQuietly,
  printServerLogsOnFailure,
  sandboxAddress,
  sdkOpts,
  viaProxy,
  waitForPortInSandbox,
} from '../support/control-sdk.js'
import { DEFAULT_API_PORT, DEFAULT_PROXY_PORT, startServer, type ControlServer } from '../support/control-server.js'
import { unique } from '../support/async.js'

const run = promisify(execFile)
const apiPort = DEFAULT_API_PORT + 96
const proxyPort = DEFAULT_PROXY_PORT + 96
const RUNTIME = 'runsc-netstack'
const hasRuntime = (() => {
  try {
    return execFileSync('docker', ['info', '--format', '{{json .Runtimes}}'], { encoding: 'utf8' }).includes(
      `"${RUNTIME}"`,
    )
  } catch {
    return false
  }
})()
const required = process.env.SANDOCK_TEST_REQUIRE_RUNSC === '1'

// Counts in shell memory, publishing the count every 200 ms (renamed into place): a reset shows a
// restart, a jump a process that ran while paused.
const COUNTER = `i=0; while true; do i=$((i+1)); echo $i > /tmp/count.next; mv /tmp/count.next /tmp/count; sleep 0.2; done`
// An HTTP/1.1 server (the client closes its kept-alive connections) answering with a secret that
// exists only in its memory; HTTP/1.0 variant (the server closes first: TIME_WAIT in the sandbox).
const SECRET_SERVER = (port: number, proto: string) =>
  `python3 -c '
import http.server, secrets
token = secrets.token_hex(16)
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "${proto}"
    def do_GET(self):
        b = token.encode()
        self.send_response(200); self.send_header("Content-Length", str(len(b))); self.end_headers(); self.wfile.write(b)
    def log_message(self, *a): pass
http.server.HTTPServer(("0.0.0.0", ${port}), H).serve_forever()'`

// Holds a loopback connection pair and every connection from outside accepted on :8001 (a loopback
// one, such as waitForPortInSandbox's, is closed at once); on SIGUSR1 writes what
// each does now: the loopback pair echoes, an outside connection is 'open' (no data, no error),
// 'eof' or an errno name.
const CONNECTIONS = `python3 - <<'EOF'
import errno, json, os, signal, socket, threading, time
srv = socket.socket(); srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); srv.bind(("0.0.0.0", 8001)); srv.listen()
lo = socket.socket(); lo.bind(("127.0.0.1", 0)); lo.listen()
a = socket.create_connection(lo.getsockname()); b, _ = lo.accept()
conns = []
def accept():
    while True:
        c, peer = srv.accept()
        if peer[0] == "127.0.0.1": c.close()
        else: conns.append(c)
threading.Thread(target=accept, daemon=True).start()
def probe(c):
    try:
        c.settimeout(1); c.sendall(b"x"); return "open" if c.recv(1) else "eof"
    except socket.timeout:
        return "open"
    except OSError as e:
        return errno.errorcode.get(e.errno, str(e.errno))
def report(*_):
    r = {"outside": [probe(c) for c in conns]}
    try:
        a.sendall(b"ping"); r["loopback"] = b.recv(4).decode()
    except OSError as e:
        r["loopback"] = errno.errorcode.get(e.errno, str(e.errno))
    open("/tmp/conns.next", "w").write(json.dumps(r)); os.rename("/tmp/conns.next", "/tmp/conns.json")
signal.signal(signal.SIGUSR1, report)
open("/tmp/conns.pid", "w").write(str(os.getpid()))
while True:
    time.sleep(3600)
EOF`

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function readCount(sbx: Sandbox): Promise<number> {
  const text = (await sbx.files.read('/tmp/count')).trim()
  const n = Number(text)
  if (text === '' || !Number.isInteger(n)) throw new Error(`no count in /tmp/count: "${text}"`)
  return n
}

/** The checkpoints Docker keeps for the sandbox's container (names). */
async function checkpointsOf(sandboxId: string): Promise<string[]> {
  const info = await inspectSandbox(sandboxId)
  const { stdout } = await run('docker', ['checkpoint', 'ls', info.Id])
  return stdout
    .split('\n')
    .slice(1)
    .map((l) => l.trim())
    .filter(Boolean)
}

describe.skipIf(!hasRuntime && !required)('memory on disk (SANDOCK_RUNTIME=runsc-netstack)', () => {
  let server: ControlServer
  const servers: ControlServer[] = []
  printServerLogsOnFailure(() => server)

  beforeAll(async () => {
    if (!hasRuntime)
      throw new Error(`SANDOCK_TEST_REQUIRE_RUNSC=1 but Docker has no ${RUNTIME} runtime: run .ci/ensure-runsc.sh`)
    server = await startServer({ apiPort, proxyPort, env: { SANDOCK_RUNTIME: RUNTIME } })
    servers.push(server)
  })
  afterAll(async () => {
    for (const s of servers.reverse()) await s.cleanup()
  })

  /** A new server on the same data dir, key and ports (the old one stopped or killed first). */
  async function restartServer() {
    server = await startServer({
      apiPort,
      proxyPort,
      dataDir: server.dataDir,
      apiKey: server.apiKey,
      env: { SANDOCK_RUNTIME: RUNTIME },
    })
    servers.push(server)
  }

  async function sandbox(opts: Parameters<typeof createSandbox>[0] = {}): Promise<Sandbox> {
    const sbx = await createSandbox({ timeoutMs: 300_000, ...opts }, server)
    onTestFinished(() => killQuietly(sbx.sandboxId, server))
    return sbx
  }

  /** Starts the counter and the secret server; returns the counter's pid and the secret. */
  async function startState(sbx: Sandbox, proto = 'HTTP/1.1'): Promise<{ counterPid: number; secret: string }> {
    const counter = await sbx.commands.run(COUNTER, { background: true, timeoutMs: 0 })
    await counter.disconnect()
    const srv = await sbx.commands.run(SECRET_SERVER(8000, proto), { background: true, timeoutMs: 0 })
    await srv.disconnect()
    await waitForPortInSandbox(sbx, 8000)
    const res = await viaProxy(sbx.sandboxId, 8000, { server })
    expect(res.status).toBe(200)
    expect(res.text).toMatch(/^[0-9a-f]{32}$/)
    await expect.poll(() => readCount(sbx), { timeout: 10_000 }).toBeGreaterThanOrEqual(3)
    return { counterPid: counter.pid, secret: res.text }
  }

  /**
   * After a resume: the same processes, the counter continued (not restarted), the secret
   * unchanged. `ticks`: how far the counter may have gone since `before` (a fork's source ran on
   * until its save).
   */
  async function expectSameProcesses(
    sbx: Sandbox,
    before: number,
    state: { counterPid: number; secret: string },
    ticks = 10,
  ) {
    const after = await readCount(sbx)
    expect(after, 'the counter kept its in-memory value').toBeGreaterThanOrEqual(before)
    expect(after - before, 'the counter did not run while paused').toBeLessThanOrEqual(ticks)
    expect((await sbx.commands.list()).map((p) => p.pid)).toContain(state.counterPid)
    const again = await viaProxy(sbx.sandboxId, 8000, { server })
    expect(again.status).toBe(200)
    expect(again.text, 'the server process kept its memory').toBe(state.secret)
    await expect.poll(() => readCount(sbx), { timeout: 10_000 }).toBeGreaterThanOrEqual(after + 3)
  }

  /** Memory on disk: the pause stopped the container (never frozen in RAM), no process left running. */
  async function expectOnDisk(sandboxId: string) {
    const info = await inspectSandbox(sandboxId)
    expect(info.State.Paused, 'not frozen in RAM').toBe(false)
    expect(info.State.Running, 'memory on disk: no process left running').toBe(false)
  }

  it('runs on gVisor with its own network stack, resolving names through the host resolvers', async () => {
    const sbx = await sandbox()
    const info = await inspectSandbox(sbx.sandboxId)
    expect(info.HostConfig.Runtime).toBe(RUNTIME)
    const kernel = await sbx.commands.run('dmesg 2>/dev/null | head -n 1; cat /etc/resolv.conf')
    expect(kernel.stdout).toMatch(/gVisor/i)
    expect(kernel.stdout).not.toContain('127.0.0.11')
    expect(kernel.stdout).toMatch(/^nameserver \d+\.\d+\.\d+\.\d+$/m)
    const dns = await sbx.commands.run('getent hosts deb.debian.org', { timeoutMs: 30_000 })
    expect(dns.stdout).toMatch(/deb\.debian\.org/)
  })

  // The host enforces a netstack sandbox's egress rules by its source address (netstack-filter.ts):
  // root in it must not be able to send from another address (another sandbox's, or one with no
  // rules). Every way Linux offers is tried; an ordinary send still works.
  it('root cannot send from another address: no address change, raw or packet socket, free or transparent bind', async () => {
    const sbx = await sandbox()
    const ip = await sandboxAddress(sbx.sandboxId)
    const spoofed = ip.replace(/\.\d+$/, (m) => `.${(Number(m.slice(1)) % 250) + 2}`)
    const probe = `python3 - <<'EOF'
import errno, json, socket
res = {}
def t(name, fn):
    try:
        fn(); res[name] = 'ok'
    except OSError as e:
        res[name] = errno.errorcode.get(e.errno, str(e.errno))
def bound(opt):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_IP, opt, 1)
    s.bind(('${spoofed}', 0)); s.sendto(b'x', ('198.51.100.9', 9))
t('freebind', lambda: bound(15))
t('transparent', lambda: bound(19))
t('raw', lambda: socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_UDP))
t('packet', lambda: socket.socket(socket.AF_PACKET, socket.SOCK_RAW, 0))
t('plain', lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b'x', ('198.51.100.9', 9)))
print(json.dumps(res))
EOF`
    const r = await sbx.commands.run(probe, { user: 'root' })
    const got = JSON.parse(r.stdout) as Record<string, string>
    expect(got.plain).toBe('ok')
    for (const k of ['freebind', 'transparent', 'raw', 'packet']) expect(got[k], k).not.toBe('ok')
    const addr = await sbx.commands
      .run(`ip addr add ${spoofed}/32 dev eth0`, { user: 'root' })
      .then((x) => x.exitCode)
      .catch((e: { exitCode?: number }) => e.exitCode ?? -1)
    expect(addr, 'ip addr add').not.toBe(0)
    const mac = await sbx.commands
      .run('ip link set dev eth0 address 02:00:00:00:00:99', { user: 'root' })
      .then((x) => x.exitCode)
      .catch((e: { exitCode?: number }) => e.exitCode ?? -1)
    expect(mac, 'ip link set address').not.toBe(0)
    const still = await sbx.commands.run('ip -4 -o addr show dev eth0', { user: 'root' })
    expect(still.stdout).toContain(`${ip}/`)
    expect(still.stdout).not.toContain(`${spoofed}/`)
  })

  it('writes the memory to disk on pause (container stopped) and restores every process on resume', async () => {
    const sbx = await sandbox()
    const state = await startState(sbx)
    const before = await readCount(sbx)
    expect(await sbx.pause()).toBe(true)
    await expectOnDisk(sbx.sandboxId)
    expect(await checkpointsOf(sbx.sandboxId)).toEqual(['sandock-pause'])
    expect((await sbx.getInfo()).state).toBe('paused')
    expect((await viaProxy(sbx.sandboxId, 8000, { server })).status).toBe(502)
    await sleep(3000)

    const resumed = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(server), timeoutMs: 120_000 })
    expect((await inspectSandbox(sbx.sandboxId)).State.Running).toBe(true)
    await expectSameProcesses(resumed, before, state)
    expect(await checkpointsOf(sbx.sandboxId), 'the image is dropped once restored').toEqual([])

    // Twice in a row, and files written in between stay.
    const file = unique('kept-')
    await resumed.files.write('/home/user/kept.txt', file)
    const before2 = await readCount(resumed)
    expect(await resumed.pause()).toBe(true)
    await expectOnDisk(sbx.sandboxId)
    const again = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(server), timeoutMs: 120_000 })
    await expectSameProcesses(again, before2, state)
    expect(await again.files.read('/home/user/kept.txt')).toBe(file)
  }, 300_000)

  it('connect with a reboot (memory: false) boots from the filesystem and drops the image', async () => {
    const sbx = await sandbox()
    const state = await startState(sbx)
    await sbx.files.write('/home/user/f.txt', 'kept')
    expect(await sbx.pause()).toBe(true)
    expect(await checkpointsOf(sbx.sandboxId)).toEqual(['sandock-pause'])
    const res = await fetch(`${server.apiUrl}/v2/sandboxes/${sbx.sandboxId}/connect`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ timeout: 120, memory: false }),
    })
    expect(res.status, await res.text()).toBe(201)
    expect(await checkpointsOf(sbx.sandboxId)).toEqual([])
    expect((await sbx.commands.list()).map((p) => p.pid)).not.toContain(state.counterPid)
    expect(await sbx.files.read('/home/user/f.txt')).toBe('kept')
  })

  it('keeps memory on disk across a SIGKILL of the server: the next one lists it paused and restores it', async () => {
    const sbx = await sandbox()
    const state = await startState(sbx)
    const before = await readCount(sbx)
    expect(await sbx.pause()).toBe(true)
    await expectOnDisk(sbx.sandboxId)

    await server.stop('SIGKILL')
    await restartServer()
    expect((await Sandbox.getInfo(sbx.sandboxId, sdkOpts(server))).state).toBe('paused')
    const resumed = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(server), timeoutMs: 120_000 })
    await expectSameProcesses(resumed, before, state)

    // The killed server's bind of its volumes directory is the next one's to undo at a clean stop
    // (before: it stayed, and the data directory could not be removed: EBUSY).
    const volumesDir = join(server.dataDir, 'volumes')
    const mounted = async () =>
      (await readFile('/proc/self/mountinfo', 'utf8')).split('\n').some((l) => l.split(' ')[4] === volumesDir)
    expect(await mounted()).toBe(true)
    await server.stop()
    expect(await mounted(), 'the volumes directory is unmounted at the clean stop').toBe(false)
    await restartServer()
  }, 240_000)

  // runsc refuses to save a TCP connection on the sandbox's interface, open or closing (TIME_WAIT
  // lasts 60 s), unless it may reset them (--net-disconnect-ok, which .ci/ensure-runsc.sh sets):
  // a pause cuts the sandbox's connections, as upstream's does. Loopback ones are saved whole.
  it('writes a sandbox with connections open and closing to disk at once: they are reset, loopback ones kept', async () => {
    const sbx = await sandbox()
    // HTTP/1.0: the sandbox's server closes first, so the connection lingers in TIME_WAIT.
    const state = await startState(sbx, 'HTTP/1.0')
    const holder = await sbx.commands.run(CONNECTIONS, { background: true, timeoutMs: 0, user: 'root' })
    await holder.disconnect()
    await waitForPortInSandbox(sbx, 8001)
    // A connection from the host straight to the sandbox (not through the proxy, which cuts its own).
    const ip = await sandboxAddress(sbx.sandboxId)
    const outside = net.connect(8001, ip)
    outside.on('error', () => undefined)
    onTestFinished(() => {
      outside.destroy()
    })
    await new Promise<void>((resolve, reject) => outside.once('connect', resolve).once('error', reject))
    const report = async () => {
      const r = await sbx.commands.run(
        'rm -f /tmp/conns.json; kill -USR1 "$(cat /tmp/conns.pid)"; for i in $(seq 100); do [ -s /tmp/conns.json ] && break; sleep 0.1; done; cat /tmp/conns.json',
        { user: 'root' },
      )
      return JSON.parse(r.stdout) as { loopback: string; outside: string[] }
    }
    await expect.poll(async () => (await report()).outside, { timeout: 10_000 }).toEqual(['open'])
    expect((await report()).loopback).toBe('ping')

    const before = await readCount(sbx)
    expect(await sbx.pause()).toBe(true)
    const paused = await inspectSandbox(sbx.sandboxId)
    expect(paused.State.Paused, 'never frozen: written to disk by the pause itself').toBe(false)
    expect(paused.State.Running, 'no process left running').toBe(false)
    expect(await checkpointsOf(sbx.sandboxId)).toEqual(['sandock-pause'])

    const resumed = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(server), timeoutMs: 120_000 })
    await expectSameProcesses(resumed, before, state)
    const after = await report()
    expect(after.loopback, 'a loopback connection survives the save').toBe('ping')
    expect(after.outside).toHaveLength(1)
    expect(after.outside[0], 'the connection from outside was reset at the save').not.toBe('open')
  })

  /** Does the Docker volume holding snapshot `snapshotId`'s memory exist? */
  const memoryVolumeExists = (snapshotId: string) =>
    run('docker', ['volume', 'inspect', `sandock-memory-${snapshotId}`]).then(
      () => true,
      () => false,
    )

  const tokenOf = (sbx: Sandbox) => (sbx as unknown as { envdAccessToken?: string }).envdAccessToken

  /** In a sandbox restored from another's memory: its own ids in new commands and /run/e2b, and only its own token. */
  async function expectOwnIdentity(sbx: Sandbox, sourceToken: string | undefined) {
    const ids = await sbx.commands.run('echo "$E2B_SANDBOX_ID"; cat /run/e2b/.E2B_SANDBOX_ID; echo')
    expect(ids.stdout.trim().split('\n')).toEqual([sbx.sandboxId, sbx.sandboxId])
    expect(sourceToken, 'the source is a secure sandbox').toBeTruthy()
    const withSourceToken = await viaProxy(sbx.sandboxId, 49983, {
      server,
      path: '/envs',
      headers: { 'X-Access-Token': sourceToken! },
    })
    expect(withSourceToken.status, "the source's envd token opens nothing in it").toBe(401)
    const withOwnToken = await viaProxy(sbx.sandboxId, 49983, {
      server,
      path: '/envs',
      headers: { 'X-Access-Token': tokenOf(sbx)! },
    })
    expect(withOwnToken.status, 'its own token does').toBe(200)
    expect((withOwnToken.body as Record<string, string>).E2B_SANDBOX_ID).toBe(sbx.sandboxId)
  }

  it("forks keep the source's processes with their memory, each with its own address, ids and token; the source goes on", async () => {
    const sbx = await sandbox({ secure: true })
    const state = await startState(sbx)
    const before = await readCount(sbx)
    const t0 = performance.now()
    const forks = (await sbx.fork({ count: 2 })).map((f) => {
      if (f instanceof Error) throw f
      onTestFinished(() => killQuietly(f.sandboxId, server))
      return f
    })
    console.log(`fork of 2 with memory: ${Math.round(performance.now() - t0)} ms`)
    const forkSnapshot = (await forks[0]!.getInfo()).templateId
    expect(await memoryVolumeExists(forkSnapshot), "the fork snapshot's memory is kept while forks run").toBe(true)
    const addresses = new Set([await sandboxAddress(sbx.sandboxId)])
    for (const f of forks) {
      await expectSameProcesses(f, before, state, 300)
      await expectOwnIdentity(f, tokenOf(sbx))
      addresses.add(await sandboxAddress(f.sandboxId))
    }
    expect(addresses.size, 'three sandboxes, three addresses').toBe(3)
    // Each fork's processes are its own: a file written by one fork's counter is not another's.
    await forks[0]!.commands.run(`kill ${state.counterPid}`, { user: 'root' })
    const stopped = await readCount(forks[0]!)
    const other = await readCount(forks[1]!)
    await expect.poll(() => readCount(forks[1]!), { timeout: 10_000 }).toBeGreaterThan(other + 2)
    expect(await readCount(forks[0]!)).toBe(stopped)
    // The source: the same processes, back after its save.
    await expectSameProcesses(sbx, before, state, 300)
    const running = await inspectSandbox(sbx.sandboxId)
    expect(running.State.Running).toBe(true)
    expect(await checkpointsOf(sbx.sandboxId), 'its save is spent').toEqual([])
    // Both forks gone: their snapshot image and its memory go too.
    for (const f of forks) await f.kill()
    await expect.poll(() => memoryVolumeExists(forkSnapshot), { timeout: 10_000 }).toBe(false)
  })

  it('a snapshot of a sandbox paused to disk keeps its processes; a sandbox from it restores them; deleting it drops the memory', async () => {
    const sbx = await sandbox({ secure: true })
    const state = await startState(sbx)
    const before = await readCount(sbx)
    expect(await sbx.pause()).toBe(true)
    await expectOnDisk(sbx.sandboxId)
    const snap = await sbx.createSnapshot()
    onTestFinished(() =>
      Sandbox.deleteSnapshot(snap.snapshotId, sdkOpts(server)).then(
        () => undefined,
        () => undefined,
      ),
    )
    expect(await memoryVolumeExists(snap.snapshotId)).toBe(true)
    await expectOnDisk(sbx.sandboxId)
    const restored = await Sandbox.create(snap.snapshotId, { ...sdkOpts(server), timeoutMs: 120_000 })
    onTestFinished(() => killQuietly(restored.sandboxId, server))
    await expectSameProcesses(restored, before, state)
    await expectOwnIdentity(restored, tokenOf(sbx))
    // The source, still paused to disk, resumes with the same processes.
    const resumed = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(server), timeoutMs: 120_000 })
    await expectSameProcesses(resumed, before, state)
    await restored.kill()
    expect(await Sandbox.deleteSnapshot(snap.snapshotId, sdkOpts(server))).toBe(true)
    expect(await memoryVolumeExists(snap.snapshotId), 'the memory goes with the snapshot').toBe(false)
  })

  // Egress rules are the host's, by address, and a restored sandbox's address is Docker's choice at
  // its start: its processes run before its rules are loaded. A process trying to reach an address
  // its rules deny every 10 ms must never get through, neither in the source nor in its forks.
  it("a fork's restored processes never reach what its egress rules deny, not even as it comes up", async () => {
    const target = (await lookup('registry.npmjs.org', { family: 4 })).address
    const PROBE = `python3 - <<'EOF'
import select, socket, time
pending = []
while True:
    s = socket.socket(); s.setblocking(False); s.connect_ex(("${target}", 443)); pending.append((s, time.time()))
    _, w, _ = select.select([], [p[0] for p in pending], [], 0.01)
    for x in w:
        if x.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
            open("/tmp/reached", "a").write("%f\\n" % time.time())
        x.close()
    pending = [(x, t) for x, t in pending if x.fileno() != -1 and (time.time() - t < 0.5 or x.close())]
EOF`
    const reached = async (sbx: Sandbox) => (await sbx.commands.run('cat /tmp/reached 2>/dev/null; true')).stdout.trim()
    // The probe can tell: without rules it reaches the target.
    const open = await sandbox()
    await (await open.commands.run(PROBE, { background: true, timeoutMs: 0 })).disconnect()
    await expect.poll(() => reached(open), { timeout: 15_000 }).not.toBe('')

    const sbx = await sandbox({ network: { denyOut: [ALL_TRAFFIC] } })
    await (await sbx.commands.run(PROBE, { background: true, timeoutMs: 0 })).disconnect()
    await sleep(2_000)
    expect(await reached(sbx)).toBe('')
    for (let round = 0; round < 2; round++) {
      const forks = (await sbx.fork({ count: 2 })).map((f) => {
        if (f instanceof Error) throw f
        onTestFinished(() => killQuietly(f.sandboxId, server))
        return f
      })
      await sleep(1_000)
      for (const f of forks) {
        expect((await f.commands.list()).length, 'the probe was restored').toBeGreaterThan(0)
        expect(await reached(f), `fork ${f.sandboxId}`).toBe('')
      }
    }
    expect(await reached(sbx), 'the source, after its saves').toBe('')
  })

  // A pause stops the container (its memory on disk), and so does a snapshot's save of its source,
  // for seconds: a server killed meanwhile must not lose the sandbox. The next one finds it paused
  // with its memory, and leaves nothing of a half-made fork (copy helpers, its image, its memory).
  it.each([
    ['pause', (sbx: Sandbox) => sbx.pause()],
    ['fork', (sbx: Sandbox) => sbx.fork({ count: 1 })],
  ] as const)(
    'a server killed during a %s that writes memory to disk loses no sandbox: the next one has it paused',
    async (_, action) => {
      const sbx = await sandbox()
      const state = await startState(sbx)
      // Memory to write: the save and the copies take seconds.
      const big = await sbx.commands.run(`python3 -c 'import os, time; b = os.urandom(192 << 20); time.sleep(1e9)'`, {
        background: true,
        timeoutMs: 0,
      })
      await big.disconnect()
      await sleep(2_000)
      const before = await readCount(sbx)
      const containerId = (await inspectSandbox(sbx.sandboxId)).Id
      const acting = (action(sbx) as Promise<unknown>).then(
        () => 'answered',
        () => 'failed',
      )
      // The container stops before Docker has written the whole image out: killed then.
      const stopped = async () => {
        const { stdout } = await run('docker', ['inspect', '-f', '{{.State.Running}}', containerId])
        return stdout.trim() === 'false'
      }
      await expect.poll(stopped, { timeout: 60_000, interval: 20 }).toBe(true)
      await server.stop('SIGKILL')
      expect(await acting).toBe('failed')
      await restartServer()
      expect((await Sandbox.getInfo(sbx.sandboxId, sdkOpts(server))).state).toBe('paused')
      const resumed = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(server), timeoutMs: 120_000 })
      // Nothing lost: its filesystem in any case, and its processes when Docker had written the
      // image out whole (dockerd goes on writing it after the server's death; a resume before
      // then restores nothing and boots the filesystem, logged).
      expect(await readCount(resumed), 'the count file is there').toBeGreaterThanOrEqual(before)
      if ((await resumed.commands.list()).some((p) => p.pid === state.counterPid))
        await expectSameProcesses(resumed, before, state, 300)
      else expect((await resumed.commands.run('echo up')).stdout).toBe('up\n')
      const instance = (await readFile(join(server.dataDir, 'instance-id'), 'utf8')).trim()
      const ours = async (...args: string[]) =>
        (await run('docker', [...args, '--filter', `label=sandock.instance=${instance}`])).stdout
          .split('\n')
          .filter(Boolean)
      const containers = await ours('ps', '-a', '--format', '{{.Label "sandock.sandbox-id"}}')
      expect(containers, 'only the sandbox: no copy helper left').toEqual([sbx.sandboxId])
      expect(
        await ours('volume', 'ls', '-q', '--filter', 'label=sandock.snapshot-memory'),
        'no memory volume left',
      ).toEqual([])
      expect(await ours('images', '-q', '--filter', 'label=sandock.fork-of'), 'no fork image left').toEqual([])
    },
    240_000,
  )
})
