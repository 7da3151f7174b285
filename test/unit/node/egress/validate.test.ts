// The egress fields of a create or PUT .../network: upstream's checks and messages, word for word.
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../../../../src/shared/errors.js'
import { echoPolicy, validateNetworkPolicy, type NetworkRequest } from '../../../../src/node/egress/validate.js'
import { IAM_UNAVAILABLE, refuseIamTokens } from '../../../../src/control/api/sandboxes/iam.js'

const lookupAll = async (host: string) => {
  const table: Record<string, string[]> = { 'proxy.test': ['198.51.100.9'], 'inside.test': ['10.0.0.5'] }
  const ips = table[host]
  if (!ips) throw new Error(`lookup ${host}: no such host`)
  return ips
}

async function message(req: NetworkRequest): Promise<string> {
  const err = await validateNetworkPolicy(req, lookupAll).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(InvalidArgumentError)
  return (err as Error).message
}

describe('addresses', () => {
  it('keeps entries as written', async () => {
    expect(
      await validateNetworkPolicy(
        { allowOut: ['*.a.test', 'b.test', '*', '198.51.100.1', '203.0.113.0/24'], denyOut: ['0.0.0.0/0'] },
        lookupAll,
      ),
    ).toEqual({ allowOut: ['*.a.test', 'b.test', '*', '198.51.100.1', '203.0.113.0/24'], denyOut: ['0.0.0.0/0'] })
    expect(await validateNetworkPolicy({}, lookupAll)).toEqual({ allowOut: [], denyOut: [] })
  })

  it.each([
    [{ denyOut: ['example.com'] }, 'invalid denied CIDR example.com'],
    [{ denyOut: ['10.0.0.0/33'] }, 'invalid denied CIDR 10.0.0.0/33'],
    [{ denyOut: ['0.0.0.0'] }, 'invalid denied CIDR 0.0.0.0'],
    [{ denyOut: ['0.0.0.0/8'] }, 'invalid denied CIDR 0.0.0.0/8'],
    [{ allowOut: ['0.0.0.0/16'] }, 'invalid allowed address 0.0.0.0/16'],
    [{ allowOut: ['not a domain/x'], denyOut: ['0.0.0.0/0'] }, 'invalid allowed address not a domain/x'],
    [
      { allowOut: ['example.com'] },
      "When specifying allowed domains in allow out, you must include 'ALL_TRAFFIC' in deny out to block all other traffic.",
    ],
    [
      { allowOut: ['*.example.com'], denyOut: ['198.51.100.0/24'] },
      "When specifying allowed domains in allow out, you must include 'ALL_TRAFFIC' in deny out to block all other traffic.",
    ],
    [{ denyOut: ['::/0'] }, 'network.denyOut: "::/0" is IPv6; sandboxes have IPv4 only'],
  ])('%j → %s', async (req, want) => expect(await message(req)).toContain(want))
})

describe('rules', () => {
  const rule = (headers: Record<string, string>) => [{ transform: { headers } }]

  it('lowercases keys, accepts *.x keys and keeps headers and placeholders as written', async () => {
    const p = await validateNetworkPolicy(
      {
        rules: {
          'API.Test': rule({ 'X-Key': '${e2b.secrets.My_Key}' }),
          '*.wild.test': [{}],
          'plain.test': [{ transform: {} }],
        },
      },
      lookupAll,
    )
    expect(p.rules).toEqual({
      'api.test': rule({ 'X-Key': '${e2b.secrets.My_Key}' }),
      '*.wild.test': [{}],
      'plain.test': [{ transform: {} }],
    })
  })

  it.each([
    [
      Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`d${i}.test`, []])),
      'Network rules can have at most 10 domains.',
    ],
    [{ '': [] }, 'Rule domain must not be empty.'],
    [
      { [`${'a'.repeat(125)}.com`]: [] },
      `Rule domain "${'a'.repeat(125)}.com" exceeds maximum length of 128 characters.`,
    ],
    [{ '*': [] }, 'Rule domain "*" is not a valid domain name.'],
    [{ '1.2.3.4': [] }, 'Rule domain "1.2.3.4" is not a valid domain name.'],
    [{ 'a b.test': [] }, 'Rule domain "a b.test" is not a valid domain name.'],
    [{ 'a.test': [{}, {}] }, 'Domain "a.test" can have at most 1 transform rule.'],
    [
      { 'a.test': rule(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`h${i}`, 'v']))) },
      'Domain "a.test" can have at most 20 headers per rule.',
    ],
    [{ 'a.test': rule({ '': 'v' }) }, 'Header name in rule for domain "a.test" must not be empty.'],
    [
      { 'a.test': rule({ 'bad name': 'v' }) },
      'Header name "bad name" in rule for domain "a.test" must contain only valid HTTP token characters.',
    ],
    [
      { 'a.test': rule({ ['h'.repeat(65)]: 'v' }) },
      `Header name "${'h'.repeat(65)}" in rule for domain "a.test" exceeds maximum length of 64 characters.`,
    ],
    [
      { 'a.test': rule({ h: 'a\r\nInjected: 1' }) },
      'Value for header "h" in rule for domain "a.test" contains invalid characters.',
    ],
    [
      { 'a.test': rule({ h: 'v'.repeat(2049) }) },
      'Value for header "h" in rule for domain "a.test" exceeds maximum length of 2048 characters.',
    ],
    [
      { 'a.test': rule({ h: 'Bearer ${e2b.secrets.unclosed' }) },
      'Network transform header contains a malformed E2B placeholder.',
    ],
    [
      { 'a.test': rule({ h: '${e2b.secrets.sec_reserved}' }) },
      'Network transform header contains a malformed E2B placeholder.',
    ],
    [
      {
        'a.test': rule(
          Object.fromEntries(
            Array.from({ length: 17 }, (_, i) => [`h${i}`, `\${e2b.secrets.s${i}a}\${e2b.secrets.s${i}b}`]),
          ),
        ),
      },
      'Rule domain "a.test" references more than 32 secrets.',
    ],
  ])('rules %# → %s', async (rules, want) => expect(await message({ rules })).toBe(want))
})

describe('egressProxy (byop.go)', () => {
  it('canonicalises the address and keeps credentials; null means none', async () => {
    expect(
      (
        await validateNetworkPolicy(
          { egressProxy: { address: ' PROXY.test:1080 ', username: 'u', password: 'p' } },
          lookupAll,
        )
      ).egressProxy,
    ).toEqual({ address: 'proxy.test:1080', username: 'u', password: 'p' })
    expect((await validateNetworkPolicy({ egressProxy: null }, lookupAll)).egressProxy).toBeUndefined()
  })

  it.each([
    [{ address: '' }, 'Invalid egress proxy config: egress proxy address must not be empty'],
    [
      { address: 'proxy.test' },
      'Invalid egress proxy config: egress proxy address must be in host:port form: address proxy.test: missing port in address',
    ],
    [{ address: ':1080' }, 'Invalid egress proxy config: egress proxy host must not be empty'],
    [{ address: 'proxy.test:0' }, 'Invalid egress proxy config: egress proxy port "0" is not a valid 1-65535 value'],
    [
      { address: 'proxy.test:http' },
      'Invalid egress proxy config: egress proxy port "http" is not a valid 1-65535 value',
    ],
    [
      { address: 'nowhere.test:1080' },
      'Invalid egress proxy config: resolve egress proxy host "nowhere.test": lookup nowhere.test: no such host',
    ],
    [
      { address: 'inside.test:1080' },
      'Invalid egress proxy config: egress proxy endpoint resolves to an internal / denied IP range: inside.test resolves to 10.0.0.5',
    ],
    [
      { address: '127.0.0.1:1080' },
      'Invalid egress proxy config: egress proxy endpoint resolves to an internal / denied IP range: 127.0.0.1 resolves to 127.0.0.1',
    ],
    [
      { address: 'proxy.test:1080', password: 'p' },
      'Invalid egress proxy config: egress proxy password must be empty when username is empty',
    ],
    [
      { address: 'proxy.test:1080', username: 'u'.repeat(256) },
      'Invalid egress proxy config: egress proxy username must not exceed 255 bytes',
    ],
  ])('%j → %s', async (egressProxy, want) => expect(await message({ egressProxy })).toBe(want))

  it('is echoed without its password', () => {
    expect(
      echoPolicy({
        allowOut: [],
        denyOut: [],
        egressProxy: { address: 'p.test:1', username: 'u', password: 'secret' },
      }),
    ).toEqual({ allowOut: [], denyOut: [], egressProxy: { address: 'p.test:1', username: 'u' } })
  })
})

describe('iam (workload identity tokens)', () => {
  const token = { audience: 'https://api.test', tokenType: 'JWT-SVID' }
  it('accepts no iam and one without tokens', () => {
    expect(() => refuseIamTokens(undefined)).not.toThrow()
    expect(() => refuseIamTokens(null)).not.toThrow()
    expect(() => refuseIamTokens({ tokens: {} })).not.toThrow()
  })

  it.each([
    [
      { tokens: Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((n) => [n, token])) },
      'iam.tokens: too many tokens: 6 (max 5)',
    ],
    [{ tokens: { '': token } }, 'iam.tokens: token name must not be empty'],
    [{ tokens: { gh: { tokenType: 'JWT-SVID' } } }, 'iam.tokens.gh.audience: audience is required'],
    [{ tokens: { gh: { audience: 'x', tokenType: 'JWT' } } }, 'iam.tokens.gh.tokenType: only "JWT-SVID" is supported'],
    [{ tokens: { gh: token } }, IAM_UNAVAILABLE],
    [{ tokens: ['gh'] }, 'iam: expected'],
  ])('%j is a 400: %s', (iam, text) => {
    let err: unknown
    try {
      refuseIamTokens(iam)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(InvalidArgumentError)
    expect((err as Error).message).toContain(text)
  })
})
