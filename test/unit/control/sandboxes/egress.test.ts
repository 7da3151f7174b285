// Egress rules: validation (the contract's 400s) and the iptables ruleset built from them.
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../../../../src/shared/errors.js'
import { rejection } from '../../../support/async.js'
import { buildEgressRuleset, hasEgressRules, parseIPv4Cidr, validateEgress } from '../../../../src/control/sandboxes/egress.js'

describe('parseIPv4Cidr', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4/32'], ['10.0.0.0/8', '10.0.0.0/8'], ['0.0.0.0/0', '0.0.0.0/0'], ['1.2.3.4/032', undefined],
    ['1.2.3.4/33', undefined], ['1.2.3', undefined], ['1.2.3.4/8/1', undefined], ['example.com', undefined], ['::1', undefined], ['1.2.3.4/', undefined],
  ])('%s → %s', (entry, want) => expect(parseIPv4Cidr(entry)).toBe(want))
})

describe('validateEgress', () => {
  it('keeps IPs and CIDRs as written', () => {
    expect(validateEgress({ allowOut: ['1.2.3.4', '10.0.0.0/8'], denyOut: ['0.0.0.0/0'] })).toEqual({ allowOut: ['1.2.3.4', '10.0.0.0/8'], denyOut: ['0.0.0.0/0'] })
    expect(validateEgress({})).toEqual({ allowOut: [], denyOut: [] })
    expect(validateEgress({ egressProxy: null, rules: {} })).toEqual({ allowOut: [], denyOut: [] })
  })

  it.each([
    [{ allowOut: ['example.com'] }, 'require "0.0.0.0/0" in denyOut'],
    [{ allowOut: ['*.example.com'], denyOut: ['0.0.0.0/0'] }, 'domain names ("*.example.com") in allowOut are not supported yet; use IPs or CIDRs'],
    [{ denyOut: ['example.com'] }, 'denyOut accepts IP addresses and CIDRs only'],
    [{ allowOut: ['1.2.3.4/40'] }, 'network.allowOut: "1.2.3.4/40" is not an IP address, a CIDR or a domain name'],
    [{ denyOut: ['not an ip'] }, 'network.denyOut: "not an ip" is not an IP address'],
    [{ denyOut: ['::/0'] }, 'is IPv6; sandboxes have IPv4 only'],
    [{ allowOut: ['2001:db8::1'] }, 'is IPv6'],
    [{ egressProxy: { address: 'proxy:1080' } }, 'network.egressProxy is not supported yet'],
    [{ rules: { 'example.com': [{}] } }, 'network.rules (request transforms) are not supported yet'],
  ])('refuses %j', async (req, message) => {
    const err = await rejection(() => validateEgress(req))
    expect(err).toBeInstanceOf(InvalidArgumentError)
    expect((err as Error).message).toContain(message)
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
    const text = buildEgressRuleset({ allowOut: ['203.0.113.80'], denyOut: ['0.0.0.0/0'] }, { internet: true, dnsServers })
    expect(text.split('\n')).toEqual([
      '*filter', ':INPUT ACCEPT [0:0]', ':FORWARD ACCEPT [0:0]', ':OUTPUT ACCEPT [0:0]',
      '-A OUTPUT -o lo -j ACCEPT',
      '-A OUTPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT',
      '-A OUTPUT -d 10.255.255.53/32 -p udp --dport 53 -j ACCEPT',
      '-A OUTPUT -d 10.255.255.53/32 -p tcp --dport 53 -j ACCEPT',
      '-A OUTPUT -d 203.0.113.80/32 -j ACCEPT',
      '-A OUTPUT -d 0.0.0.0/0 -p tcp -j REJECT --reject-with tcp-reset',
      '-A OUTPUT -d 0.0.0.0/0 -j REJECT --reject-with icmp-port-unreachable',
      'COMMIT', '',
    ])
  })

  it('treats allow_internet_access: false as denyOut 0.0.0.0/0 (allowOut still wins)', () => {
    const text = buildEgressRuleset({ allowOut: ['1.2.3.4'], denyOut: [] }, { internet: false, dnsServers: [] })
    expect(text).toContain('-A OUTPUT -d 1.2.3.4/32 -j ACCEPT\n-A OUTPUT -d 0.0.0.0/0 -p tcp -j REJECT')
    expect(text).not.toContain('--dport 53')
    expect(hasEgressRules({ allowOut: [], denyOut: [] }, false)).toBe(true)
  })

  it('writes each address once', () => {
    const text = buildEgressRuleset({ allowOut: [], denyOut: ['1.2.3.4', '1.2.3.4/32', '0.0.0.0/0'] }, { internet: false, dnsServers: [] })
    expect(text.match(/-d 1\.2\.3\.4\/32 -p tcp/g)).toHaveLength(1)
    expect(text.match(/-d 0\.0\.0\.0\/0 -p tcp/g)).toHaveLength(1)
  })
})
