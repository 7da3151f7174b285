// Access tokens (`sk_e2b_<hex>`): what E2B's CLI signs in with (`Authorization: Bearer`, GET /teams).
// `sandock access-token create` issues one together with an API key of its own. Neither is kept in
// clear: the data dir's `access-tokens.json` holds the token's SHA-256 digest, the key's digest
// (the API accepts the key like a configured one), and the key sealed (AES-256-GCM) under a key
// derived from the token itself, so only a request that presents the token can have the key back.
// The server re-reads the file when it changes: a token issued or revoked while it runs counts at once.
import { hkdfSync, randomBytes } from 'node:crypto'
import { readFile, rename, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { matchesDigest, secretDigest } from '../shared/safe-equal.js'
import { createSealer } from './secret-store/sealing.js'

export const ACCESS_TOKENS_FILE = 'access-tokens.json'
const TOKEN_RE = /^sk_e2b_[0-9a-f]{40}$/

export type AccessTokenRecord = Readonly<{
  id: string
  name: string
  createdAt: string
  /** hex SHA-256 of the token. */
  tokenDigest: string
  /** hex SHA-256 of the token's API key. */
  apiKeyDigest: string
  /** base64 of the API key sealed under a key derived from the token (AAD: the record's id). */
  sealedApiKey: string
}>

type FileShape = { version: 1; tokens: AccessTokenRecord[] }

/** The key that seals a token's API key: HKDF-SHA256 of the token (160 random bits), salted with the record id. */
function tokenSealer(token: string, id: string) {
  return createSealer(Buffer.from(hkdfSync('sha256', token, id, 'sandock access token api key', 32)))
}

function isRecord(r: unknown): r is AccessTokenRecord {
  const o = r as Record<string, unknown>
  return (
    typeof o === 'object' &&
    o !== null &&
    ['id', 'name', 'createdAt', 'tokenDigest', 'apiKeyDigest', 'sealedApiKey'].every((k) => typeof o[k] === 'string')
  )
}

/** The records in `dataDir` ([] when there is no file); throws on a file that is not ours. */
export const readAccessTokens = (dataDir: string): Promise<AccessTokenRecord[]> =>
  readAccessTokenFile(join(dataDir, ACCESS_TOKENS_FILE))

async function readAccessTokenFile(path: string): Promise<AccessTokenRecord[]> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw e
  }
  const parsed = JSON.parse(text) as Partial<FileShape>
  if (parsed?.version !== 1 || !Array.isArray(parsed.tokens) || !parsed.tokens.every(isRecord)) {
    throw new Error(`${path} is not an access token file`)
  }
  return parsed.tokens
}

/** Replaces the file in one step (mode 0600), so a running server never reads half of it. */
async function writeAccessTokens(dataDir: string, tokens: readonly AccessTokenRecord[]): Promise<void> {
  const path = join(dataDir, ACCESS_TOKENS_FILE)
  const tmp = `${path}.${process.pid}.tmp`
  const body: FileShape = { version: 1, tokens: [...tokens] }
  await writeFile(tmp, JSON.stringify(body, null, 2) + '\n', { mode: 0o600 })
  await rename(tmp, path)
}

export type IssuedAccessToken = { record: AccessTokenRecord; token: string }

/** Issues a token and its API key; returns the token (to print once). */
export async function createAccessToken(dataDir: string, name: string): Promise<IssuedAccessToken> {
  const tokens = await readAccessTokens(dataDir)
  const token = `sk_e2b_${randomBytes(20).toString('hex')}`
  // SDK 2.45 checks keys against ^e2b_[0-9a-f]+$ client-side.
  const apiKey = `e2b_${randomBytes(20).toString('hex')}`
  const id = randomBytes(6).toString('hex')
  const record: AccessTokenRecord = {
    id,
    name,
    createdAt: new Date().toISOString(),
    tokenDigest: secretDigest(token).toString('hex'),
    apiKeyDigest: secretDigest(apiKey).toString('hex'),
    sealedApiKey: tokenSealer(token, id).seal(apiKey, `access-token:${id}`).toString('base64'),
  }
  await writeAccessTokens(dataDir, [...tokens, record])
  return { record, token }
}

/** Removes the token with this id (and so its API key); false when there is none. */
export async function revokeAccessToken(dataDir: string, id: string): Promise<boolean> {
  const tokens = await readAccessTokens(dataDir)
  const kept = tokens.filter((t) => t.id !== id)
  if (kept.length === tokens.length) return false
  await writeAccessTokens(dataDir, kept)
  return true
}

export type AccessTokenUser = Readonly<{ id: string; name: string; apiKey: string }>

export type AccessTokens = {
  /** The token's holder and its API key, or undefined for an unknown (or revoked) token. */
  authenticate(token: string): Promise<AccessTokenUser | undefined>
  /** Whether `apiKey` is the API key of a current token. */
  acceptsApiKey(apiKey: string): Promise<boolean>
}

/**
 * The server's view of an access token file (`<data dir>/access-tokens.json`, or a cluster's
 * Swarm secret holding one): re-read when its inode, size or mtime changes (one stat per lookup).
 * A file that cannot be read counts as no tokens, reported through `onError`.
 */
export function accessTokenStore(path: string, onError: (e: Error) => void): AccessTokens {
  let stamp = ''
  type View = { records: AccessTokenRecord[]; digests: { token: Buffer[]; apiKey: Buffer[] } }
  let view: Promise<View> = Promise.resolve({ records: [], digests: { token: [], apiKey: [] } })
  const load = async (): Promise<View> => {
    let records: AccessTokenRecord[] = []
    try {
      records = await readAccessTokenFile(path)
    } catch (e) {
      onError(e as Error)
    }
    return {
      records,
      digests: {
        token: records.map((r) => Buffer.from(r.tokenDigest, 'hex')),
        apiKey: records.map((r) => Buffer.from(r.apiKeyDigest, 'hex')),
      },
    }
  }
  // Lookups that overlap a reload all wait for it: none answers from the file before a change.
  const current = async (): Promise<View> => {
    const st = await stat(path).catch(() => undefined)
    const now = st ? `${st.ino}:${st.size}:${st.mtimeMs}` : 'none'
    if (now !== stamp) {
      stamp = now
      view = load()
    }
    return view
  }
  return {
    async authenticate(token) {
      if (!TOKEN_RE.test(token)) return undefined
      const { records, digests } = await current()
      if (!matchesDigest(token, digests.token)) return undefined
      const digest = secretDigest(token).toString('hex')
      const record = records.find((r) => r.tokenDigest === digest)
      if (!record) return undefined
      const apiKey = tokenSealer(token, record.id).open(
        Buffer.from(record.sealedApiKey, 'base64'),
        `access-token:${record.id}`,
      )
      return { id: record.id, name: record.name, apiKey }
    },
    async acceptsApiKey(apiKey) {
      const { digests } = await current()
      return digests.apiKey.length > 0 && matchesDigest(apiKey, digests.apiKey)
    },
  }
}
