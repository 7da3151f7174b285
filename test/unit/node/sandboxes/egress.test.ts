// Egress rules: validation (the contract's 400s) and the iptables ruleset built from them.
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../../../../src/shared/errors.js'
import { rejection } from '../../../support/async.js'
import {
  buildEgressRuleset,
  hasEgressRules,
  parseIPv4Cidr,
  validateEgress,
} from '../../../../src/node/sandboxes/egress.js'

describe('parseIPv4Cidr', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4/32'],
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['1.2.3.4/032', undefined],
    ['1.2.3.4/33', undefined],
    ['1.2.3', undefined],
    ['1.2.3.4/8/1', undefined],
    ['example.com', undefined],
    ['::1', undefined],
    ['1.2.3.4/', undefined],
  ])('%s → %s', (entry, want) => expect(parseIPv4Cidr(entry)).toBe(want))
})

const noLookup = async (h: string) => Promise.reject(new Error(`no such host ${h}`))

describe('validateEgress', () => {
  it('keeps IPs, CIDRs and domains as written', async () => {
    expect(await validateEgress({ allowOut: ['1.2.3.4', '10.0.0.0/8'], denyOut: ['0.0.0.0/0'] }, noLookup)).toEqual({
      allowOut: ['1.2.3.4', '10.0.0.0/8'],
      denyOut: ['0.0.0.0/0'],
    })
    expect(await validateEgress({}, noLookup)).toEqual({ allowOut: [], denyOut: [] })
    expect(await validateEgress({ egressProxy: null, rules: {} }, noLookup)).toEqual({
      allowOut: [],
      denyOut: [],
      rules: {},
    })
    expect(await validateEgress({ allowOut: ['*.example.com'], denyOut: ['0.0.0.0/0'] }, noLookup)).toEqual({
      allowOut: ['*.example.com'],
      denyOut: ['0.0.0.0/0'],
    })
  })

  it.each([
    [
      { allowOut: ['example.com'] },
      "When specifying allowed domains in allow out, you must include 'ALL_TRAFFIC' in deny out to block all other traffic.",
    ],
    [{ denyOut: ['example.com'] }, 'invalid denied CIDR example.com'],
    [{ allowOut: ['1.2.3.4/40'] }, 'invalid allowed address 1.2.3.4/40'],
    [{ denyOut: ['::/0'] }, 'is IPv6; sandboxes have IPv4 only'],
    [{ allowOut: ['2001:db8::1'] }, 'is IPv6'],
  ])('refuses %j', async (req, message) => {
    const err = await validateEgress(req, noLookup).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(InvalidArgumentError)
    expect((err as Error).message).toContain(message)
  })

  it('refuses what only the gateway enforces on a sandbox without a route out', async () => {
    const err = await validateEgress({ rules: { 'a.test': [{ transform: { headers: { a: 'b' } } }] } }, noLookup, {
      allowInternetAccess: false,
    }).catch((e: unknown) => e)
    expect((err as Error).message).toContain('need a sandbox with internet access')
    expect(
      await validateEgress({ allowOut: ['1.2.3.4'], denyOut: ['0.0.0.0/0'] }, noLookup, { allowInternetAccess: false }),
    ).toEqual({ allowOut: ['1.2.3.4'], denyOut: ['0.0.0.0/0'] })
  })
})

describe('buildEgressRuleset', () => {
  const dnsServers = ['10.255.255.53']

  it('loads an empty filter table when there is nothing to deny (lifts old rules)', () => {
    const text = buildEgressRuleset({ allowOut: ['1.2.3.4'], denyOut: [] }, { internet: true, dnsServers })
    expect(text).toBe('*filter\n:INPUT ACCEPT [0:0]\n:FORWARD ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\nCOMMIT\n')
    expect(hasEgressRules({ allowOut: ['1.2.3.4'], denyOut: [] }, true)).toBe(false)
  })

  it('lets loopback, replies and DNS through, then allowOut, then rejects denyOut', () => {
    const text = buildEgressRuleset(
      { allowOut: ['203.0.113.80'], denyOut: ['0.0.0.0/0'] },
      { internet: true, dnsServers },
    )
    expect(text.split('\n')).toEqual([
      '*filter',
      ':INPUT ACCEPT [0:0]',
      ':FORWARD ACCEPT [0:0]',
      ':OUTPUT ACCEPT [0:0]',
      '-A OUTPUT -o lo -j ACCEPT',
      '-A OUTPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT',
      '-A OUTPUT -d 10.255.255.53/32 -p udp --dport 53 -j ACCEPT',
      '-A OUTPUT -d 10.255.255.53/32 -p tcp --dport 53 -j ACCEPT',
      '-A OUTPUT -d 203.0.113.80/32 -j ACCEPT',
      '-A OUTPUT -d 0.0.0.0/0 -p tcp -j REJECT --reject-with tcp-reset',
      '-A OUTPUT -d 0.0.0.0/0 -j REJECT --reject-with icmp-port-unreachable',
      'COMMIT',
      '',
    ])
  })

  it('treats allow_internet_access: false as denyOut 0.0.0.0/0 (allowOut still wins)', () => {
    const text = buildEgressRuleset({ allowOut: ['1.2.3.4'], denyOut: [] }, { internet: false, dnsServers: [] })
    expect(text).toContain('-A OUTPUT -d 1.2.3.4/32 -j ACCEPT\n-A OUTPUT -d 0.0.0.0/0 -p tcp -j REJECT')
    expect(text).not.toContain('--dport 53')
    expect(hasEgressRules({ allowOut: [], denyOut: [] }, false)).toBe(true)
  })

  it('writes each address once', () => {
    const text = buildEgressRuleset(
      { allowOut: [], denyOut: ['1.2.3.4', '1.2.3.4/32', '0.0.0.0/0'] },
      { internet: false, dnsServers: [] },
    )
    expect(text.match(/-d 1\.2\.3\.4\/32 -p tcp/g)).toHaveLength(1)
    expect(text.match(/-d 0\.0\.0\.0\/0 -p tcp/g)).toHaveLength(1)
  })

  it("lets the gateway's TCP through before the deny rules, and keeps domains out of the IP rules", () => {
    const web = buildEgressRuleset(
      { allowOut: ['a.test', '203.0.113.80'], denyOut: ['0.0.0.0/0'] },
      { internet: true, dnsServers: [] },
    )
    expect(web).toContain(
      '-A OUTPUT -p tcp -m multiport --dports 80,443 -j ACCEPT\n-A OUTPUT -d 203.0.113.80/32 -j ACCEPT\n',
    )
    expect(web).not.toContain('a.test')
    const all = buildEgressRuleset(
      { allowOut: [], denyOut: ['0.0.0.0/0'], egressProxy: { address: '198.51.100.1:1080' } },
      { internet: true, dnsServers: [] },
    )
    expect(all).toContain('-A OUTPUT -p tcp -j ACCEPT\n-A OUTPUT -d 0.0.0.0/0 -p tcp -j REJECT')
    expect(
      hasEgressRules(
        { allowOut: [], denyOut: [], rules: { 'a.test': [{ transform: { headers: { a: 'b' } } }] } },
        true,
      ),
    ).toBe(true)
  })
})
