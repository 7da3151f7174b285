// envd's HTTP layer on node:http alone: a route table by method and path, a small reply helper,
// and the error and not-found answers every control-plane route also gives ({code, message}).
// envd serves six routes and the Connect services; a web framework's start (its module, plugins
// and routing tree) cost every sandbox ~20 ms of wall time and ~25 ms of CPU, and ~2.4 MiB.
import type http from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { pipeline, Readable } from 'node:stream'
import type { Logger } from 'pino'
import { errorAnswer, notFoundBody } from '../../shared/http-errors.js'

export type EnvdRequest = Readonly<{
  raw: IncomingMessage
  method: string
  /** The path without the query. */
  path: string
  /** The query's parameters: the first value of each. */
  query: Record<string, string | undefined>
  headers: IncomingHttpHeaders
  log: Logger
}>

/** Status and headers as set so far, and the one way to answer. */
export class EnvdReply {
  constructor(readonly raw: ServerResponse) {}

  code(status: number): this {
    this.raw.statusCode = status
    return this
  }

  header(name: string, value: string): this {
    this.raw.setHeader(name, value)
    return this
  }

  /**
   * Answers with `body`: nothing, text, bytes, a stream (piped; a failing stream cuts the
   * response, never ends it as if whole) or JSON for anything else.
   */
  send(body?: unknown): void {
    const res = this.raw
    if (body instanceof Readable) {
      pipeline(body, res, () => undefined)
      return
    }
    if (body === undefined || body === '') return void res.end()
    if (typeof body === 'string') {
      if (!res.hasHeader('content-type')) res.setHeader('content-type', 'text/plain; charset=utf-8')
      return void res.end(body)
    }
    if (Buffer.isBuffer(body)) {
      if (!res.hasHeader('content-type')) res.setHeader('content-type', 'application/octet-stream')
      return void res.end(body)
    }
    const json = JSON.stringify(body)
    res.setHeader('content-type', 'application/json; charset=utf-8')
    res.setHeader('content-length', Buffer.byteLength(json))
    res.end(json)
  }
}

export type Handler = (req: EnvdRequest, reply: EnvdReply) => Promise<void> | void

export type Routes = {
  get(path: string, handler: Handler): void
  post(path: string, handler: Handler): void
}

/** The {code, message} answer for `err`, unless the response has started (then it is cut). */
export function sendEnvdError(err: unknown, req: Pick<EnvdRequest, 'log' | 'raw'>, res: ServerResponse): void {
  if (res.headersSent) return void res.destroy()
  const a = errorAnswer(err)
  if (a.status >= 500) req.log.error({ err }, 'request failed')
  else req.log.debug({ code: a.status, msg: a.body.message }, 'request rejected')
  const reply = new EnvdReply(res).code(a.status)
  for (const [k, v] of Object.entries(a.headers)) reply.header(k, v)
  // A body left unread is not drained on a keep-alive connection: this answer ends it.
  if (!req.raw.complete) reply.header('connection', 'close')
  reply.send(a.body)
}

function parseQuery(search: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {}
  for (const [k, v] of new URLSearchParams(search)) if (!(k in out)) out[k] = v
  return out
}

export type EnvdRouter = Routes & {
  /**
   * The request listener: `before` runs first (headers every answer carries, auth); then the
   * route, or `fallback` (the Connect services), or a 404.
   */
  listener(o: {
    log: Logger
    before: (req: EnvdRequest, reply: EnvdReply) => void
    fallback: (raw: IncomingMessage, res: ServerResponse) => boolean
  }): http.RequestListener
}

export function createRouter(): EnvdRouter {
  const table = new Map<string, Handler>()
  return {
    get: (path, handler) => table.set(`GET ${path}`, handler),
    post: (path, handler) => table.set(`POST ${path}`, handler),
    listener:
      ({ log, before, fallback }) =>
      (raw, res) => {
        const url = raw.url ?? '/'
        const q = url.indexOf('?')
        const path = q < 0 ? url : url.slice(0, q)
        const req: EnvdRequest = {
          raw,
          method: raw.method ?? 'GET',
          path,
          query: q < 0 ? {} : parseQuery(url.slice(q + 1)),
          headers: raw.headers,
          log,
        }
        const reply = new EnvdReply(res)
        try {
          before(req, reply)
          // HEAD is a GET whose body Node leaves out.
          const handler = table.get(`${req.method === 'HEAD' ? 'GET' : req.method} ${path}`)
          if (!handler) {
            if (fallback(raw, res)) return
            return reply.code(404).send(notFoundBody(req.method, path))
          }
          const done = handler(req, reply)
          if (done) done.catch((e: unknown) => sendEnvdError(e, req, res))
        } catch (e) {
          sendEnvdError(e, req, res)
        }
      },
  }
}
