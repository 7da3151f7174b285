// GET /sandboxes/{id}/logs (SandboxLogs) and /v2/sandboxes/{id}/logs (SandboxLogsV2Response): the
// container's output (envd's log), in upstream's shapes. Upstream's lines are envd's JSON with
// string levels and a `message` key (the CLI parses each `line` and upper-cases its level), so ours
// (pino: numeric levels, `msg`, `name`) are translated, and plain output is wrapped as an info line.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { ContainerLogLine } from '../../../node/runtime/types.js'
import { ErrorBody, SandboxParams } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

const PINO_LEVELS: Record<number, Level> = { 10: 'debug', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'error' }
const LEVELS = ['debug', 'info', 'warn', 'error'] as const
type Level = (typeof LEVELS)[number]

/** SandboxLogEntry. */
type Entry = { timestamp: string; message: string; level: Level; fields: Record<string, string> }

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
    return { line: JSON.stringify({ level: 'info', message: raw.line }), entry: { timestamp, message: raw.line, level: 'info', fields: {} } }
  }
  const { msg, message, time, level, ...rest } = j
  const lvl: Level = typeof level === 'number' ? (PINO_LEVELS[level] ?? 'info') : LEVELS.includes(level as Level) ? (level as Level) : 'info'
  const text = typeof message === 'string' ? message : (msg as string)
  const fields: Record<string, string> = {}
  for (const [k, v] of Object.entries(rest)) fields[k] = typeof v === 'string' ? v : JSON.stringify(v)
  // compat: upstream's lines name their `logger` (the CLI's --loggers filters on it); ours is pino's name.
  const logger = typeof rest.logger === 'string' ? rest.logger : typeof rest.name === 'string' ? rest.name : undefined
  return {
    line: JSON.stringify({ level: lvl, time: timestamp, ...(logger === undefined ? {} : { logger }), message: text, ...rest }),
    entry: { timestamp, message: text, level: lvl, fields },
  }
}

const LogEntry = Type.Object({ timestamp: Type.String(), message: Type.String(), level: Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')]), fields: Type.Record(Type.String(), Type.String()) })

export const getLogsRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node }) => {
  /** Every line at or after `fromMs` (Docker's `since` is whole seconds: the rest is cut here), oldest first. */
  const linesSince = async (sandboxId: string, fromMs: number | undefined) => {
    const lines = await node.logs(sandboxId, { sinceS: fromMs === undefined ? undefined : Math.floor(fromMs / 1000) })
    return fromMs === undefined ? lines : lines.filter((l) => l.timestamp.getTime() >= fromMs)
  }

  // compat: upstream reads forward from `start` (unix ms; default: everything kept) and returns the
  // first `limit` (1000) lines, so a client that asks again from its last timestamp + 1 sees each once.
  app.get('/sandboxes/:sandboxID/logs', {
    schema: { params: SandboxParams, querystring: Type.Object({ start: Type.Optional(Type.Integer({ minimum: 0 })), limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })) }),
      response: { 200: Type.Object({ logs: Type.Array(Type.Object({ timestamp: Type.String(), line: Type.String() })), logEntries: Type.Array(LogEntry) }), '4xx': ErrorBody } },
  }, async (req) => {
    const out = (await linesSince(req.params.sandboxID, req.query.start)).slice(0, req.query.limit ?? 1000).map(toLogEntry)
    return { logs: out.map((o) => ({ timestamp: o.entry.timestamp, line: o.line })), logEntries: out.map((o) => o.entry) }
  })

  // v2: `cursor` (unix ms) and `direction`: forward = at or after the cursor, oldest first;
  // backward = at or before it (default now), newest first; `limit` (1000) of them.
  app.get('/v2/sandboxes/:sandboxID/logs', {
    schema: { params: SandboxParams, querystring: Type.Object({ cursor: Type.Optional(Type.Integer({ minimum: 0 })), limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })), direction: Type.Optional(Type.Union([Type.Literal('forward'), Type.Literal('backward')])) }),
      response: { 200: Type.Object({ logs: Type.Array(LogEntry) }), '4xx': ErrorBody } },
  }, async (req) => {
    const { cursor, limit = 1000, direction = 'forward' } = req.query
    const lines = direction === 'forward'
      ? await linesSince(req.params.sandboxID, cursor)
      : (await node.logs(req.params.sandboxID, {})).filter((l) => cursor === undefined || l.timestamp.getTime() <= cursor).reverse()
    return { logs: lines.slice(0, limit).map((l) => toLogEntry(l).entry) }
  })
}
