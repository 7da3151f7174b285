// Volume tokens: fresh on every issue, bound to one volume, refused when expired, forged or from another key.
import { randomBytes, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { createVolumeTokens } from '../../../../src/control/volumes/volume-tokens.js'

describe('createVolumeTokens', () => {
  const key = randomBytes(32)
  const tokens = createVolumeTokens(key)
  const volumeId = randomUUID()

  it('issues a fresh HS256 JWT with upstream-shaped claims, valid for several hours', async () => {
    const a = await tokens.issue(volumeId)
    const b = await tokens.issue(volumeId)
    expect(a).not.toBe(b)
    expect(decodeProtectedHeader(a)).toMatchObject({ alg: 'HS256', typ: 'JWT', kid: expect.any(String) })
    const claims = decodeJwt(a)
    expect(claims).toMatchObject({ volid: volumeId, voltype: 'local', iss: 'sandock', jti: expect.any(String) })
    expect(claims.exp! - claims.iat!).toBeGreaterThanOrEqual(6 * 3600)
    await tokens.verify(a, volumeId)
  })

  it('refuses another volume, another key, an expired token, alg none and garbage', async () => {
    const t = await tokens.issue(volumeId)
    await expect(tokens.verify(t, randomUUID())).rejects.toThrow('not valid for this volume')
    await expect(createVolumeTokens(randomBytes(32)).verify(t, volumeId)).rejects.toThrow('invalid or expired')
    const expired = await createVolumeTokens(key, { ttlS: -10 }).issue(volumeId)
    await expect(tokens.verify(expired, volumeId)).rejects.toThrow('invalid or expired')
    const [, payload] = t.split('.')
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`
    await expect(tokens.verify(none, volumeId)).rejects.toThrow('invalid or expired')
    await expect(tokens.verify('garbage', volumeId)).rejects.toThrow('invalid or expired')
    // A payload edited to name another volume breaks the signature.
    const forged = t.split('.')
    forged[1] = Buffer.from(JSON.stringify({ ...decodeJwt(t), volid: 'other' })).toString('base64url')
    await expect(tokens.verify(forged.join('.'), 'other')).rejects.toThrow('invalid or expired')
  })
})
