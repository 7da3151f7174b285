// Issue 26's network fences, tried from inside sandboxes as an attacker would, against a real
// `sandock serve` (or the Compose deployment: SANDOCK_TEST_DEPLOY=compose) on real Docker, runc or
// gVisor (SANDOCK_TEST_RUNTIME=runsc). Nothing leaves this machine: "the LAN", "the metadata
// service", an operator-opened "package mirror" and a public "web" host are network namespaces this
// file creates (test/support/egress-hosts.mjs: veth pairs routed from the host, gone with this
// process), and "the host's own loopback address" is a /32 this file adds to the host's lo:
//   LAN      10.213.77.10     (HTTP 80, DNS on UDP 53)      host end 10.213.77.9
//   metadata 169.254.169.254  (HTTP 80)                     host end 169.254.169.253
//   mirror   10.213.78.10     (HTTP 80; SANDOCK_ALLOW_INTERNAL_CIDRS opens 10.213.78.0/24)
//   web      198.51.100.122   (HTTP 80: the internet stand-in) host end 198.51.100.121, an
//            address of the host outside RFC 1918
//   host lo  198.18.213.1/32 on the host's lo (HTTP 80, this process)
// Every blocked path must time out or be refused (no 200); DNS, the internet (the package
// registry), user ports through the proxy, the egress gateway with a rule and the operator's
// range keep working. Own server: API and proxy ports + 90.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { ALL_TRAFFIC, CommandExitError, Sandbox, Template, type SandboxOpts } from 'e2b'
import { unique } from '../support/async.js'
import { startComposeServer, TEST_DEPLOY } from '../support/compose-server.js'
import {
  inspectSandbox,
  killQuietly,
  printServerLogsOnFailure,
  sandboxAddress,
  viaProxy,
  waitForPortInSandbox,
} from '../support/control-sdk.js'
import {
  containersOf,
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  sdkOpts,
  startServer,
  TEST_RUNTIME,
  trackSandbox,
  type ControlServer,
} from '../support/control-server.js'
import { docker } from '../support/docker.js'
import { createTestHost, type TestHost } from '../support/egress-net.js'
// @ts-expect-error: a plain ESM test helper without types
import { startDns } from '../support/egress-targets.mjs'

const run = promisify(execFile)
const API_PORT = DEFAULT_API_PORT + 90
const LAN = '10.213.77.10'
const METADATA = '169.254.169.254'
const MIRROR = '10.213.78.10'
const WEB = '198.51.100.122'
const WEB_HOST_END = '198.51.100.121'
const HOST_LO = '198.18.213.1'

let server: ControlServer
let dns: { port: number; close(): Promise<void> }
const hosts: TestHost[] = []
let hostListener: net.Server
let hostPort: number
let loListener: http.Server
let gateway: string

printServerLogsOnFailure(() => server)

beforeAll(async () => {
  const ns = (s: string) => `fen${API_PORT}${s}`
  const [lan, metadata, mirror, web] = await Promise.all([
    createTestHost(ns('l'), '10.213.77.8'),
    createTestHost(ns('m'), '169.254.169.252'),
    createTestHost(ns('o'), '10.213.78.8'),
    createTestHost(ns('w'), '198.51.100.120'),
  ])
  hosts.push(lan!, metadata!, mirror!, web!)
  expect([lan!.ip, metadata!.ip, mirror!.ip, web!.ip]).toEqual([LAN, METADATA, MIRROR, WEB])
  await Promise.all([
    lan!.start({
      http: [{ host: '0.0.0.0', port: 80 }],
      dns: { host: '0.0.0.0', port: 53, records: { 'lan.fence.test': LAN } },
    }),
    ...[metadata!, mirror!, web!].map((h) => h.start({ http: [{ host: '0.0.0.0', port: 80 }] })),
  ])
  // A service of the host on every address, and one on an address routed to the host's lo.
  hostListener = net.createServer((s) => s.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok'))
  await new Promise<void>((r) => hostListener.listen(0, '0.0.0.0', r))
  hostPort = (hostListener.address() as net.AddressInfo).port
  await run('ip', ['addr', 'del', `${HOST_LO}/32`, 'dev', 'lo']).catch(() => undefined)
  await run('ip', ['addr', 'add', `${HOST_LO}/32`, 'dev', 'lo'])
  loListener = http.createServer((_req, res) => res.end('host-lo'))
  await new Promise<void>((r) => loListener.listen(80, HOST_LO, r))
  dns = await startDns({
    records: {
      'web.fence.test': WEB,
      'hostlo.fence.test': HOST_LO,
      'hostend.fence.test': WEB_HOST_END,
      'lan.fence.test': LAN,
    },
  })
  server = await (TEST_DEPLOY === 'compose' ? startComposeServer : startServer)({
    apiPort: API_PORT,
    proxyPort: DEFAULT_PROXY_PORT + 90,
    env: {
      // On every address, as in production: the API and proxy are on the bridge gateways too.
      SANDOCK_HOST: '0.0.0.0',
      SANDOCK_POOL_SIZE: '1',
      SANDOCK_ALLOW_INTERNAL_CIDRS: '10.213.78.0/24',
      SANDOCK_EGRESS_RESOLVER: `127.0.0.1:${dns.port}`,
      SANDOCK_LOG_LEVEL: 'info',
    },
  })
  gateway = (
    JSON.parse(await docker('network', 'inspect', server.networks[0]!)) as { IPAM: { Config: { Gateway: string }[] } }[]
  )[0]!.IPAM.Config[0]!.Gateway
})

afterAll(async () => {
  await server?.cleanup()
  await Promise.all(hosts.map((h) => h.remove()))
  await dns?.close()
  hostListener?.close()
  loListener?.close()
  await run('ip', ['addr', 'del', `${HOST_LO}/32`, 'dev', 'lo']).catch(() => undefined)
})

async function made(opts: Omit<SandboxOpts, 'apiKey' | 'apiUrl' | 'sandboxUrl'> = {}): Promise<Sandbox> {
  const sbx = await Sandbox.create('base', { ...sdkOpts(server), timeoutMs: 300_000, ...opts })
  trackSandbox(server, sbx.sandboxId)
  onTestFinished(() => killQuietly(sbx.sandboxId, server))
  return sbx
}

async function sh(sbx: Sandbox, cmd: string, timeoutMs = 60_000): Promise<{ exitCode: number; stdout: string }> {
  try {
    const r = await sbx.commands.run(cmd, { user: 'root', timeoutMs })
    return { exitCode: r.exitCode, stdout: r.stdout }
  } catch (e) {
    if (e instanceof CommandExitError) return { exitCode: e.exitCode, stdout: e.stdout }
    throw e
  }
}

/** What the sandbox gets from each URL, tried at once: `<http code> <curl exit>`. */
async function reach(sbx: Sandbox, urls: readonly string[]): Promise<Record<string, string>> {
  const script =
    urls
      .map(
        (u, i) =>
          `(r=$(curl -s -o /dev/null -w '%{http_code}' --connect-timeout 3 --max-time 5 '${u}'); echo "${i} $r $?") &`,
      )
      .join('\n') + '\nwait'
  const { stdout } = await sh(sbx, script)
  const out: Record<string, string> = {}
  for (const line of stdout.trim().split('\n')) {
    const [i, code, exit] = line.split(' ')
    out[urls[Number(i)]!] = `${code} ${exit}`
  }
  return out
}

/** The always-closed targets: the LAN, the metadata service, the host on a non-RFC 1918 address of its own, on its lo and on the bridge gateway (API port). */
const blockedUrls = () => [
  `http://${LAN}/`,
  `http://${METADATA}/latest/meta-data/`,
  `http://${WEB_HOST_END}:${hostPort}/`,
  `http://${HOST_LO}/`,
  `http://${gateway}:${server.apiPort}/health`,
  `http://10.213.77.9:${hostPort}/`,
]

async function expectBlocked(sbx: Sandbox, urls = blockedUrls()): Promise<void> {
  const got = await reach(sbx, urls)
  for (const u of urls) {
    const [code, exit] = got[u]!.split(' ')
    expect(code, `${u} answered from sandbox ${sbx.sandboxId}`).toBe('000')
    expect(Number(exit), `${u}: curl exit`).not.toBe(0)
  }
}

/** The flow cap (flow-cap.ts) is in the sandbox's current network namespace. */
async function expectFlowCap(sbx: Sandbox): Promise<void> {
  const [containerId] = await containersOf(sbx.sandboxId)
  const pid = (await docker('inspect', '-f', '{{.State.Pid}}', containerId!)).trim()
  const mangle = (await run('nsenter', [`--net=/proc/${pid}/ns/net`, 'iptables-save', '-t', 'mangle'])).stdout
  expect(mangle, `flow cap in ${sbx.sandboxId}`).toMatch(
    /-m connlimit --connlimit-above 8192 --connlimit-mask 0 .*-j DROP/,
  )
}

async function expectOpen(sbx: Sandbox): Promise<void> {
  const got = await reach(sbx, [`http://${WEB}/`, `http://${MIRROR}/`])
  expect(got).toEqual({ [`http://${WEB}/`]: '200 0', [`http://${MIRROR}/`]: '200 0' })
  // DNS through Docker's embedded DNS (forwarding to the host's resolver, an internal address here).
  expect((await sh(sbx, 'getent hosts registry.npmjs.org')).exitCode).toBe(0)
}

describe('the test hosts answer the host (so "blocked" means blocked)', () => {
  it('the LAN, the metadata stand-in, the mirror, the web host, the host listener and the lo address all answer 200 from the host', async () => {
    for (const u of [
      `http://${LAN}/`,
      `http://${METADATA}/`,
      `http://${MIRROR}/`,
      `http://${WEB}/`,
      `http://${WEB_HOST_END}:${hostPort}/`,
      `http://${HOST_LO}/`,
    ]) {
      expect((await fetch(u, { signal: AbortSignal.timeout(5000) })).status, u).toBe(200)
    }
  })
})

describe('every sandbox is fenced from its first packet', () => {
  it("a pooled sandbox: no LAN, metadata, host address or API port; the internet, DNS and the operator's range work", async () => {
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${server.apiUrl}/health`)).json()) as { pools: Record<string, { ready: number }> })
            .pools.base?.ready,
        { timeout: 120_000, interval: 100, message: 'the pool' },
      )
      .toBe(1)
    const sbx = await made()
    expect((await inspectSandbox(sbx.sandboxId)).Config.Labels['sandock.pool']).toBe('true')
    await expectBlocked(sbx)
    await expectOpen(sbx)
    await expectFlowCap(sbx)
  })

  it('a cold sandbox (a denyOut rule keeps it off the pool): blocked paths blocked, UDP to the LAN dropped; the registry over HTTPS and a user port through the proxy work', async () => {
    const sbx = await made({ network: { denyOut: ['192.0.2.123/32'] } })
    expect((await inspectSandbox(sbx.sandboxId)).Config.Labels['sandock.pool']).not.toBe('true')
    await expectBlocked(sbx)
    await expectOpen(sbx)
    // Its egress rules (the filter table) and the flow cap (raw, mangle) are both in place.
    await expectFlowCap(sbx)
    // UDP to the LAN (its DNS server answers the host) is dropped too.
    const udp = `python3 -c "
import socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(3)
q = bytes.fromhex('abcd01000001000000000000') + b'\\x03lan\\x05fence\\x04test\\x00' + bytes.fromhex('00010001')
s.sendto(q, ('${LAN}', 53))
try: s.recv(512); print('answered')
except socket.timeout: print('timeout')
"`
    expect((await sh(sbx, udp)).stdout.trim()).toBe('timeout')
    // -k: this machine's way out may intercept TLS with a CA the sandbox does not trust; reaching it is the point.
    const registry = await sh(sbx, `curl -sk -o /dev/null -w '%{http_code}' --max-time 20 https://registry.npmjs.org/`)
    expect(registry.stdout).toBe('200')
    await sbx.commands.run('python3 -m http.server 8000', { background: true, timeoutMs: 0 })
    await waitForPortInSandbox(sbx, 8000)
    expect((await viaProxy(sbx.sandboxId, 8000, { server })).status).toBe(200)
  })

  it('allow_internet_access: false: no LAN, metadata, host or API port', async () => {
    const sbx = await made({ allowInternetAccess: false })
    await expectBlocked(
      sbx,
      blockedUrls().filter((u) => !u.includes(gateway)),
    )
  })

  it('allowOut cannot open the internal ranges or the host, at create or through updateNetwork', async () => {
    const opening = ['10.0.0.0/8', '169.254.0.0/16', '198.18.0.0/15', `${WEB_HOST_END}/32`]
    const sbx = await made({ network: { allowOut: opening, denyOut: [ALL_TRAFFIC] } })
    await expectBlocked(sbx)
    const other = await made({ network: { allowOut: opening } })
    await expectBlocked(other)
    const put = await fetch(`${server.apiUrl}/sandboxes/${other.sandboxId}/network`, {
      method: 'PUT',
      headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ allowOut: ['10.213.77.0/24', METADATA], denyOut: [] }),
    })
    expect(put.status).toBe(204)
    await expectBlocked(other)
    // The sandbox's own deny rules still apply on top: the web host is denied (reset) here.
    expect(await reach(sbx, [`http://${WEB}/`])).toEqual({ [`http://${WEB}/`]: '000 7' })
  })

  it('after a memory pause and a filesystem-only pause (a new network namespace), and in a fork', async () => {
    const sbx = await made()
    expect(await sbx.pause()).toBe(true)
    const resumed = await Sandbox.connect(sbx.sandboxId, sdkOpts(server))
    await expectBlocked(resumed)
    expect(await resumed.pause({ keepMemory: false })).toBe(true)
    const rebooted = await Sandbox.connect(sbx.sandboxId, sdkOpts(server))
    await expectBlocked(rebooted)
    await expectOpen(rebooted)
    await expectFlowCap(rebooted)
    const [fork] = await rebooted.fork({ count: 1 })
    if (!(fork instanceof Sandbox)) throw new Error(`fork failed: ${String(fork)}`)
    trackSandbox(server, fork.sandboxId)
    onTestFinished(() => killQuietly(fork.sandboxId, server))
    await expectBlocked(fork)
    await expectFlowCap(fork)
  })

  it('has no IPv6: no address to bind, and the networks have none', async () => {
    const sbx = await made()
    const v6 = await sh(
      sbx,
      `python3 -c "
import socket
try:
    socket.socket(socket.AF_INET6, socket.SOCK_STREAM).bind(('::1', 0)); print('bound')
except OSError as e: print('refused', e.errno)
try:
    s = socket.socket(socket.AF_INET6, socket.SOCK_STREAM); s.settimeout(3); s.connect(('fd00::2', 9)); print('connected')
except OSError as e: print('refused', e.errno)
"`,
    )
    expect(v6.stdout).not.toMatch(/bound|connected/)
    expect(v6.stdout.trim().split('\n')).toHaveLength(2)
    for (const n of server.networks) {
      expect((JSON.parse(await docker('network', 'inspect', n)) as { EnableIPv6: boolean }[])[0]!.EnableIPv6).toBe(
        false,
      )
    }
  })

  it('installs its forward chain, jumped to for both sandbox bridges, dropping the always-denied ranges', async () => {
    const rules = (await run('iptables', ['-w', '5', '-S'])).stdout.split('\n')
    const jumps = rules.filter((r) => /^-A (DOCKER-USER|FORWARD) -i \S+ -j SANDOCK-FWD-/.test(r))
    const chain = jumps
      .map((r) => r.split(' ').at(-1))
      .find((c) => rules.some((r) => r.startsWith(`-A ${c} -d 10.213.78.0/24 -j RETURN`)))
    expect(chain).toBeDefined()
    expect(jumps.filter((r) => r.endsWith(` ${chain}`))).toHaveLength(2)
    for (const d of ['10.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '127.0.0.0/8'])
      expect(rules).toContain(`-A ${chain} -d ${d} -j DROP`)
  })
})

describe("the kernel's connection table (one for the host)", () => {
  it('a UDP flood gets EPERM past the flow cap; loopback is not tracked; another sandbox, DNS and the API keep working', async () => {
    const [flooder, other] = await Promise.all([made(), made()])
    const hostCount = async () => Number(await readFile('/proc/sys/net/netfilter/nf_conntrack_count', 'utf8'))
    const before = await hostCount()
    // 20,000 flows each way: to ports on the sandbox's loopback, then to the web host.
    const { stdout, exitCode } = await sh(
      flooder,
      `python3 - <<'EOF'
import json, socket, threading, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
def flood(host):
    ok = err = 0; errno = None; t = time.time()
    for p in range(1, 20001):
        try:
            s.sendto(b'x', (host, p)); ok += 1
        except OSError as e:
            err += 1; errno = errno or e.errno
    return {'ok': ok, 'err': err, 'errno': errno, 's': round(time.time() - t, 2)}
lo = flood('127.0.0.1')
srv = socket.socket(); srv.bind(('127.0.0.1', 0)); srv.listen()
threading.Thread(target=lambda: srv.accept()[0].send(b'hi'), daemon=True).start()
c = socket.create_connection(srv.getsockname()); tcp = c.recv(2).decode()
print(json.dumps({'lo': lo, 'loTcp': tcp, 'web': flood('${WEB}')}))
EOF`,
    )
    expect(exitCode).toBe(0)
    const got = JSON.parse(stdout) as {
      lo: { ok: number; err: number }
      loTcp: string
      web: { ok: number; err: number; errno: number | null; s: number }
    }
    expect(got.lo).toMatchObject({ ok: 20_000, err: 0 })
    expect(got.loTcp).toBe('hi')
    let inSandbox = 0
    if (TEST_RUNTIME === 'runsc-netstack') {
      // gVisor's own stack: the sends succeed in the sandbox, and the host drops every new flow
      // past the cap by source address (runtime/netstack-filter.ts). What counts is the host's
      // table below, not an error in the sandbox.
      expect(got.web.ok).toBe(20_000)
    } else {
      // The cap (8192, the default) less the few flows the sandbox already held; the rest refused.
      expect(got.web.ok).toBeLessThanOrEqual(8192)
      expect(got.web.ok).toBeGreaterThan(8000)
      expect(got.web.errno).toBe(1)
      const [containerId] = await containersOf(flooder.sandboxId)
      const pid = (await docker('inspect', '-f', '{{.State.Pid}}', containerId!)).trim()
      inSandbox = Number(
        (await run('nsenter', [`--net=/proc/${pid}/ns/net`, 'cat', '/proc/sys/net/netfilter/nf_conntrack_count']))
          .stdout,
      )
      expect(inSandbox).toBeLessThanOrEqual(8192 + 16)
    }
    // The host's own table took at most the cap (plus what other suites did meanwhile), not 40,000.
    const grown = (await hostCount()) - before
    expect(grown).toBeLessThan(8192 + 4000)
    console.info(
      `flow cap: ${got.web.ok} flows in ${got.web.s} s, then EPERM for ${got.web.err}; ${inSandbox} entries in the sandbox, host table +${grown}`,
    )
    // Everyone else is unaffected: another sandbox's web and DNS, and the API.
    await expectOpen(other)
    expect((await fetch(`${server.apiUrl}/health`)).status).toBe(200)
  })
})

describe('the egress gateway', () => {
  it("never dials the host itself or the LAN for a sandbox with a transform rule; a rule's host still works", async () => {
    const headers = { transform: { headers: { 'x-fence': 'on' } } }
    const network = {
      rules: {
        'web.fence.test': [headers],
        'hostlo.fence.test': [headers],
        'hostend.fence.test': [headers],
        'lan.fence.test': [headers],
      },
    }
    const sbx = await made({ network })
    const via = (name: string, ip: string) =>
      `curl -s --connect-timeout 3 --max-time 5 --resolve ${name}:80:${ip} http://${name}/`
    const ok = await sh(sbx, via('web.fence.test', WEB))
    expect(ok.exitCode).toBe(0)
    expect((JSON.parse(ok.stdout) as { headers: Record<string, string> }).headers['x-fence']).toBe('on')
    // Before issue 26: the host's own lo address (outside RFC 1918) was dialled (200 "host-lo").
    for (const [name, ip] of [
      ['hostlo.fence.test', HOST_LO],
      ['hostend.fence.test', WEB_HOST_END],
      ['lan.fence.test', LAN],
    ] as const) {
      const r = await sh(sbx, `${via(name, ip)}; echo " exit=$?"`)
      expect(r.stdout, name).not.toContain('host-lo')
      expect(r.stdout, name).not.toMatch(/^\{/)
    }
    // No rule names it: decided by address, which is the host's own.
    expect((await sh(sbx, `curl -s --max-time 5 http://${HOST_LO}/; echo " exit=$?"`)).stdout).not.toContain('host-lo')
  })

  it('a domain rule lets its name through the gateway and nothing else, not the host under an allowed-looking name', async () => {
    const sbx = await made({ network: { allowOut: ['web.fence.test'], denyOut: [ALL_TRAFFIC] } })
    const via = (name: string, ip: string) =>
      `curl -s -o /dev/null -w '%{http_code}' --connect-timeout 3 --max-time 5 --resolve ${name}:80:${ip} http://${name}/; echo " exit=$?"`
    expect((await sh(sbx, via('web.fence.test', WEB))).stdout).toMatch(/^200 exit=0/)
    // The guest's address for an allowed name is not what is dialled: the gateway resolves it itself.
    expect((await sh(sbx, via('web.fence.test', HOST_LO))).stdout).toMatch(/^200 exit=0/)
    for (const [name, ip] of [
      ['hostlo.fence.test', HOST_LO],
      ['lan.fence.test', LAN],
      ['other.fence.test', WEB],
    ] as const)
      expect((await sh(sbx, via(name, ip))).stdout, name).not.toMatch(/^200/)
  })
})

describe('template builds', () => {
  it('a RUN step meets the same fences (no LAN, metadata, host or API port), has a pids limit, and reaches DNS and the web', async () => {
    const name = unique('fence-build').toLowerCase()
    const fail = (u: string) =>
      `if curl -s -o /dev/null --connect-timeout 3 --max-time 5 '${u}'; then echo "REACHED ${u}"; exit 1; fi`
    const step = [
      ...blockedUrls().map(fail),
      // Docker's default bridge gateway, where the API listens too.
      fail(`http://172.17.0.1:${server.apiPort}/health`),
      // cgroup v2 or v1
      'p=$(cat /sys/fs/cgroup/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids/pids.max) && test -n "$p" && test "$p" != max',
      `curl -sf -o /dev/null --max-time 10 http://${WEB}/`,
      'getent hosts registry.npmjs.org >/dev/null',
      'echo fences-held > /tmp/fences',
    ].join(' && ')
    const logs: string[] = []
    try {
      await Template.build(Template().fromTemplate('base').runCmd(step, { user: 'root' }), name, {
        apiKey: server.apiKey,
        apiUrl: server.apiUrl,
        cpuCount: 1,
        memoryMB: 512,
        skipCache: true,
        onBuildLogs: (e) => logs.push(e.message),
      })
    } catch (e) {
      throw new Error(`the build failed: ${(e as Error).message}\n${logs.join('\n')}`)
    }
    const built = await Sandbox.create(name, { ...sdkOpts(server), timeoutMs: 120_000 })
    trackSandbox(server, built.sandboxId)
    onTestFinished(() => killQuietly(built.sandboxId, server))
    expect((await built.commands.run('cat /tmp/fences')).stdout.trim()).toBe('fences-held')
  })
})

describe('a stopped server', () => {
  it('leaves both chains in place while a sandbox outlives it, so the sandbox stays fenced', async () => {
    const sbx = await made()
    const instance = (await run('cat', [`${server.dataDir}/instance-id`])).stdout.trim().slice(0, 12)
    const chains = [`SANDOCK-IN-${instance}`, `SANDOCK-FWD-${instance}`]
    await server.stop()
    try {
      for (const c of chains) await run('iptables', ['-w', '5', '-S', c])
      // envd still answers the host; the sandbox still cannot reach the LAN or the metadata service.
      const ip = await sandboxAddress(sbx.sandboxId)
      const probe = await fetch(`http://${ip}:49983/health`, { signal: AbortSignal.timeout(5000) })
      expect(probe.status).toBeLessThan(500)
      const container = (await inspectSandbox(sbx.sandboxId)).Id
      for (const u of [`http://${LAN}/`, `http://${METADATA}/`]) {
        const r = await run('docker', [
          'exec',
          container,
          'curl',
          '-s',
          '-o',
          '/dev/null',
          '-w',
          '%{http_code}',
          '--connect-timeout',
          '3',
          '--max-time',
          '5',
          u,
        ]).then(
          (x) => x.stdout,
          (e: { stdout?: string }) => e.stdout ?? '',
        )
        expect(r, u).toBe('000')
      }
    } finally {
      // This server does not start again: its chains go with it.
      for (const from of ['INPUT', 'DOCKER-USER', 'FORWARD']) {
        const rules = (await run('iptables', ['-w', '5', '-S', from]).catch(() => ({ stdout: '' }))).stdout.split('\n')
        for (const r of rules.filter((l) => chains.some((c) => l.endsWith(`-j ${c}`))))
          await run('iptables', ['-w', '5', '-D', ...r.split(' ').slice(1)])
      }
      for (const c of chains)
        await run('iptables', ['-w', '5', '-F', c])
          .then(() => run('iptables', ['-w', '5', '-X', c]))
          .catch(() => undefined)
    }
  })
})
