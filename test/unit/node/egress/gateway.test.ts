// The egress gateway on loopback: connections arrive as if redirected (a fake SO_ORIGINAL_DST),
// names resolve through a fake resolver to echo servers on 127.0.0.1 (internal ranges are opened
// for the test), and the guest side is a plain socket or a TLS client that must verify what it gets.
import net, { type Socket } from 'node:net'
import tls from 'node:tls'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createSandboxCa, type SandboxCa } from '../../../../src/node/egress/ca.js'
import { createEgressGateway, type EgressGateway } from '../../../../src/node/egress/gateway.js'
import { compilePolicy, type NetworkPolicy } from '../../../../src/node/egress/policy.js'
import { generateCertificates } from '../../../../src/control/tls.js'
// @ts-expect-error: a plain ESM test helper without types
import { startHttpEcho, startSocks5, startTlsEcho } from '../../../support/egress-targets.mjs'

type Server = { port: number; close(): Promise<void> }
type Socks = Server & { requests: Record<string, unknown>[] }
const log = pino({ level: process.env.TEST_LOG ?? 'silent' })
const SECRET = 's3cr3t-value-42'

let httpEcho: Server
let tlsEcho: Server & { server: import('node:https').Server }
let upstreamPki: Awaited<ReturnType<typeof generateCertificates>>
let sandboxCa: SandboxCa
let gateway: EgressGateway
let gatewayPort: number
let nextDst: { address: string; port: number } | undefined
const names: Record<string, string> = {
  'a.up.test': '127.0.0.1',
  'api.up.test': '127.0.0.1',
  'wrong.test': '127.0.0.1',
}

beforeAll(async () => {
  upstreamPki = await generateCertificates('up.test')
  sandboxCa = await createSandboxCa('sbxtest')
  httpEcho = await startHttpEcho()
  tlsEcho = await startTlsEcho({ cert: upstreamPki.cert + upstreamPki.caCert, key: upstreamPki.key })
  gateway = createEgressGateway({
    resolver: { lookupAll: async (h) => (names[h] ? [names[h]] : Promise.reject(new Error(`no such host ${h}`))) },
    secrets: { resolveSecret: async (n) => (n === 'api-key' ? SECRET : undefined) },
    trustedCa: [upstreamPki.caCert],
    originalDst: () => {
      if (!nextDst) throw new Error('not redirected')
      return nextDst
    },
    internal: () => false,
    ports: { http: httpEcho.port, tls: tlsEcho.port },
    log,
  })
  gatewayPort = await gateway.listen('127.0.0.1', 0)
})

afterAll(async () => {
  await gateway?.close()
  await httpEcho?.close()
  await tlsEcho?.close()
})

function serve(policy: NetworkPolicy, ca: SandboxCa | undefined = sandboxCa) {
  gateway.attach('127.0.0.1', { sandboxId: 'sbxtest', policy: compilePolicy(policy), ca, log })
  onTestFinished(() => gateway.detach('127.0.0.1'))
}

/** Connects "to" `dst` (the gateway sees it as the original destination). */
function connectAs(dst: { address: string; port: number }): Promise<Socket> {
  nextDst = dst
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port: gatewayPort }, () => resolve(s))
    s.once('error', reject)
  })
}

/** Everything the server sends until it closes (an accepted-then-closed connection gives ''). */
function readAll(s: Socket | tls.TLSSocket): Promise<string> {
  return new Promise((resolve) => {
    let out = ''
    s.on('data', (c: Buffer) => (out += c.toString('utf8')))
    s.once('close', () => resolve(out))
    s.once('error', () => resolve(out))
  })
}

const request = (host: string, extra = '') =>
  `GET /path?q=1 HTTP/1.1\r\nHost: ${host}\r\nX-Key: from-guest\r\n${extra}Connection: close\r\n\r\n`
const bodyOf = (raw: string) =>
  JSON.parse(
    raw
      .slice(raw.indexOf('\r\n\r\n') + 4)
      .replace(/^[0-9a-f]+\r\n/, '')
      .replace(/\r\n0\r\n\r\n$/, ''),
  ) as { headers: Record<string, string>; url: string }
const statusOf = (raw: string) => Number(raw.split(' ')[1])

async function httpVia(dst: { address: string; port: number }, host: string): Promise<string> {
  const s = await connectAs(dst)
  const done = readAll(s)
  s.write(request(host))
  return done
}

async function httpsVia(
  dst: { address: string; port: number },
  servername: string | undefined,
  ca: string,
): Promise<{ raw: string; error?: Error }> {
  const raw = await connectAs(dst)
  return new Promise((resolve) => {
    const s = tls.connect(
      { socket: raw, servername, ca, checkServerIdentity: servername ? tls.checkServerIdentity : () => undefined },
      () => {
        s.write(request(servername ?? 'no-sni'))
      },
    )
    let out = ''
    s.on('data', (c: Buffer) => (out += c.toString('utf8')))
    s.once('close', () => resolve({ raw: out }))
    s.once('error', (error) => resolve({ raw: out, error }))
  })
}

describe('allow and deny by name', () => {
  const policy = { allowOut: ['*.up.test'], denyOut: ['0.0.0.0/0'] }

  it('HTTP: an allowed Host is dialled by name, whatever address the guest chose', async () => {
    serve(policy)
    // 198.51.100.1 is never contacted: the name decides where the connection goes.
    const raw = await httpVia({ address: '198.51.100.1', port: httpEcho.port }, 'A.UP.test')
    expect(statusOf(raw)).toBe(200)
    expect(bodyOf(raw)).toMatchObject({ url: '/path?q=1', headers: { 'x-key': 'from-guest' } })
  })

  it('HTTP: another Host is accepted, then closed without an answer', async () => {
    serve(policy)
    expect(await httpVia({ address: '127.0.0.1', port: httpEcho.port }, 'other.test')).toBe('')
  })

  it('HTTPS: an allowed SNI passes through untouched (the guest sees the real certificate)', async () => {
    serve(policy)
    const r = await httpsVia({ address: '198.51.100.1', port: tlsEcho.port }, 'a.up.test', upstreamPki.caCert)
    expect(r.error).toBeUndefined()
    expect(bodyOf(r.raw).headers['x-key']).toBe('from-guest')
  })

  it('HTTPS: another SNI is closed during the handshake', async () => {
    serve(policy)
    const r = await httpsVia({ address: '127.0.0.1', port: tlsEcho.port }, 'other.test', upstreamPki.caCert)
    expect(r.raw).toBe('')
    expect(r.error).toBeDefined()
  })

  it('HTTPS without SNI falls back to the IP rules', async () => {
    serve(policy)
    expect((await httpsVia({ address: '127.0.0.1', port: tlsEcho.port }, undefined, upstreamPki.caCert)).raw).toBe('')
    serve({ allowOut: ['127.0.0.1'], denyOut: ['0.0.0.0/0'] })
    const r = await httpsVia({ address: '127.0.0.1', port: tlsEcho.port }, undefined, upstreamPki.caCert)
    expect(statusOf(r.raw)).toBe(200)
  })

  it('other ports: IP rules only, no bytes read before the decision', async () => {
    serve({ allowOut: ['127.0.0.1'], denyOut: ['0.0.0.0/0'] })
    const other = await startHttpEcho()
    onTestFinished(() => other.close())
    expect(statusOf(await httpVia({ address: '127.0.0.1', port: other.port }, 'other.test'))).toBe(200)
    serve({ allowOut: ['*.up.test'], denyOut: ['0.0.0.0/0'] })
    expect(await httpVia({ address: '127.0.0.1', port: other.port }, 'a.up.test')).toBe('')
  })

  it('refuses connections from addresses it does not serve, and ones that were not redirected', async () => {
    expect(await httpVia({ address: '127.0.0.1', port: httpEcho.port }, 'a.up.test')).toBe('')
    serve(policy)
    nextDst = undefined
    const s = net.connect({ host: '127.0.0.1', port: gatewayPort })
    s.on('connect', () => s.write(request('a.up.test')))
    expect(await readAll(s)).toBe('')
  })
})

describe('transforms', () => {
  const rules = {
    'api.up.test': [{ transform: { headers: { 'X-Key': 'Bearer ${e2b.secrets.API-KEY}', 'X-Static': 'lit' } } }],
  }

  it('HTTP: the rule sets its headers, with the secret resolved at request time', async () => {
    serve({ allowOut: [], denyOut: [], rules })
    const raw = await httpVia({ address: '198.51.100.1', port: httpEcho.port }, 'api.up.test')
    expect(statusOf(raw)).toBe(200)
    expect(bodyOf(raw).headers).toMatchObject({ 'x-key': `Bearer ${SECRET}`, 'x-static': 'lit', host: 'api.up.test' })
  })

  it('HTTPS: intercepted with a leaf from the sandbox CA, upstream verified, headers set', async () => {
    serve({ allowOut: [], denyOut: [], rules })
    const r = await httpsVia({ address: '198.51.100.1', port: tlsEcho.port }, 'api.up.test', sandboxCa.certPem)
    expect(r.error).toBeUndefined()
    expect(statusOf(r.raw)).toBe(200)
    expect(bodyOf(r.raw).headers).toMatchObject({ 'x-key': `Bearer ${SECRET}`, 'x-static': 'lit' })
    // Hosts no rule names are not intercepted: the sandbox CA does not vouch for them.
    serve({ allowOut: [], denyOut: [], rules })
    const plain = await httpsVia({ address: '127.0.0.1', port: tlsEcho.port }, 'a.up.test', sandboxCa.certPem)
    expect(plain.error?.message).toMatch(/certificate/)
  })

  it('keeps upstream connections alive across guest connections, never across a policy change', async () => {
    let handshakes = 0
    const count = () => void handshakes++
    tlsEcho.server.on('secureConnection', count)
    onTestFinished(() => void tlsEcho.server.off('secureConnection', count))
    serve({ allowOut: [], denyOut: [], rules })
    for (let i = 0; i < 3; i++) {
      const r = await httpsVia({ address: '198.51.100.1', port: tlsEcho.port }, 'api.up.test', sandboxCa.certPem)
      expect(bodyOf(r.raw).headers).toMatchObject({ 'x-key': `Bearer ${SECRET}` })
    }
    expect(handshakes).toBe(1)
    // The upstream closes its idle connections: the next request dials again and succeeds.
    tlsEcho.server.closeIdleConnections()
    await new Promise((r) => setTimeout(r, 50))
    expect(
      statusOf((await httpsVia({ address: '198.51.100.1', port: tlsEcho.port }, 'api.up.test', sandboxCa.certPem)).raw),
    ).toBe(200)
    expect(handshakes).toBe(2)
    // A new policy (same rules): a connection dialled under the old one is not reused.
    serve({ allowOut: [], denyOut: [], rules: { ...rules } })
    expect(
      statusOf((await httpsVia({ address: '198.51.100.1', port: tlsEcho.port }, 'api.up.test', sandboxCa.certPem)).raw),
    ).toBe(200)
    expect(handshakes).toBe(3)
  })

  it('an unknown secret refuses the request with a 502 and sends nothing upstream', async () => {
    serve({
      allowOut: [],
      denyOut: [],
      rules: { 'api.up.test': [{ transform: { headers: { 'X-Key': '${e2b.secrets.missing}' } } }] },
    })
    const raw = await httpVia({ address: '127.0.0.1', port: httpEcho.port }, 'api.up.test')
    expect(statusOf(raw)).toBe(502)
    expect(raw).toContain('references a secret that cannot be resolved')
    expect(raw).not.toContain('${e2b')
  })

  it('a transformed host whose real certificate does not verify gets a 502', async () => {
    serve({ allowOut: [], denyOut: [], rules: { 'wrong.test': [{ transform: { headers: { 'X-A': 'b' } } }] } })
    const r = await httpsVia({ address: '127.0.0.1', port: tlsEcho.port }, 'wrong.test', sandboxCa.certPem)
    expect(statusOf(r.raw)).toBe(502)
  })

  it('respects the IP rules when a transform dials by name: a name leading to a denied address is refused', async () => {
    serve({ allowOut: ['198.51.100.1'], denyOut: ['0.0.0.0/0'], rules })
    const raw = await httpVia({ address: '198.51.100.1', port: httpEcho.port }, 'api.up.test')
    expect(statusOf(raw)).toBe(502)
  })
})

describe('egressProxy (SOCKS5)', () => {
  let socks: Socks
  beforeAll(async () => {
    socks = await startSocks5({ username: 'user', password: 'pw', hosts: { 'a.up.test': '127.0.0.1' } })
  })
  afterAll(() => socks?.close())

  it('tunnels allowed connections with credentials: names as ATYP=domain, others by address', async () => {
    serve({
      allowOut: ['*.up.test', '127.0.0.1'],
      denyOut: ['0.0.0.0/0'],
      egressProxy: { address: `127.0.0.1:${socks.port}`, username: 'user', password: 'pw' },
    })
    socks.requests.length = 0
    expect(statusOf(await httpVia({ address: '198.51.100.1', port: httpEcho.port }, 'a.up.test'))).toBe(200)
    const other = await startHttpEcho()
    onTestFinished(() => other.close())
    expect(statusOf(await httpVia({ address: '127.0.0.1', port: other.port }, 'x'))).toBe(200)
    expect(socks.requests).toEqual([
      { auth: 'ok', username: 'user' },
      { atyp: 'domain', host: 'a.up.test', port: httpEcho.port },
      { auth: 'ok', username: 'user' },
      { atyp: 'ipv4', host: '127.0.0.1', port: other.port },
    ])
    // Blocked connections never reach the proxy.
    expect(await httpVia({ address: '198.51.100.2', port: httpEcho.port }, 'other.test')).toBe('')
    expect(socks.requests).toHaveLength(4)
  })

  it('fails closed: wrong credentials or a proxy that is down close the connection', async () => {
    serve({
      allowOut: [],
      denyOut: [],
      egressProxy: { address: `127.0.0.1:${socks.port}`, username: 'user', password: 'wrong' },
    })
    expect(await httpVia({ address: '127.0.0.1', port: httpEcho.port }, 'a.up.test')).toBe('')
    const down = await startSocks5()
    await down.close()
    serve({ allowOut: [], denyOut: [], egressProxy: { address: `127.0.0.1:${down.port}` } })
    expect(await httpVia({ address: '127.0.0.1', port: httpEcho.port }, 'a.up.test')).toBe('')
  })
})

describe('attach and detach', () => {
  it('detach cuts open connections; a new policy applies to the next connection', async () => {
    serve({ allowOut: [], denyOut: [] })
    const s = await connectAs({ address: '127.0.0.1', port: 9 + 0 * httpEcho.port })
    const closed = readAll(s)
    gateway.detach('127.0.0.1')
    expect(await closed).toBe('')
    serve({ allowOut: [], denyOut: ['0.0.0.0/0'] })
    expect(await httpVia({ address: '127.0.0.1', port: httpEcho.port }, 'a.up.test')).toBe('')
  })
})
