// The list's metadata filter: typed as "key=value, key2=value2", sent as the E2B list query's
// double-encoded `metadata` parameter (contract 2.4), exactly as the SDK builds it (pure).

export type ParsedFilter = { ok: true; metadata: Record<string, string> } | { ok: false; error: string }

/** Pairs split on commas, each on its first '='; keys and values trimmed; empty input = no filter. */
export function parseMetadataFilter(text: string): ParsedFilter {
  const metadata: Record<string, string> = {}
  for (const part of text.split(',')) {
    if (part.trim() === '') continue
    const eq = part.indexOf('=')
    if (eq <= 0) return { ok: false, error: `"${part.trim()}" is not key=value` }
    const key = part.slice(0, eq).trim()
    if (key === '') return { ok: false, error: `"${part.trim()}" has no key` }
    metadata[key] = part.slice(eq + 1).trim()
  }
  return { ok: true, metadata }
}

/**
 * The `metadata` query value before the URL encodes it once more: every key and value
 * encodeURIComponent'ed, then joined as form data (which encodes the '%' signs again).
 */
export function encodeMetadataQuery(metadata: Record<string, string>): string | undefined {
  const entries = Object.entries(metadata)
  if (entries.length === 0) return undefined
  return new URLSearchParams(
    entries.map(([k, v]): [string, string] => [encodeURIComponent(k), encodeURIComponent(v)]),
  ).toString()
}
