// Signed /files URLs and the access token (contract 5.2, 5.3).
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  UNAUTHORIZED_MESSAGE,
  checkAccessToken,
  checkFilesAccess,
  fileSignature,
  type FilesAuthQuery,
  type SignatureInput,
} from '../../../../src/envd/http/signing.js'
import { UnauthenticatedError } from '../../../../src/shared/errors.js'
import { rejection } from '../../../support/async.js'

/** Contract 5.3, computed another way: base64url has no padding, then map it back to the std alphabet. */
function expectedSignature(
  path: string,
  operation: string,
  username: string,
  token: string,
  expiration?: number,
): string {
  const payload = [path, operation, username, token, ...(expiration !== undefined ? [String(expiration)] : [])].join(
    ':',
  )
  const b64url = createHash('sha256').update(payload, 'utf8').digest('base64url')
  return 'v1_' + b64url.replaceAll('-', '+').replaceAll('_', '/')
}

const TOKEN = 'tok-3f9a'
const NOW_MS = Date.UTC(2025, 0, 1, 12, 0, 0)
const NOW_S = NOW_MS / 1000

describe('fileSignature', () => {
  it.each<[string, SignatureInput]>([
    [
      'a read without user or expiration',
      { path: '/home/user/a.txt', operation: 'read', username: '', accessToken: TOKEN },
    ],
    ['a write with a user', { path: 'a.txt', operation: 'write', username: 'user', accessToken: TOKEN }],
    [
      'an expiring read',
      { path: '/data/x', operation: 'read', username: 'root', accessToken: TOKEN, expiration: 1_900_000_000 },
    ],
    [
      'a path with spaces and unicode',
      { path: '/tmp/ä b/ç.txt', operation: 'write', username: 'user', accessToken: 'other-token' },
    ],
  ])('matches sha256 base64-without-padding for %s', (_name, input) => {
    const sig = fileSignature(input)
    expect(sig).toBe(
      expectedSignature(input.path, input.operation, input.username, input.accessToken, input.expiration),
    )
    expect(sig).toMatch(/^v1_[A-Za-z0-9+/]{43}$/)
  })

  it.each<[string, Partial<SignatureInput>]>([
    ['path', { path: '/other' }],
    ['operation', { operation: 'write' }],
    ['username', { username: 'someone' }],
    ['token', { accessToken: 'different' }],
    ['expiration', { expiration: 1 }],
  ])('changes when the %s changes', (_field, change) => {
    const base: SignatureInput = { path: '/p', operation: 'read', username: 'user', accessToken: TOKEN }
    expect(fileSignature({ ...base, ...change })).not.toBe(fileSignature(base))
  })
})

describe('checkFilesAccess', () => {
  const sign = (q: { path?: string; username?: string; operation?: 'read' | 'write'; expiration?: number }) =>
    expectedSignature(q.path ?? '', q.operation ?? 'read', q.username ?? '', TOKEN, q.expiration)

  it('allows everything when no token is configured', () => {
    expect(() => checkFilesAccess({ token: undefined, header: undefined, query: {}, operation: 'write' })).not.toThrow()
    expect(() =>
      checkFilesAccess({ token: undefined, header: 'junk', query: { signature: 'v1_junk' }, operation: 'read' }),
    ).not.toThrow()
  })

  it('allows a matching X-Access-Token header without a signature', () => {
    expect(() =>
      checkFilesAccess({ token: TOKEN, header: TOKEN, query: { path: '/x' }, operation: 'read' }),
    ).not.toThrow()
  })

  it.each<[string, string | undefined, FilesAuthQuery, 'read' | 'write', string]>([
    ['a mismatching header', 'wrong', { path: '/x' }, 'read', 'access token present in header but does not match'],
    [
      'a mismatching header even with a valid signature',
      'wrong',
      { path: '/x', signature: expectedSignature('/x', 'read', '', TOKEN) },
      'read',
      'access token present in header but does not match',
    ],
    ['neither header nor signature', undefined, { path: '/x' }, 'read', 'missing signature query parameter'],
    ['an empty signature', undefined, { path: '/x', signature: '' }, 'read', 'missing signature query parameter'],
    ['a garbage signature', undefined, { path: '/x', signature: 'v1_nope' }, 'read', 'invalid signature'],
    [
      'a signature for another path',
      undefined,
      { path: '/y', signature: expectedSignature('/x', 'read', '', TOKEN) },
      'read',
      'invalid signature',
    ],
    [
      'a read signature used to write',
      undefined,
      { path: '/x', signature: expectedSignature('/x', 'read', '', TOKEN) },
      'write',
      'invalid signature',
    ],
    [
      'a signature for another user',
      undefined,
      { path: '/x', username: 'root', signature: expectedSignature('/x', 'read', 'user', TOKEN) },
      'read',
      'invalid signature',
    ],
    [
      'a signature made with another token',
      undefined,
      { path: '/x', signature: expectedSignature('/x', 'read', '', 'other') },
      'read',
      'invalid signature',
    ],
    [
      'an expiring signature without its expiration',
      undefined,
      { path: '/x', signature: expectedSignature('/x', 'read', '', TOKEN, NOW_S + 60) },
      'read',
      'invalid signature',
    ],
    [
      'a changed expiration',
      undefined,
      {
        path: '/x',
        signature: expectedSignature('/x', 'read', '', TOKEN, NOW_S + 60),
        signature_expiration: String(NOW_S + 3600),
      },
      'read',
      'invalid signature',
    ],
    [
      'a non-numeric expiration',
      undefined,
      { path: '/x', signature: expectedSignature('/x', 'read', '', TOKEN), signature_expiration: 'soon' },
      'read',
      'invalid signature',
    ],
    [
      'an expired signature',
      undefined,
      {
        path: '/x',
        signature: expectedSignature('/x', 'read', '', TOKEN, NOW_S - 1),
        signature_expiration: String(NOW_S - 1),
      },
      'read',
      'signature is already expired',
    ],
    [
      'an invalid, expired signature (signature checked first)',
      undefined,
      { path: '/x', signature: 'v1_bad', signature_expiration: String(NOW_S - 1) },
      'read',
      'invalid signature',
    ],
  ])('refuses %s with 401 %j', async (_name, header, query, operation, message) => {
    const err = await rejection(() => checkFilesAccess({ token: TOKEN, header, query, operation, nowMs: NOW_MS }))
    expect(err).toBeInstanceOf(UnauthenticatedError)
    expect((err as Error).message).toBe(message)
  })

  it.each<[string, FilesAuthQuery, 'read' | 'write']>([
    ['a valid read signature', { path: '/x', signature: '' }, 'read'],
    ['a valid write signature with a username', { path: 'rel/x', username: 'user', signature: '' }, 'write'],
    ['a signature with an empty path', { signature: '' }, 'read'],
  ])('accepts %s', (_name, query, operation) => {
    const signed = { ...query, signature: sign({ path: query.path, username: query.username, operation }) }
    expect(() =>
      checkFilesAccess({ token: TOKEN, header: undefined, query: signed, operation, nowMs: NOW_MS }),
    ).not.toThrow()
  })

  it('accepts a valid signature that expires in the future', () => {
    const exp = NOW_S + 60
    const query = { path: '/x', signature: sign({ path: '/x', expiration: exp }), signature_expiration: String(exp) }
    expect(() =>
      checkFilesAccess({ token: TOKEN, header: undefined, query, operation: 'read', nowMs: NOW_MS }),
    ).not.toThrow()
  })

  it('uses the current time when none is given', async () => {
    const past = Math.floor(Date.now() / 1000) - 10
    const future = Math.floor(Date.now() / 1000) + 600
    const q = (exp: number) => ({
      path: '/x',
      signature: sign({ path: '/x', expiration: exp }),
      signature_expiration: String(exp),
    })
    expect(
      (await rejection(() => checkFilesAccess({ token: TOKEN, header: undefined, query: q(past), operation: 'read' })))
        .message,
    ).toBe('signature is already expired')
    expect(() =>
      checkFilesAccess({ token: TOKEN, header: undefined, query: q(future), operation: 'read' }),
    ).not.toThrow()
  })
})

describe('checkAccessToken', () => {
  it.each([
    ['no token is configured and no header is sent', undefined, undefined],
    ['no token is configured and any header is sent', undefined, 'whatever'],
    ['the header matches', TOKEN, TOKEN],
  ])('allows the request when %s', (_name, token, header) => {
    expect(() => checkAccessToken(token, header)).not.toThrow()
  })

  it.each([
    ['no header', undefined],
    ['a wrong header', 'wrong'],
    ['a prefix of the token', TOKEN.slice(0, -1)],
    ['the token plus a suffix', TOKEN + 'x'],
    ['an empty header', ''],
  ])('refuses %s with the contract 5.2 message', async (_name, header) => {
    const err = await rejection(() => checkAccessToken(TOKEN, header))
    expect(err).toBeInstanceOf(UnauthenticatedError)
    expect((err as Error).message).toBe(
      'unauthorized access, please provide a valid access token or method signing if supported',
    )
    expect(UNAUTHORIZED_MESSAGE).toBe((err as Error).message)
  })
})
