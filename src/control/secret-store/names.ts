// The secret store's identifiers and limits, pure: names (lowercased, `sec_` reserved), ids
// (`sec_` + a 26-character lowercase TypeID of a UUIDv7), the `{secretID}` selector and metadata.
import { randomBytes } from 'node:crypto'

export const SECRET_ID_PREFIX = 'sec_'
export const MAX_NAME_CHARS = 128
/** Values are at most 64 KiB (UTF-8 bytes). */
export const MAX_VALUE_BYTES = 64 * 1024
export const MAX_METADATA_ENTRIES = 32
export const MAX_METADATA_KEY_BYTES = 128
export const MAX_METADATA_VALUE_BYTES = 1024
export const MAX_METADATA_TOTAL_BYTES = 8192

const NAME_PATTERN = /^[a-zA-Z0-9_-]+$/
// Crockford base32 as TypeID spells it: lowercase, no i, l, o, u.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const SUFFIX_PATTERN = /^[0-7][0-9abcdefghjkmnpqrstvwxyz]{25}$/

/** The stored form of a name (lowercased), or undefined when it breaks a rule. */
export function normalizeSecretName(name: string): string | undefined {
  if (name.length === 0 || name.length > MAX_NAME_CHARS || !NAME_PATTERN.test(name)) return undefined
  const lower = name.toLowerCase()
  // compat: `sec_` is reserved, however it was written, so an id and a name never collide.
  return lower.startsWith(SECRET_ID_PREFIX) ? undefined : lower
}

/** 16 bytes of a UUIDv7: 48 bits of Unix milliseconds, version 7, variant 10, the rest random. */
let last = { ms: -1, seq: 0 }

export function uuidV7Bytes(nowMs = Date.now()): Buffer {
  const b = randomBytes(16)
  // Monotonic within this process (RFC 9562 6.2, method 1): ids made in the same millisecond
  // count up in the 12-bit rand_a field from a random start below 0x800, so they sort in creation
  // order (the secrets list's order); the 62 random bits after it keep them unique regardless.
  const seq = nowMs === last.ms ? Math.min(last.seq + 1, 0x0fff) : b.readUInt16BE(6) & 0x07ff
  last = { ms: nowMs, seq }
  b.writeUIntBE(nowMs, 0, 6)
  b.writeUInt16BE(0x7000 | seq, 6)
  b[8] = (b[8]! & 0x3f) | 0x80
  return b
}

/** A UUID's 128 bits as TypeID's 26 base32 characters (two leading zero bits, so the first is 0–7). */
export function typeIdSuffix(uuid: Buffer): string {
  let n = BigInt(`0x${uuid.toString('hex')}`)
  let out = ''
  for (let i = 0; i < 26; i++) {
    out = ALPHABET[Number(n & 31n)]! + out
    n >>= 5n
  }
  return out
}

export function newSecretId(nowMs = Date.now()): string {
  return SECRET_ID_PREFIX + typeIdSuffix(uuidV7Bytes(nowMs))
}

export type SecretSelector = { kind: 'id'; secretId: string } | { kind: 'name'; name: string }

/**
 * The `{secretID}` path segment: one that starts with `sec_` (trimmed, lowercased) is parsed
 * strictly as an id and never falls back to a name; anything else is a name, matched
 * case-insensitively. Undefined for a malformed id or name (a 400).
 */
export function parseSelector(segment: string): SecretSelector | undefined {
  const classified = segment.trim().toLowerCase()
  if (classified.startsWith(SECRET_ID_PREFIX)) {
    return SUFFIX_PATTERN.test(classified.slice(SECRET_ID_PREFIX.length))
      ? { kind: 'id', secretId: classified }
      : undefined
  }
  const name = normalizeSecretName(segment)
  return name === undefined ? undefined : { kind: 'name', name }
}

/** Whether metadata keeps to the limits: ≤32 entries, keys 1–128 bytes, values ≤1024, ≤8192 in all. */
export function metadataWithinLimits(metadata: Readonly<Record<string, string>>): boolean {
  const entries = Object.entries(metadata)
  if (entries.length > MAX_METADATA_ENTRIES) return false
  let total = 0
  for (const [k, v] of entries) {
    const kb = Buffer.byteLength(k)
    const vb = Buffer.byteLength(v)
    if (kb === 0 || kb > MAX_METADATA_KEY_BYTES || vb > MAX_METADATA_VALUE_BYTES) return false
    total += kb + vb
  }
  return total <= MAX_METADATA_TOTAL_BYTES
}

export function valueWithinLimits(value: string): boolean {
  return value.length > 0 && Buffer.byteLength(value) <= MAX_VALUE_BYTES
}
