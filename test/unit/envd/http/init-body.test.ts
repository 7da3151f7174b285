// The /init body check that replaced the JSON schema (src/envd/http/init-body.ts).
import { describe, expect, it } from 'vitest'
import { parseInitBody } from '../../../../src/envd/http/init-body.js'
import { InvalidArgumentError } from '../../../../src/shared/errors.js'

describe('parseInitBody', () => {
  const PEM = '-----BEGIN CERTIFICATE-----\nQUFB\n-----END CERTIFICATE-----\n'

  it('returns every known field, the timestamp as a Date, and ignores unknown ones', () => {
    const body = parseInitBody({
      envVars: { A: '1', B: '' },
      accessToken: 't',
      timestamp: '2026-01-02T03:04:05.678Z',
      defaultUser: 'user',
      defaultWorkdir: '/w',
      caBundle: PEM,
      volumeMounts: [],
    })
    expect(body).toEqual({
      envVars: { A: '1', B: '' },
      accessToken: 't',
      timestamp: new Date('2026-01-02T03:04:05.678Z'),
      defaultUser: 'user',
      defaultWorkdir: '/w',
      caBundle: PEM,
    })
  })

  it("takes caBundle only as PEM certificates (the egress gateway's CA)", () => {
    expect(() => parseInitBody({ caBundle: 'not a certificate' })).toThrow('body/caBundle must hold PEM certificates')
    expect(() => parseInitBody({ caBundle: 42 })).toThrow('body/caBundle must be string')
  })

  it('accepts an empty object and RFC 3339 offsets', () => {
    expect(parseInitBody({})).toEqual({})
    expect(parseInitBody({ timestamp: '2026-01-02T03:04:05+02:00' }).timestamp).toEqual(
      new Date('2026-01-02T01:04:05Z'),
    )
  })

  it('copies envVars, so a later change to the request object cannot reach the state', () => {
    const envVars = { A: '1' }
    const body = parseInitBody({ envVars })
    envVars.A = '2'
    expect(body.envVars).toEqual({ A: '1' })
  })

  it.each([
    ['null', null, 'body must be object'],
    ['an array', [], 'body must be object'],
    ['a string', 'x', 'body must be object'],
    ['envVars as an array', { envVars: ['A'] }, 'body/envVars must be object'],
    ['envVars as a string', { envVars: 'A=1' }, 'body/envVars must be object'],
    ['a number env value', { envVars: { A: 1 } }, 'body/envVars/A must be string'],
    ['an empty token', { accessToken: '' }, 'body/accessToken must NOT have fewer than 1 characters'],
    ['a numeric token', { accessToken: 5 }, 'body/accessToken must be string'],
    ['a date without a zone', { timestamp: '2026-01-02T03:04:05' }, 'body/timestamp must match format "date-time"'],
    ['a bare date', { timestamp: '2026-01-02' }, 'body/timestamp must match format "date-time"'],
    ['an impossible date', { timestamp: '2026-13-45T03:04:05Z' }, 'body/timestamp must match format "date-time"'],
    ['a numeric timestamp', { timestamp: 1700000000 }, 'body/timestamp must be string'],
    ['a non-string user', { defaultUser: {} }, 'body/defaultUser must be string'],
    ['a non-string workdir', { defaultWorkdir: 1 }, 'body/defaultWorkdir must be string'],
  ])('refuses %s with invalid_argument', (_name, raw, message) => {
    let err: unknown
    try {
      parseInitBody(raw)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(InvalidArgumentError)
    expect((err as Error).message).toBe(message)
  })
})
