// GET /sandboxes/{id}/logs and /v2/sandboxes/{id}/logs: envd's and the container's output.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody, SandboxParams } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

const PINO_LEVELS: Record<number, string> = { 10: 'debug', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'error' }

type Entry = { timestamp: string; message: string; level: string; fields: Record<string, string> }

/** envd logs are pino JSON lines; anything else is plain container output at info. */
export function toLogEntry(line: string, fallback: Date): Entry {
  try {
    const j = JSON.parse(line) as Record<string, unknown>
    if (typeof j === 'object' && j && typeof j.msg === 'string') {
      const { msg, time, level, ...rest } = j
      const fields: Record<string, string> = {}
      for (const [k, v] of Object.entries(rest)) fields[k] = typeof v === 'string' ? v : JSON.stringify(v)
      return { timestamp: new Date(typeof time === 'number' ? time : fallback.getTime()).toISOString(), message: msg as string, level: PINO_LEVELS[level as number] ?? 'info', fields }
    }
  } catch {
    // not JSON
  }
  return { timestamp: fallback.toISOString(), message: line, level: 'info', fields: {} }
}

const LogEntry = Type.Object({ timestamp: Type.String(), message: Type.String(), level: Type.String(), fields: Type.Record(Type.String(), Type.String()) })

export const getLogsRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node }) => {
  app.get('/sandboxes/:sandboxID/logs', {
    schema: { params: SandboxParams, querystring: Type.Object({ start: Type.Optional(Type.Integer({ minimum: 0 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })) }),
      response: { 200: Type.Object({ logs: Type.Array(Type.Object({ timestamp: Type.String(), line: Type.String() })), logEntries: Type.Array(LogEntry) }), '4xx': ErrorBody } },
  }, async (req) => {
    const now = new Date()
    const lines = await node.logs(req.params.sandboxID, { sinceS: req.query.start ? Math.floor(req.query.start / 1000) : undefined, tail: req.query.limit ?? 1000 })
    const entries = lines.map((l) => toLogEntry(l, now))
    return { logs: entries.map((e, i) => ({ timestamp: e.timestamp, line: lines[i]! })), logEntries: entries }
  })
  app.get('/v2/sandboxes/:sandboxID/logs', {
    schema: { params: SandboxParams, querystring: Type.Object({ cursor: Type.Optional(Type.Integer({ minimum: 0 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })), direction: Type.Optional(Type.Union([Type.Literal('forward'), Type.Literal('backward')])) }),
      response: { 200: Type.Object({ logs: Type.Array(LogEntry) }), '4xx': ErrorBody } },
  }, async (req) => {
    const now = new Date()
    const lines = await node.logs(req.params.sandboxID, { sinceS: req.query.cursor ? Math.floor(req.query.cursor / 1000) : undefined, tail: req.query.limit ?? 1000 })
    const logs = lines.map((l) => toLogEntry(l, now))
    return { logs: req.query.direction === 'backward' ? logs.reverse() : logs }
  })
}
