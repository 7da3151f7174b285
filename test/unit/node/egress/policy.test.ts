// The gateway's per-connection decision, hostname matching and the transform rule a host gets.
import { describe, expect, it } from 'vitest'
import {
  compilePolicy,
  isAlwaysDenied,
  matchDomain,
  needsGateway,
  ruleKeyFor,
} from '../../../../src/node/egress/policy.js'

describe('matchDomain (upstream matchDomain)', () => {
  it.each([
    ['example.com', 'example.com', true],
    ['EXAMPLE.com', 'example.COM', true],
    ['example.com.', 'example.com', true],
    ['api.example.com', 'example.com', false],
    ['anything.org', '*', true],
    ['a.example.com', '*.example.com', true],
    ['a.b.example.com', '*.example.com', true],
    ['example.com', '*.example.com', false],
    ['badexample.com', '*.example.com', false],
    ['', '*', false],
    ['x.com', '', false],
  ])('%s against %s → %s', (host, pattern, want) => expect(matchDomain(host, pattern)).toBe(want))
})

describe('decide', () => {
  const p = compilePolicy({ allowOut: ['*.allowed.test', '198.51.100.7', '203.0.113.0/28'], denyOut: ['0.0.0.0/0'] })
  it.each([
    ['x.allowed.test', '198.51.100.99', 'domain'],
    ['other.test', '198.51.100.7', 'cidr'],
    [undefined, '203.0.113.5', 'cidr'],
    ['other.test', '198.51.100.99', 'blocked'],
    [undefined, '203.0.113.50', 'blocked'],
  ] as const)('%s at %s → %s', (host, ip, want) => expect(p.decide(host, ip)).toBe(want))

  it('allows by default and denies only what denyOut names; allowOut alone restricts nothing', () => {
    const d = compilePolicy({ allowOut: ['198.51.100.1'], denyOut: ['203.0.113.0/24'] })
    expect(d.decide(undefined, '198.51.100.200')).toBe('default')
    expect(d.decide('a.test', '203.0.113.9')).toBe('blocked')
    expect(compilePolicy({ allowOut: ['198.51.100.1'], denyOut: [] }).decide(undefined, '203.0.113.9')).toBe('default')
  })

  it('treats no internet access as denyOut 0.0.0.0/0 (allowOut still wins)', () => {
    const d = compilePolicy({ allowOut: ['ok.test'], denyOut: [] }, { internet: false })
    expect(d.decide('ok.test', '198.51.100.1')).toBe('domain')
    expect(d.decide('no.test', '198.51.100.1')).toBe('blocked')
  })
})

describe('transform rules', () => {
  const keys = ['api.test', '*.test', '*.deep.test']
  it.each([
    ['api.test', 'api.test'],
    ['API.test', 'api.test'],
    ['x.api.test', '*.test'],
    ['a.deep.test', '*.deep.test'],
    ['test', undefined],
    ['other.org', undefined],
  ])('%s uses %s (exact first, then the longest wildcard)', (host, want) => expect(ruleKeyFor(keys, host)).toBe(want))

  it('gives the headers of the matching rule; an empty transform intercepts nothing', () => {
    const p = compilePolicy({
      allowOut: [],
      denyOut: [],
      rules: { 'api.test': [{ transform: { headers: { 'X-Key': 'v' } } }], 'empty.test': [{}] },
    })
    expect(p.headersFor('API.TEST')).toEqual({ 'X-Key': 'v' })
    expect(p.headersFor('empty.test')).toBeUndefined()
    expect(p.headersFor('none.test')).toBeUndefined()
  })
})

describe('needsGateway and the always-denied ranges', () => {
  it('is needed for domains, header transforms and a proxy, not for IP rules', () => {
    expect(needsGateway({ allowOut: ['1.2.3.4'], denyOut: ['0.0.0.0/0'] })).toBe(false)
    expect(needsGateway({ allowOut: ['a.test'], denyOut: ['0.0.0.0/0'] })).toBe(true)
    expect(needsGateway({ allowOut: [], denyOut: [], rules: { 'a.test': [{}] } })).toBe(false)
    expect(
      needsGateway({ allowOut: [], denyOut: [], rules: { 'a.test': [{ transform: { headers: { a: 'b' } } }] } }),
    ).toBe(true)
    expect(needsGateway({ allowOut: [], denyOut: [], egressProxy: { address: '198.51.100.1:1080' } })).toBe(true)
  })

  it.each([
    ['10.1.2.3', true],
    ['172.17.0.1', true],
    ['192.168.1.1', true],
    ['127.0.0.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.1.2.3', true],
    ['198.51.100.1', false],
    ['8.8.8.8', false],
    ['::1', true],
  ])('%s internal: %s', (ip, want) => expect(isAlwaysDenied(ip)).toBe(want))
})
