// The egress gateway through the official SDK on real Docker: domain rules over HTTP and HTTPS,
// header transforms with secrets (HTTP, and HTTPS through interception with the sandbox's CA),
// the SOCKS5 egress proxy, live updates, pauses and restarts, and upstream's validation messages.
// Nothing leaves this machine: the "internet" is two test hosts this file creates, network
// namespaces that stop by themselves when this process ends (test/support/egress-hosts.mjs):
// 198.51.100.10 (HTTP echo on 80 and 8080, TLS echo on 443, a SOCKS5 server with credentials on
// 1080) and 203.0.113.10 (nothing: the address a spoofed name points at). Names resolve through a
// DNS server this file runs (SANDOCK_EGRESS_RESOLVER), and the guest is pointed at addresses with
// curl --resolve. Own server: API and proxy ports + 67.
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { ALL_TRAFFIC, Sandbox, Secret, type SandboxOpts } from 'e2b'
import { generateCertificates } from '../../src/control/tls.js'
import {
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  sdkOpts,
  startServer,
  trackSandbox,
  type ControlServer,
} from '../support/control-server.js'
import { killQuietly, printServerLogsOnFailure, viaProxy, waitForPortInSandbox } from '../support/control-sdk.js'
import { createTestHost, type TestHost } from '../support/egress-net.js'
// @ts-expect-error: a plain ESM test helper without types
import { startDns } from '../support/egress-targets.mjs'

const API_PORT = DEFAULT_API_PORT + 67
const NS_WEB = `egw${API_PORT}w`
const NS_ELSEWHERE = `egw${API_PORT}e`
const WEB = '198.51.100.10'
const SOCKS = '198.51.100.10'
const ELSEWHERE = '203.0.113.10'
const SECRET_VALUE = `egress-secret-${Date.now().toString(36)}-value`

let server: ControlServer | undefined
let restarted: ControlServer | undefined
let dns: { port: number; close(): Promise<void> }
let web: TestHost
let elsewhere: TestHost
let socks: { child: ChildProcess; events: Record<string, unknown>[] }
let dir: string
let testCa: string
const current = () => (restarted ?? server)!

printServerLogsOnFailure(current)

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandock-egress-'))
  const pki = await generateCertificates('egress.test')
  testCa = pki.caCert
  await writeFile(join(dir, 'ca.pem'), pki.caCert)
  dns = await startDns({
    records: {
      'web.egress.test': WEB,
      'api.egress.test': WEB,
      'other.egress.test': WEB,
      'deep.egress.test': WEB,
      'x.deep.egress.test': WEB,
      'internal.egress.test': '10.255.255.1',
    },
  })
  web = await createTestHost(NS_WEB, '198.51.100.8')
  elsewhere = await createTestHost(NS_ELSEWHERE, '203.0.113.8')
  expect(elsewhere.ip).toBe(ELSEWHERE)
  await web.start({
    http: [
      { host: '0.0.0.0', port: 80 },
      { host: '0.0.0.0', port: 8080 },
    ],
    https: { host: '0.0.0.0', port: 443, cert: pki.cert + pki.caCert, key: pki.key },
  })
  socks = await web.start({
    socks: {
      host: '0.0.0.0',
      port: 1080,
      username: 'egress-user',
      password: 'egress-pass',
      hosts: { 'web.egress.test': WEB },
    },
  })
  server = await startServer({
    apiPort: API_PORT,
    proxyPort: DEFAULT_PROXY_PORT + 67,
    env: {
      SANDOCK_EGRESS_RESOLVER: `127.0.0.1:${dns.port}`,
      SANDOCK_EGRESS_CA_CERTS: join(dir, 'ca.pem'),
      SANDOCK_LOG_LEVEL: 'info',
    },
  })
})

afterAll(async () => {
  await restarted?.cleanup()
  await server?.cleanup()
  await web?.remove()
  await elsewhere?.remove()
  await dns?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function made(opts: Omit<SandboxOpts, 'apiKey' | 'apiUrl' | 'sandboxUrl'> = {}): Promise<Sandbox> {
  const sbx = await Sandbox.create('base', { ...sdkOpts(current()), timeoutMs: 300_000, ...opts })
  trackSandbox(current(), sbx.sandboxId)
  onTestFinished(() => killQuietly(sbx.sandboxId, current()))
  await sbx.files.write('/tmp/test-ca.pem', testCa)
  return sbx
}

type Curl = { exit: number; status: number | undefined; body: string }

/**
 * curl from inside the sandbox, the name pinned to `ip` (the guest's own choice of address).
 * Blocked is a non-zero exit within upstream's limits (--connect-timeout 3 --max-time 5).
 */
async function curl(
  sbx: Sandbox,
  url: string,
  o: { ip?: string; cacert?: boolean; insecure?: boolean } = {},
): Promise<Curl> {
  const u = new URL(url)
  const port = u.port || (u.protocol === 'https:' ? '443' : '80')
  const args = ['-sS', '--connect-timeout', '3', '--max-time', '5', '-o', '/tmp/body', '-w', '%{http_code}']
  if (o.ip) args.push('--resolve', `${u.hostname}:${port}:${o.ip}`)
  if (o.cacert) args.push('--cacert', '/tmp/test-ca.pem')
  if (o.insecure) args.push('-k')
  const r = await sbx.commands.run(
    `rm -f /tmp/body; curl ${args.join(' ')} '${url}'; echo " $?"; cat /tmp/body 2>/dev/null; true`,
    { timeoutMs: 30_000 },
  )
  const [head = '', ...rest] = r.stdout.split('\n')
  const [code, exit] = head.trim().split(/\s+/)
  return { exit: Number(exit), status: code && code !== '000' ? Number(code) : undefined, body: rest.join('\n') }
}
const echoOf = (c: Curl) => JSON.parse(c.body) as { headers: Record<string, string>; remote: string }
const ok = (c: Curl) => c.exit === 0 && c.status === 200
const blocked = (c: Curl) => c.exit !== 0

describe('domain rules', () => {
  it('allow by exact name and *.x over HTTP and HTTPS; everything else is blocked, the apex of *.x too', async () => {
    const sbx = await made({ network: { allowOut: ['web.egress.test', '*.deep.egress.test'], denyOut: [ALL_TRAFFIC] } })
    expect(ok(await curl(sbx, 'http://web.egress.test/', { ip: WEB }))).toBe(true)
    // HTTPS that no rule transforms passes through: the guest sees the real certificate.
    const tls = await curl(sbx, 'https://web.egress.test/', { ip: WEB, cacert: true })
    expect(ok(tls)).toBe(true)
    expect(echoOf(tls).headers.host).toBe('web.egress.test')
    expect(ok(await curl(sbx, 'http://x.deep.egress.test/', { ip: WEB }))).toBe(true)
    expect(ok(await curl(sbx, 'http://WEB.egress.TEST/', { ip: WEB }))).toBe(true)
    expect(blocked(await curl(sbx, 'http://other.egress.test/', { ip: WEB }))).toBe(true)
    expect(blocked(await curl(sbx, 'https://other.egress.test/', { ip: WEB, cacert: true }))).toBe(true)
    expect(blocked(await curl(sbx, 'http://deep.egress.test/', { ip: WEB }))).toBe(true)
    // Other ports keep the IP rules (denied here), whatever the name.
    expect(blocked(await curl(sbx, 'http://web.egress.test:8080/', { ip: WEB }))).toBe(true)
    // HTTPS without SNI (an address) falls back to the IP rules.
    expect(blocked(await curl(sbx, `https://${WEB}/`, { insecure: true }))).toBe(true)
    expect((await sbx.getInfo()).network).toMatchObject({
      allowOut: ['web.egress.test', '*.deep.egress.test'],
      denyOut: [ALL_TRAFFIC],
    })
  })

  it("* allows every name; the address a name is dialled at is the gateway's choice, not the guest's", async () => {
    const sbx = await made({ network: { allowOut: ['*', WEB], denyOut: [ALL_TRAFFIC] } })
    expect(ok(await curl(sbx, 'http://other.egress.test/', { ip: WEB }))).toBe(true)
    // The guest points the allowed name at another host (nothing listens on its :80): the
    // gateway dials the name with its own resolver and reaches the real web host anyway.
    const spoofed = await curl(sbx, 'http://web.egress.test/', { ip: ELSEWHERE })
    expect(ok(spoofed)).toBe(true)
    // Allowed by IP: SNI-less HTTPS and other ports pass.
    expect(ok(await curl(sbx, `https://${WEB}/`, { insecure: true }))).toBe(true)
    expect(ok(await curl(sbx, `http://${WEB}:8080/`))).toBe(true)
  })

  it('a blocked connection is accepted, then closed without an answer', async () => {
    const sbx = await made({ network: { allowOut: ['web.egress.test'], denyOut: [ALL_TRAFFIC] } })
    const r = await sbx.commands.run(
      `timeout 10 bash -c 'exec 3<>/dev/tcp/${WEB}/80 && echo connected; printf "GET / HTTP/1.1\\r\\nHost: other.egress.test\\r\\n\\r\\n" >&3; cat <&3; echo "eof"'`,
      { timeoutMs: 20_000 },
    )
    expect(r.stdout).toBe('connected\neof\n')
  })

  it('internal ranges stay blocked: by address, and when an allowed name resolves to one', async () => {
    const sbx = await made({
      network: { allowOut: ['internal.egress.test', '172.16.0.0/12', '10.0.0.0/8'], denyOut: [ALL_TRAFFIC] },
    })
    expect(blocked(await curl(sbx, 'http://internal.egress.test/', { ip: WEB }))).toBe(true)
    // The sandbox bridge's gateway (the host itself) on port 80.
    const gw = (await sbx.commands.run("ip route | awk '/default/ {print $3}'")).stdout.trim()
    expect(blocked(await curl(sbx, `http://${gw}/`))).toBe(true)
  })
})

describe('the sandbox and the gateway', () => {
  it("cannot reach the gateway's port itself, nor change its address or routes", async () => {
    const port = /"port":(\d+),"msg":"egress gateway listening"/.exec(current().logs())?.[1]
    expect(port).toBeDefined()
    const sbx = await made({ network: { allowOut: ['web.egress.test'], denyOut: [ALL_TRAFFIC] } })
    const gw = (await sbx.commands.run("ip route | awk '/default/ {print $3}'")).stdout.trim()
    const direct = await sbx.commands.run(
      `timeout 5 bash -c 'exec 3<>/dev/tcp/${gw}/${port}' && echo open || echo refused`,
      { timeoutMs: 20_000 },
    )
    expect(direct.stdout.trim()).toBe('refused')
    // The redirect matches its source address: it cannot take another (no NET_ADMIN, even as root).
    // (runc says "Operation not permitted", gVisor "Permission denied": both refuse.)
    const change = await sbx.commands.run(
      'sudo ip addr add 198.51.100.77/32 dev eth0 2>/dev/null; echo "addr $?"; sudo ip route replace default via 198.51.100.9 2>/dev/null; echo "route $?"; ip -4 addr show dev eth0; ip route',
      { timeoutMs: 20_000 },
    )
    expect(change.stdout).toMatch(/^addr [1-9]\d*\nroute [1-9]\d*\n/)
    expect(change.stdout).not.toContain('198.51.100.77')
    expect(change.stdout).toContain(`default via ${gw}`)
    expect(blocked(await curl(sbx, 'http://other.egress.test/', { ip: WEB }))).toBe(true)
  })
})

describe('transforms', () => {
  it('set headers on HTTP and HTTPS requests (HTTPS intercepted with the sandbox CA from /init); unknown secrets fail closed', async () => {
    const rules = {
      'api.egress.test': [{ transform: { headers: { 'X-Static': 'literal', 'X-Api-Key': 'from-rule' } } }],
      'other.egress.test': [{ transform: { headers: { 'X-Api-Key': '${e2b.secrets.no-such-secret}' } } }],
    }
    const sbx = await made({ network: { rules } })
    const plain = await curl(sbx, 'http://api.egress.test/h', { ip: WEB })
    expect(ok(plain)).toBe(true)
    expect(echoOf(plain).headers).toMatchObject({ 'x-static': 'literal', 'x-api-key': 'from-rule' })
    // HTTPS without --cacert: the sandbox's own CA, installed through /init, is in the system store.
    const tls = await curl(sbx, 'https://api.egress.test/h', { ip: WEB })
    expect(tls.exit).toBe(0)
    expect(echoOf(tls).headers).toMatchObject({ 'x-static': 'literal' })
    expect((await sbx.commands.run('cat /usr/local/share/ca-certificates/e2b-ca.crt')).stdout).toContain(
      'BEGIN CERTIFICATE',
    )
    const unknown = await curl(sbx, 'http://other.egress.test/', { ip: WEB })
    expect(unknown.status).toBe(502)
    expect(unknown.body).not.toContain('${e2b')
    // Hosts no rule names are not intercepted (they verify against their real CA).
    expect(ok(await curl(sbx, 'https://web.egress.test/', { ip: WEB, cacert: true }))).toBe(true)
    expect((await sbx.getInfo()).network?.rules).toEqual(rules)
  })

  it('resolve ${e2b.secrets.<name>} at the gateway: the value reaches the server, never the sandbox', async () => {
    // A real secret, created through the SDK's Secret API (the server's secret store).
    await Secret.create('Egress-Key', SECRET_VALUE, sdkOpts(current()))
    // The placeholder's name is matched case-insensitively, as the store's names are.
    const rules = {
      'api.egress.test': [{ transform: { headers: { 'X-Api-Key': 'Bearer ${e2b.secrets.EGRESS-key}' } } }],
    }
    // Added live: the running sandbox gets its CA through /init before the rule applies.
    const sbx = await made({})
    await sbx.updateNetwork({ rules })
    for (const url of ['http://api.egress.test/h', 'https://api.egress.test/h']) {
      const r = await curl(sbx, url, { ip: WEB })
      expect(r.status).toBe(200)
      expect(echoOf(r).headers['x-api-key']).toBe(`Bearer ${SECRET_VALUE}`)
    }
    // A new version is what the next request carries (resolved per request, never cached).
    await Secret.update('egress-key', `${SECRET_VALUE}-v2`, sdkOpts(current()))
    expect(echoOf(await curl(sbx, 'https://api.egress.test/h', { ip: WEB })).headers['x-api-key']).toBe(
      `Bearer ${SECRET_VALUE}-v2`,
    )
    // Deleted: the placeholder no longer resolves and the request fails closed.
    await Secret.destroy('egress-key', sdkOpts(current()))
    const gone = await curl(sbx, 'http://api.egress.test/h', { ip: WEB })
    expect(gone.status).toBe(502)
    expect(gone.body).not.toContain(SECRET_VALUE)
    // The pattern is assembled inside the search (never whole on a command line, which /proc shows).
    const [a, b] = [SECRET_VALUE.slice(0, 10), SECRET_VALUE.slice(10)]
    const where = await sbx.commands.run(
      `pat() { printf '%s%s' '${a}' '${b}'; }; (env; sudo cat /proc/[0-9]*/environ /proc/[0-9]*/cmdline 2>/dev/null; sudo grep -rIs -F -f <(pat) /etc /home /tmp /root /opt /usr/local /var 2>/dev/null) | grep -c -F -f <(pat) || true`,
      { timeoutMs: 60_000 },
    )
    expect(where.stdout.trim()).toBe('0')
    // Echoed as stored: the placeholder, not the value.
    expect((await sbx.getInfo()).network?.rules).toEqual(rules)
  })
})

describe('egressProxy (SOCKS5)', () => {
  it('tunnels allowed TCP through the proxy with credentials, and fails closed when it stops', async () => {
    const sbx = await made({
      network: {
        allowOut: ['web.egress.test'],
        denyOut: [ALL_TRAFFIC],
        egressProxy: { address: `${SOCKS}:1080`, username: 'egress-user', password: 'egress-pass' },
      },
    })
    const r = await curl(sbx, 'http://web.egress.test/', { ip: WEB })
    expect(ok(r)).toBe(true)
    // The echo server saw the SOCKS server's connection (same namespace), not the host's.
    expect(echoOf(r).remote).toBe(SOCKS)
    expect(socks.events).toContainEqual({ socks: { atyp: 'domain', host: 'web.egress.test', port: 80 } })
    expect(blocked(await curl(sbx, 'http://other.egress.test/', { ip: WEB }))).toBe(true)
    expect((await sbx.getInfo()).network?.egressProxy).toEqual({ address: `${SOCKS}:1080`, username: 'egress-user' })
    socks.child.kill('SIGKILL')
    await new Promise((resolve) => socks.child.once('exit', resolve))
    expect(blocked(await curl(sbx, 'http://web.egress.test/', { ip: WEB }))).toBe(true)
  })
})

describe('live updates, pauses and restarts', () => {
  it('PUT replaces the policy live; it holds across both pauses and a server restart', async () => {
    const sbx = await made({})
    expect(ok(await curl(sbx, 'http://other.egress.test/', { ip: WEB }))).toBe(true)
    await sbx.updateNetwork({ allowOut: ['web.egress.test'], denyOut: [ALL_TRAFFIC] })
    const check = async (s: Sandbox) => {
      expect(ok(await curl(s, 'http://web.egress.test/', { ip: WEB }))).toBe(true)
      expect(blocked(await curl(s, 'http://other.egress.test/', { ip: WEB }))).toBe(true)
    }
    await check(sbx)
    await sbx.pause()
    await sbx.connect()
    await check(sbx)
    // A filesystem-only pause frees the address; the next boot gets a new one, redirected again.
    await sbx.pause({ keepMemory: false })
    const again = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(current()), timeoutMs: 120_000 })
    await check(again)

    const first = server!
    await first.stop('SIGKILL')
    restarted = await startServer({
      apiPort: first.apiPort,
      proxyPort: first.proxyPort,
      dataDir: first.dataDir,
      apiKey: first.apiKey,
      env: { SANDOCK_EGRESS_RESOLVER: `127.0.0.1:${dns.port}`, SANDOCK_EGRESS_CA_CERTS: join(dir, 'ca.pem') },
    })
    const after = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(current()), timeoutMs: 120_000 })
    await check(after)
    expect((await after.getInfo()).network).toMatchObject({ allowOut: ['web.egress.test'], denyOut: [ALL_TRAFFIC] })

    await after.updateNetwork({})
    expect(ok(await curl(after, 'http://other.egress.test/', { ip: WEB }))).toBe(true)
  })
})

describe('ingress settings', () => {
  it('maskRequestHost rewrites Host on user ports; an httpsPorts port is reached over TLS; both echoed', async () => {
    const sbx = await made({ network: { maskRequestHost: 'custom-host.example.com:${PORT}', httpsPorts: [8443] } })
    const pki = await generateCertificates('self.test')
    await sbx.files.write('/tmp/srv.crt', pki.cert)
    await sbx.files.write('/tmp/srv.key', pki.key)
    await sbx.files.write(
      '/tmp/srv.py',
      [
        'import http.server, ssl, sys, threading',
        'class H(http.server.BaseHTTPRequestHandler):',
        '    def do_GET(self):',
        '        body = ("%s|%s|%s" % (self.server.server_port, self.headers.get("Host"), self.headers.get("X-Forwarded-Host"))).encode()',
        '        self.send_response(200); self.send_header("content-length", str(len(body))); self.end_headers(); self.wfile.write(body)',
        'plain = http.server.HTTPServer(("0.0.0.0", 8080), H)',
        'tls = http.server.HTTPServer(("0.0.0.0", 8443), H)',
        'ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); ctx.load_cert_chain("/tmp/srv.crt", "/tmp/srv.key")',
        'tls.socket = ctx.wrap_socket(tls.socket, server_side=True)',
        'threading.Thread(target=plain.serve_forever, daemon=True).start()',
        'tls.serve_forever()',
      ].join('\n'),
    )
    await sbx.commands.run('python3 /tmp/srv.py', { background: true })
    await waitForPortInSandbox(sbx, 8443)
    await waitForPortInSandbox(sbx, 8080)
    const plain = await viaProxy(sbx.sandboxId, 8080, { server: current() })
    expect(plain.text).toBe(`8080|custom-host.example.com:8080|127.0.0.1:${current().proxyPort}`)
    const tls = await viaProxy(sbx.sandboxId, 8443, { server: current() })
    expect(tls.status).toBe(200)
    expect(tls.text).toBe(`8443|custom-host.example.com:8443|127.0.0.1:${current().proxyPort}`)
    expect((await sbx.getInfo()).network).toMatchObject({
      maskRequestHost: 'custom-host.example.com:${PORT}',
      httpsPorts: [8443],
    })
    // PUT .../network leaves ingress alone.
    await sbx.updateNetwork({ denyOut: [ALL_TRAFFIC] })
    expect((await sbx.getInfo()).network).toMatchObject({
      maskRequestHost: 'custom-host.example.com:${PORT}',
      httpsPorts: [8443],
      denyOut: [ALL_TRAFFIC],
    })
  })
})

describe("validation (upstream's messages)", () => {
  it.each([
    [
      { allowOut: ['web.egress.test'] },
      "When specifying allowed domains in allow out, you must include 'ALL_TRAFFIC' in deny out to block all other traffic.",
    ],
    [{ denyOut: ['web.egress.test'] }, 'invalid denied CIDR web.egress.test'],
    [{ rules: { '*': [{}] } }, 'Rule domain "*" is not a valid domain name.'],
    [
      { rules: { 'a.test': [{ transform: { headers: { 'bad name': 'v' } } }] } },
      'Header name "bad name" in rule for domain "a.test" must contain only valid HTTP token characters.',
    ],
    [{ maskRequestHost: 'a:b:c' }, 'mask request host is not valid: a:b:c'],
    [
      { egressProxy: { address: '127.0.0.1:1080' } },
      'Invalid egress proxy config: egress proxy endpoint resolves to an internal / denied IP range: 127.0.0.1 resolves to 127.0.0.1',
    ],
  ])('a create with %j is a 400: %s', async (network, message) => {
    const err = await Sandbox.create('base', {
      ...sdkOpts(current()),
      network: network as SandboxOpts['network'],
    }).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(err?.message).toContain('400')
    expect(err?.message).toContain(message)
  })
})
