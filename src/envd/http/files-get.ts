// GET /files: download one file as root, for the caller's path resolution; gzip and Range.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { createGzip } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { AppError, InvalidArgumentError, NotFoundError } from '../../shared/errors.js'
import { resolvePath } from '../identity/paths.js'
import type { FilesDeps } from './files-deps.js'
import { filesUser } from './files-deps.js'

type Query = { path?: string; username?: string }

// Larger reads mean fewer syscalls and chunks; downloads are sequential and often large.
const READ_CHUNK = 1 << 20

/** gzip only when the client asked for gzip alone (the SDK's `read({gzip:true})`); a generic
 * "gzip, deflate, br" from an HTTP library gets identity, which is cheaper on loopback. */
function wantsGzip(accept: string | undefined): boolean {
  return accept !== undefined && /^\s*gzip\s*(;\s*q=(1(\.0*)?|0?\.\d*[1-9]\d*))?\s*$/i.test(accept)
}

function parseRange(header: string, size: number): { start: number; end: number } | 'invalid' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  let start: number, end: number
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]))
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  return start > end || start >= size ? 'invalid' : { start, end }
}

export async function filesGetRoute(app: FastifyInstance, deps: FilesDeps) {
  app.get<{ Querystring: Query }>('/files', async (req, reply) => {
    const user = await filesUser(deps, req.query.username)
    const path = resolvePath(req.query.path ?? '', user, deps.state.defaultWorkdir)
    const st = await stat(path).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'ENOTDIR') throw new NotFoundError(`path '${path}' does not exist`)
      throw e
    })
    if (st.isDirectory()) throw new InvalidArgumentError(`path '${path}' is a directory`)
    reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `inline; filename="${basename(path).replace(/["\\\r\n]/g, '_')}"`)
      .header('last-modified', st.mtime.toUTCString())
      .header('accept-ranges', 'bytes')
      .header('vary', 'Accept-Encoding')

    const range = req.headers.range ? parseRange(req.headers.range, st.size) : undefined
    if (range === 'invalid') {
      throw new AppError('invalid_argument', 'requested range not satisfiable', { httpStatus: 416 })
    }
    if (range) {
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${st.size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(createReadStream(path, { ...range, highWaterMark: READ_CHUNK }))
    }
    if (st.size > 0 && wantsGzip(req.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(createReadStream(path, { highWaterMark: READ_CHUNK }).pipe(createGzip({ level: 1 })))
    }
    reply.header('content-length', String(st.size))
    return reply.send(st.size === 0 ? '' : createReadStream(path, { highWaterMark: READ_CHUNK }))
  })
}
