// GET /sandboxes/{id}/logs (SandboxLogs) and /v2/sandboxes/{id}/logs (SandboxLogsV2Response): the
// container's output (envd's log), in upstream's shapes. Upstream's lines are envd's JSON with
// string levels and a `message` key (the CLI parses each `line` and upper-cases its level), so ours
// (pino: numeric levels, `msg`, `name`) are translated, and plain output is wrapped as an info line.
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { toLogEntry, type SandboxLogQuery } from '../../../node/sandboxes/log-entries.js'
import { ErrorBody, SandboxParams } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

export { toLogEntry }

const LogEntry = Type.Object({
  timestamp: Type.String(),
  message: Type.String(),
  level: Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')]),
  fields: Type.Record(Type.String(), Type.String()),
})

const Level = Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')])

// Every read is a bounded page (runtime/log-reader.ts): a flooded log costs the server a scan, not
// its size in memory. A killed sandbox answers from its kept log (sandboxes/kept-logs.ts).
export const getLogsRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node }) => {
  const read = (sandboxId: string, q: SandboxLogQuery) => node.logs(sandboxId, q)

  // compat: upstream reads forward from `start` (unix ms; default: everything kept) and returns the
  // first `limit` (1000) lines, so a client that asks again from its last timestamp + 1 sees each once.
  app.get(
    '/sandboxes/:sandboxID/logs',
    {
      schema: {
        params: SandboxParams,
        querystring: Type.Object({
          start: Type.Optional(Type.Integer({ minimum: 0 })),
          limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
        }),
        response: {
          200: Type.Object({
            logs: Type.Array(Type.Object({ timestamp: Type.String(), line: Type.String() })),
            logEntries: Type.Array(LogEntry),
          }),
          '4xx': ErrorBody,
        },
      },
    },
    async (req) => {
      const out = (
        await read(req.params.sandboxID, {
          sinceMs: req.query.start,
          limit: req.query.limit ?? 1000,
          newestFirst: false,
        })
      ).map(toLogEntry)
      return {
        logs: out.map((o) => ({ timestamp: o.entry.timestamp, line: o.line })),
        logEntries: out.map((o) => o.entry),
      }
    },
  )

  // v2, as upstream: `direction` backward (the default) = at or before `cursor` (default now),
  // newest first; forward = at or after it, oldest first; `limit` (1000) of the lines at `level`
  // or above whose message contains `search` (case-sensitive).
  app.get(
    '/v2/sandboxes/:sandboxID/logs',
    {
      schema: {
        params: SandboxParams,
        querystring: Type.Object({
          cursor: Type.Optional(Type.Integer({ minimum: 0 })),
          limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
          direction: Type.Optional(Type.Union([Type.Literal('forward'), Type.Literal('backward')])),
          level: Type.Optional(Level),
          search: Type.Optional(Type.String({ maxLength: 256 })),
        }),
        response: { 200: Type.Object({ logs: Type.Array(LogEntry) }), '4xx': ErrorBody },
      },
    },
    async (req) => {
      const { cursor, limit = 1000, direction = 'backward', level, search } = req.query
      const filters = { ...(level ? { minLevel: level } : {}), ...(search ? { search } : {}) }
      const lines = await read(
        req.params.sandboxID,
        direction === 'forward'
          ? { sinceMs: cursor, limit, newestFirst: false, ...filters }
          : { untilMs: cursor, limit, newestFirst: true, ...filters },
      )
      return { logs: lines.map((l) => toLogEntry(l).entry) }
    },
  )
}
