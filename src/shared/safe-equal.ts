// Constant-time comparison for secrets (tokens, keys, signatures), shared by both programs.
import { createHash, timingSafeEqual } from 'node:crypto'

/** Constant-time string comparison (length leaks, content does not). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** SHA-256 digest of a secret: what is kept in memory and on disk instead of the secret itself. */
export function secretDigest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest()
}

/**
 * True when `secret` hashes to one of `digests`. Digests have one length, so each comparison is
 * constant time, and every digest is compared (no early exit) so timing does not tell which matched.
 */
export function matchesDigest(secret: string, digests: readonly Buffer[]): boolean {
  const d = secretDigest(secret)
  let found = false
  for (const k of digests) found = (k.length === d.length && timingSafeEqual(k, d)) || found
  return found
}
