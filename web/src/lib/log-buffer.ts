// Sandbox log lines polled by cursor: the server's cursor has one-second granularity, so each
// poll repeats the last second's lines; they are merged without duplicates, oldest first (pure).
import type { SandboxLogEntry } from '../api/types.js'

export const MAX_LOG_LINES = 2000

const keyOf = (e: SandboxLogEntry) =>
  `${e.timestamp}\u0000${e.level}\u0000${e.message}\u0000${JSON.stringify(e.fields)}`

/** `existing` plus the entries of `incoming` it lacks, sorted by time (stable), at most `max` (newest kept). */
export function mergeLogs(
  existing: readonly SandboxLogEntry[],
  incoming: readonly SandboxLogEntry[],
  max = MAX_LOG_LINES,
): SandboxLogEntry[] {
  const seen = new Set(existing.map(keyOf))
  const added = incoming.filter((e) => {
    const k = keyOf(e)
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
  if (added.length === 0) return existing as SandboxLogEntry[]
  const all = [...existing, ...added].map((e, i) => ({ e, i, t: Date.parse(e.timestamp) || 0 }))
  all.sort((a, b) => a.t - b.t || a.i - b.i)
  return all.slice(-max).map((x) => x.e)
}

/** The next poll's cursor (ms): the newest entry's time, or undefined before the first. */
export function nextCursor(entries: readonly SandboxLogEntry[]): number | undefined {
  const last = entries.at(-1)
  const t = last ? Date.parse(last.timestamp) : NaN
  return Number.isNaN(t) ? undefined : t
}
