// A container log line as upstream's logs answer it: envd's lines are pino JSON (numeric levels,
// `msg`, `name`), upstream's are JSON with string levels and a `message` key (the CLI parses each
// `line` and upper-cases its level), so ours are translated, and plain output is an info line. Also
// the v2 route's filters (a minimum level, a case-sensitive search of the message) as one test.
import type { ContainerLogLine } from '../runtime/types.js'

const PINO_LEVELS: Record<number, Level> = {
  10: 'debug',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'error',
}
const LEVELS = ['debug', 'info', 'warn', 'error'] as const
export type Level = (typeof LEVELS)[number]

/** SandboxLogEntry. */
export type Entry = { timestamp: string; message: string; level: Level; fields: Record<string, string> }

/** One output line as both shapes: the v1 `line` (upstream-shaped JSON text) and the entry. */
export function toLogEntry(raw: ContainerLogLine): { line: string; entry: Entry } {
  const timestamp = raw.timestamp.toISOString()
  let parsed: unknown
  try {
    parsed = JSON.parse(raw.line)
  } catch {
    parsed = undefined
  }
  const j = parsed as Record<string, unknown> | undefined
  if (!j || typeof j !== 'object' || Array.isArray(j) || (typeof j.msg !== 'string' && typeof j.message !== 'string')) {
    return {
      line: JSON.stringify({ level: 'info', message: raw.line }),
      entry: { timestamp, message: raw.line, level: 'info', fields: {} },
    }
  }
  const { msg, message, time, level, ...rest } = j
  const lvl: Level =
    typeof level === 'number'
      ? (PINO_LEVELS[level] ?? 'info')
      : LEVELS.includes(level as Level)
        ? (level as Level)
        : 'info'
  const text = typeof message === 'string' ? message : (msg as string)
  const fields: Record<string, string> = {}
  for (const [k, v] of Object.entries(rest)) fields[k] = typeof v === 'string' ? v : JSON.stringify(v)
  // compat: upstream's lines name their `logger` (the CLI's --loggers filters on it); ours is pino's name.
  const logger = typeof rest.logger === 'string' ? rest.logger : typeof rest.name === 'string' ? rest.name : undefined
  return {
    line: JSON.stringify({
      level: lvl,
      time: timestamp,
      ...(logger === undefined ? {} : { logger }),
      message: text,
      ...rest,
    }),
    entry: { timestamp, message: text, level: lvl, fields },
  }
}

/** What a node is asked for: a bounded page of a sandbox's log (see LogRead), filtered as v2 filters. */
export type SandboxLogQuery = Readonly<{
  sinceMs?: number
  untilMs?: number
  limit: number
  newestFirst: boolean
  minLevel?: Level
  search?: string
}>

/** The query's filters as one test of a line; undefined when it filters nothing. */
export function logMatcher(
  q: Pick<SandboxLogQuery, 'minLevel' | 'search'>,
): ((l: ContainerLogLine) => boolean) | undefined {
  const min = q.minLevel ? LEVELS.indexOf(q.minLevel) : 0
  const search = q.search || undefined
  if (min <= 0 && search === undefined) return undefined
  return (l) => {
    // Cheap first: a line without escapes that lacks the text anywhere lacks it in its message.
    if (search !== undefined && !l.line.includes('\\') && !l.line.includes(search)) return false
    const { entry } = toLogEntry(l)
    return LEVELS.indexOf(entry.level) >= min && (search === undefined || entry.message.includes(search))
  }
}
