// `${e2b.secrets.<name>}` (and `${e2b.identity.tokens.<name>}`) placeholders in transform header
// values: parsed as upstream parses them (networktransform/placeholders.go) and resolved by the
// gateway at request time, so a secret's value never enters the sandbox. Other `${…}` text is
// opaque and sent as written.
const SECRET_PREFIX = '${e2b.secrets.'
const IDENTITY_PREFIX = '${e2b.identity.tokens.'

export type Placeholder = { kind: 'secret' | 'identity'; name: string; start: number; end: number }

export class MalformedPlaceholderError extends Error {}

/** Where the secret store comes in: the current version's value, or undefined for an unknown name. */
export type SecretResolver = { resolveSecret(name: string): Promise<string | undefined> }

function next(value: string): { at: number; kind: Placeholder['kind']; prefix: string } | undefined {
  const s = value.indexOf(SECRET_PREFIX)
  const i = value.indexOf(IDENTITY_PREFIX)
  if (s < 0 && i < 0) return undefined
  if (s < 0 || (i >= 0 && i < s)) return { at: i, kind: 'identity', prefix: IDENTITY_PREFIX }
  return { at: s, kind: 'secret', prefix: SECRET_PREFIX }
}

/** compat: secretsstore.NormalizeName: trimmed, 1–128 of [A-Za-z0-9_-], lowercased, no `sec_` prefix. */
export function normalizeSecretName(name: string): string | undefined {
  const n = name.trim()
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(n)) return undefined
  const lower = n.toLowerCase()
  return lower.startsWith('sec_') ? undefined : lower
}

/** The placeholders in a header value, left to right; throws MalformedPlaceholderError (never quoting the value). */
export function parsePlaceholders(value: string): Placeholder[] {
  const out: Placeholder[] = []
  let cursor = 0
  while (cursor < value.length) {
    const found = next(value.slice(cursor))
    if (!found) break
    const start = cursor + found.at
    const nameStart = start + found.prefix.length
    const close = value.indexOf('}', nameStart)
    if (close < 0) throw new MalformedPlaceholderError()
    const raw = value.slice(nameStart, close)
    if (raw === '' || next(raw)) throw new MalformedPlaceholderError()
    const name = found.kind === 'secret' ? normalizeSecretName(raw) : raw
    if (name === undefined) throw new MalformedPlaceholderError()
    out.push({ kind: found.kind, name, start, end: close + 1 })
    cursor = close + 1
  }
  return out
}

/** A placeholder the gateway cannot resolve: the request is refused (fail closed), never sent with the raw text. */
export class UnresolvedPlaceholderError extends Error {
  constructor(
    readonly kind: Placeholder['kind'],
    readonly placeholderName: string,
  ) {
    super(
      kind === 'secret'
        ? `secret "${placeholderName}" does not exist`
        : `identity token "${placeholderName}" cannot be minted by this server`,
    )
  }
}

/** The header value with every placeholder replaced (secrets at their current version). */
export async function resolvePlaceholders(value: string, secrets: SecretResolver): Promise<string> {
  const found = parsePlaceholders(value)
  if (found.length === 0) return value
  let out = ''
  let cursor = 0
  for (const p of found) {
    if (p.kind !== 'secret') throw new UnresolvedPlaceholderError(p.kind, p.name)
    const secret = await secrets.resolveSecret(p.name)
    if (secret === undefined) throw new UnresolvedPlaceholderError(p.kind, p.name)
    out += value.slice(cursor, p.start) + secret
    cursor = p.end
  }
  return out + value.slice(cursor)
}
