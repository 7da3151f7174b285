// Volume tokens: what the SDK's Volume sends to the content API as `Authorization: Bearer`. A JWT
// (HS256, jose) under a key derived from the server's seed, with upstream's claims; verified
// against the volume in the path and its expiry. Every issue is a fresh token (new jti and iat).
import { randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import { UnauthenticatedError } from '../../shared/errors.js'

/** How long a token works: long enough for a day's agent run; GET /volumes/{id} issues a new one. */
export const VOLUME_TOKEN_TTL_S = 24 * 3600
const ISSUER = 'sandock'
const AUDIENCE = 'sandock-volume-content'
const KEY_ID = 'sandock-volumes-1'
/** What the tokens' key is derived for from the server's (or the cluster's shared) seed. */
export const VOLUME_TOKENS_KEY_PURPOSE = 'volume-tokens/v1'

export type VolumeTokens = Readonly<{
  issue(volumeId: string): Promise<string>
  /** Resolves when `token` is ours, unexpired and for `volumeId`; throws UnauthenticatedError otherwise. */
  verify(token: string, volumeId: string): Promise<void>
}>

export function createVolumeTokens(key: Buffer, opts: { ttlS?: number } = {}): VolumeTokens {
  const ttlS = opts.ttlS ?? VOLUME_TOKEN_TTL_S
  return {
    async issue(volumeId) {
      return new SignJWT({ teamid: 'local', volid: volumeId, voltype: 'local' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: KEY_ID })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject('local')
        .setJti(randomUUID())
        .setIssuedAt()
        .setNotBefore('0s')
        .setExpirationTime(`${ttlS}s`)
        .sign(key)
    },
    async verify(token, volumeId) {
      let volid: unknown
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE })
        volid = payload.volid
      } catch {
        throw new UnauthenticatedError('invalid or expired volume token')
      }
      if (volid !== volumeId) throw new UnauthenticatedError('the volume token is not valid for this volume')
    },
  }
}
