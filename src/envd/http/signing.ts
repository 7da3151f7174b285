// Access-token and signed-URL checks for envd's HTTP surface (contract 5.2, 5.3).
import { createHash } from 'node:crypto'
import { UnauthenticatedError } from '../../shared/errors.js'
import { safeEqual } from '../../shared/safe-equal.js'

export const UNAUTHORIZED_MESSAGE =
  'unauthorized access, please provide a valid access token or method signing if supported'

export type SignatureInput = {
  path: string
  operation: 'read' | 'write'
  username: string
  accessToken: string
  expiration?: number
}

/** v1_ + base64 (no padding) of SHA-256("path:operation:username:token[:expiration]"). */
export function fileSignature({ path, operation, username, accessToken, expiration }: SignatureInput): string {
  const payload = `${path}:${operation}:${username}:${accessToken}` + (expiration !== undefined ? `:${expiration}` : '')
  return 'v1_' + createHash('sha256').update(payload).digest('base64').replace(/=+$/, '')
}

export type FilesAuthQuery = { path?: string; username?: string; signature?: string; signature_expiration?: string }

/** validateSigning: token header, else a v1 signature (checked before its expiry). Throws 401s. */
export function checkFilesAccess(opts: {
  token: string | undefined
  header: string | undefined
  query: FilesAuthQuery
  operation: 'read' | 'write'
  nowMs?: number
}): void {
  const { token, header, query } = opts
  if (token === undefined) return
  if (header !== undefined) {
    if (!safeEqual(header, token)) throw new UnauthenticatedError('access token present in header but does not match')
    return
  }
  if (!query.signature) throw new UnauthenticatedError('missing signature query parameter')
  const rawExp = query.signature_expiration
  const expiration = rawExp !== undefined && rawExp !== '' ? Number(rawExp) : undefined
  if (expiration !== undefined && !Number.isInteger(expiration)) throw new UnauthenticatedError('invalid signature')
  const expected = fileSignature({
    path: query.path ?? '',
    operation: opts.operation,
    username: query.username ?? '',
    accessToken: token,
    expiration,
  })
  if (!safeEqual(query.signature, expected)) throw new UnauthenticatedError('invalid signature')
  if (expiration !== undefined && expiration * 1000 < (opts.nowMs ?? Date.now()))
    throw new UnauthenticatedError('signature is already expired')
}

/** Every other protected route: X-Access-Token must equal the token when one is set. */
export function checkAccessToken(token: string | undefined, header: string | undefined): void {
  if (token === undefined) return
  if (header === undefined || !safeEqual(header, token)) throw new UnauthenticatedError(UNAUTHORIZED_MESSAGE)
}
