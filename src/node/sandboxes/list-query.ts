// Pure helpers for GET /v2/sandboxes: the double-encoded metadata filter, ordering and paging.
import { InvalidArgumentError } from '../../shared/errors.js'
import type { SandboxInfo, SandboxState } from './types.js'

/** Decodes the SDK's metadata filter (contract 2.4): form-decode, then decodeURIComponent each side. */
export function parseMetadataFilter(raw: string | undefined): Record<string, string> | undefined {
  if (raw === undefined || raw === '') return undefined
  const out: Record<string, string> = {}
  for (const pair of raw.split('&')) {
    if (pair === '') continue
    const eq = pair.indexOf('=')
    if (eq <= 0) throw new InvalidArgumentError(`metadata: malformed pair '${pair}'`)
    try {
      const formKey = decodeURIComponent(pair.slice(0, eq).replace(/\+/g, ' '))
      const formValue = decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '))
      out[decodeURIComponent(formKey)] = decodeURIComponent(formValue)
    } catch {
      throw new InvalidArgumentError(`metadata: malformed encoding in '${pair}'`)
    }
  }
  return out
}

export type ListFilter = {
  states: readonly SandboxState[]
  metadata?: Record<string, string>
  templateIds?: readonly string[]
  startedAfter?: Date
  order: 'asc' | 'desc'
  limit: number
  nextToken?: string
}

const encodeToken = (s: SandboxInfo, order: 'asc' | 'desc') =>
  Buffer.from(`${s.startedAt.toISOString()}__${s.sandboxId}${order === 'asc' ? '__asc' : ''}`).toString('base64url')

function decodeToken(token: string, order: 'asc' | 'desc'): { at: number; id: string } {
  const parts = Buffer.from(token, 'base64url').toString('utf8').split('__')
  const at = Date.parse(parts[0] ?? '')
  const asc = parts[2] === 'asc'
  if (parts.length < 2 || Number.isNaN(at) || !parts[1] || asc !== (order === 'asc'))
    throw new InvalidArgumentError('Invalid next token')
  return { at, id: parts[1] }
}

/** Newest first (ties by id ascending) for desc; the exact reverse for asc. */
function compare(a: SandboxInfo, b: SandboxInfo): number {
  return (
    b.startedAt.getTime() - a.startedAt.getTime() ||
    (a.sandboxId < b.sandboxId ? -1 : a.sandboxId > b.sandboxId ? 1 : 0)
  )
}

export function listPage(
  all: Iterable<SandboxInfo>,
  f: ListFilter,
): { items: SandboxInfo[]; nextToken?: string; totalRunning: number } {
  const matches = [...all].filter(
    (s) =>
      f.states.includes(s.state) &&
      (!f.templateIds ||
        f.templateIds.includes(s.templateId) ||
        (s.alias !== undefined && f.templateIds.includes(s.alias))) &&
      (!f.startedAfter || s.startedAt >= f.startedAfter) &&
      (!f.metadata || Object.entries(f.metadata).every(([k, v]) => s.metadata[k] === v)),
  )
  matches.sort(f.order === 'desc' ? compare : (a, b) => compare(b, a))
  const totalRunning = matches.filter((s) => s.state === 'running').length
  let start = 0
  if (f.nextToken) {
    const cursor = decodeToken(f.nextToken, f.order)
    const after = (s: SandboxInfo) => {
      const c =
        f.order === 'desc'
          ? cursor.at - s.startedAt.getTime() || (s.sandboxId > cursor.id ? 1 : s.sandboxId < cursor.id ? -1 : 0)
          : s.startedAt.getTime() - cursor.at || (s.sandboxId < cursor.id ? 1 : s.sandboxId > cursor.id ? -1 : 0)
      return c > 0
    }
    start = matches.findIndex(after)
    if (start < 0) start = matches.length
  }
  const items = matches.slice(start, start + f.limit)
  const more = start + f.limit < matches.length
  return {
    items,
    nextToken: more && items.length > 0 ? encodeToken(items[items.length - 1]!, f.order) : undefined,
    totalRunning,
  }
}
