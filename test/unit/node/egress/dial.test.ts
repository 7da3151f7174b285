// The egress gateway's dial checks (issue 26): every resolved address, IPv4 and IPv6, is checked
// against the always-denied ranges and the host's own addresses (IPv4-mapped IPv6 as IPv4), the
// operator's opened CIDRs pass, and exactly the checked address is connected to, with one
// resolution per dial. On loopback: a TCP server on 127.0.0.1 stands for "the host".
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DialRefusedError,
  dialAddress,
  dialByName,
  dialViaSocks,
  type EgressResolver,
} from '../../../../src/node/egress/dial.js'
import { createHostAddresses, parseFibTrieLocal } from '../../../../src/node/egress/host-addresses.js'
import { internalCheck, isAlwaysDenied, normalizeIp } from '../../../../src/node/egress/policy.js'

let server: net.Server
let port: number
let accepted = 0

beforeAll(async () => {
  server = net.createServer((s) => {
    accepted++
    s.end()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  port = (server.address() as net.AddressInfo).port
})

afterAll(() => new Promise<void>((r) => server.close(() => r())))

/** A resolver answering `answers` for every name, counting its lookups. */
function resolverOf(answers: string[]): EgressResolver & { lookups: number } {
  const r = { lookups: 0, lookupAll: async () => (r.lookups++, answers) }
  return r
}

describe('normalizeIp and the always-denied ranges', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:7f00:1', '127.0.0.1'],
    ['0:0:0:0:0:ffff:a00:1', '10.0.0.1'],
    ['[::ffff:169.254.169.254]', '169.254.169.254'],
    ['::1', '::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['nope', undefined],
    ['1.2.3', undefined],
  ])('%s → %s', (ip, want) => expect(normalizeIp(ip)).toBe(want))

  it.each([
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.1.2.3', true],
    ['::ffff:7f00:1', true],
    ['::1', true],
    ['fd00::2', true],
    ['fe80::1', true],
    ['2001:db8::1', true],
    ['::ffff:198.51.100.1', false],
    ['198.51.100.1', false],
  ])('%s always denied: %s', (ip, want) => expect(isAlwaysDenied(ip)).toBe(want))

  it("opens the operator's CIDRs, never the host's own addresses", () => {
    const check = internalCheck({
      allowCidrs: ['10.9.0.0/16'],
      isHostAddress: (ip) => ip === '198.51.100.9' || ip === '10.9.0.1',
    })
    expect(check('10.9.1.2')).toBe(false)
    expect(check('::ffff:10.9.1.2')).toBe(false)
    expect(check('10.8.0.1')).toBe(true)
    expect(check('10.9.0.1')).toBe(true)
    expect(check('198.51.100.9')).toBe(true)
    expect(check('::ffff:198.51.100.9')).toBe(true)
    expect(check('198.51.100.10')).toBe(false)
    expect(check('2001:db8::1')).toBe(true)
  })
})

describe("the host's own addresses", () => {
  const FIB = [
    'Main:',
    '  +-- 0.0.0.0/0 3 0 4',
    '     |-- 0.0.0.0',
    '        /0 universe UNICAST',
    'Local:',
    '  +-- 0.0.0.0/0 3 0 4',
    '     +-- 127.0.0.0/8 2 0 2',
    '           |-- 127.0.0.0',
    '              /8 host LOCAL',
    '           |-- 127.0.0.1',
    '              /32 host LOCAL',
    '        |-- 127.255.255.255',
    '           /32 link BROADCAST',
    '           |-- 172.17.0.1',
    '              /32 host LOCAL',
    '           |-- 192.0.2.0',
    '              /24 link UNICAST',
    '           |-- 192.0.2.2',
    '              /32 host LOCAL',
    '     |-- 198.18.7.0',
    '        /24 host LOCAL',
  ].join('\n')

  it('are every LOCAL entry of the routing tables: interface addresses and prefixes routed to lo', () => {
    expect(parseFibTrieLocal(FIB).sort()).toEqual([
      '127.0.0.0/8',
      '127.0.0.1/32',
      '172.17.0.1/32',
      '192.0.2.2/32',
      '198.18.7.0/24',
    ])
    const host = createHostAddresses({ read: () => FIB })
    for (const ip of ['192.0.2.2', '198.18.7.200', '127.1.2.3', '172.17.0.1']) expect(host.isHostAddress(ip)).toBe(true)
    for (const ip of ['192.0.2.1', '192.0.2.255', '172.17.0.2', '8.8.8.8']) expect(host.isHostAddress(ip)).toBe(false)
  })

  it('are read again after the ttl (an address added later counts)', async () => {
    let text = FIB
    const host = createHostAddresses({ read: () => text, ttlMs: 20 })
    expect(host.isHostAddress('203.0.113.5')).toBe(false)
    text += '\n     |-- 203.0.113.5\n        /32 host LOCAL'
    await new Promise((r) => setTimeout(r, 30))
    expect(host.isHostAddress('203.0.113.5')).toBe(true)
  })

  it("include this machine's own (read from /proc)", () => {
    expect(createHostAddresses().isHostAddress('127.0.0.1')).toBe(true)
  })
})

describe('dialByName, dialAddress and dialViaSocks', () => {
  const onlyLoopbackOpen = (ip: string) => ip !== '127.0.0.1'

  it("refuses a name whose every answer is internal or the host's: ::1, ::ffff:127.0.0.1, ::ffff:7f00:1, 10/8, 169.254.169.254", async () => {
    for (const answers of [
      ['::1'],
      ['::ffff:127.0.0.1'],
      ['::ffff:7f00:1'],
      ['10.1.2.3', '::1'],
      ['169.254.169.254'],
      ['fd00::2', 'fe80::1'],
    ]) {
      const before = accepted
      await expect(dialByName(resolverOf(answers), 'x.test', port)).rejects.toBeInstanceOf(DialRefusedError)
      expect(accepted).toBe(before)
    }
    const hostOnly = internalCheck({ isHostAddress: (ip) => ip === '198.51.100.9' })
    await expect(
      dialByName(resolverOf(['198.51.100.9', '::ffff:198.51.100.9']), 'x.test', port, undefined, {
        internal: hostOnly,
      }),
    ).rejects.toBeInstanceOf(DialRefusedError)
  })

  it('connects to exactly the checked (normalised) address, resolving once', async () => {
    const r = resolverOf(['::ffff:127.0.0.1'])
    const s = await dialByName(r, 'x.test', port, undefined, { internal: onlyLoopbackOpen })
    expect(s.remoteAddress).toBe('127.0.0.1')
    expect(r.lookups).toBe(1)
    s.destroy()
    // The skipped answers are never dialled; the usable one is.
    const mixed = await dialByName(resolverOf(['::1', '10.0.0.1', '127.0.0.1']), 'x.test', port, undefined, {
      internal: onlyLoopbackOpen,
    })
    expect(mixed.remoteAddress).toBe('127.0.0.1')
    mixed.destroy()
  })

  it('checks an address the guest chose, mapped IPv6 included', async () => {
    await expect(dialAddress('127.0.0.1', port)).rejects.toBeInstanceOf(DialRefusedError)
    await expect(dialAddress('::ffff:127.0.0.1', port)).rejects.toBeInstanceOf(DialRefusedError)
    await expect(dialAddress('::1', port, { internal: () => false })).rejects.toBeInstanceOf(DialRefusedError)
    const s = await dialAddress('::ffff:127.0.0.1', port, { internal: onlyLoopbackOpen })
    expect(s.remoteAddress).toBe('127.0.0.1')
    s.destroy()
  })

  it('re-resolves the egress proxy at dial time and refuses every internal or IPv6 answer (::1 and ::ffff:127.0.0.1 included)', async () => {
    for (const answers of [['::1'], ['::ffff:127.0.0.1'], ['10.0.0.5', '::ffff:7f00:1'], ['127.0.0.1']]) {
      const r = resolverOf(answers)
      const before = accepted
      await expect(
        dialViaSocks(r, { address: `proxy.test:${port}` }, 'example.test', 80, { timeoutMs: 2000 }),
      ).rejects.toBeInstanceOf(DialRefusedError)
      expect(r.lookups).toBe(1)
      expect(accepted).toBe(before)
    }
    for (const literal of ['[::1]', '[::ffff:127.0.0.1]', '127.0.0.1']) {
      await expect(
        dialViaSocks(resolverOf([]), { address: `${literal}:${port}` }, 'example.test', 80),
      ).rejects.toBeInstanceOf(DialRefusedError)
    }
  })
})
