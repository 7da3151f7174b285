// Jupyter MIME bundle → the contract's `result` line (pure): known MIME types become fields, the
// rest goes to `extra` (contract §5, upstream api/models/result.py).

export type MimeBundle = Readonly<Record<string, unknown>>

const FIELDS: ReadonlyArray<readonly [mime: string, field: string]> = [
  ['text/plain', 'text'],
  ['text/html', 'html'],
  ['text/markdown', 'markdown'],
  ['image/svg+xml', 'svg'],
  ['image/png', 'png'],
  ['image/jpeg', 'jpeg'],
  ['application/pdf', 'pdf'],
  ['text/latex', 'latex'],
  ['application/json', 'json'],
  ['application/javascript', 'javascript'],
  ['e2b/data', 'data'],
  ['e2b/chart', 'chart'],
]

/** compat: `'x'` → `x` (tests compare `os.getenv("FOO")` with `bar`). */
export function stripQuotes(text: string): string {
  if (text.length >= 2 && (text[0] === "'" || text[0] === '"') && text.at(-1) === text[0]) return text.slice(1, -1)
  return text
}

/** Jupyter sends multi-line text either as a string or as a list of lines. */
function joinText(v: unknown): unknown {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.join('') : v
}

/** A `result` line: known fields at the top, everything else (non-empty) under `extra`. */
export function resultLine(bundle: MimeBundle, isMainResult: boolean): Record<string, unknown> {
  const line: Record<string, unknown> = { type: 'result' }
  const rest: Record<string, unknown> = { ...bundle }
  for (const [mime, field] of FIELDS) {
    if (!(mime in rest)) continue
    const value = mime.startsWith('text/') || mime.startsWith('image/svg') ? joinText(rest[mime]) : rest[mime]
    delete rest[mime]
    if (value === null || value === undefined) continue
    // Base64 images may arrive with line breaks (some kernels wrap at 76 columns).
    line[field] =
      field === 'text' && typeof value === 'string'
        ? stripQuotes(value)
        : (field === 'png' || field === 'jpeg') && typeof value === 'string'
          ? value.replace(/\s+/g, '')
          : value
  }
  if (Object.keys(rest).length > 0) line.extra = rest
  line.is_main_result = isMainResult
  return line
}
