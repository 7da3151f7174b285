// GET /files: download one file as root, for the caller's path resolution; gzip and Range.
import { createReadStream } from 'node:fs'
import { open, stat, statfs } from 'node:fs/promises'
import { basename } from 'node:path'
import { PassThrough, pipeline, type Readable } from 'node:stream'
import { createGzip } from 'node:zlib'
import { AppError, InvalidArgumentError, NotFoundError } from '../../shared/errors.js'
import { resolvePath } from '../identity/paths.js'
import type { FilesDeps } from './files-deps.js'
import { filesUser } from './files-deps.js'
import type { Routes } from './router.js'

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

// Pseudo filesystems whose st_size is not the content's length: procfs and cgroupfs say 0,
// sysfs, configfs and securityfs say 4096 (PAGE_SIZE) whatever an attribute holds.
const PSEUDO_FS = new Set([
  0x9fa0, /* proc */ 0x62656572, /* sysfs */ 0x27e0eb, /* cgroup */ 0x63677270 /* cgroup2 */, 0x64626720,
  /* debugfs */ 0x74726163, /* tracefs */ 0x73636673, /* securityfs */ 0x62656570 /* configfs */, 0xcafe4a11,
  /* bpf */ 0x6165676c, /* pstore */ 0xde5e81e4 /* efivarfs */,
])

/** Whether st_size is the number of bytes a read returns: a regular file on a real filesystem. */
async function sizeIsLength(path: string, st: { isFile(): boolean; size: number }): Promise<boolean> {
  if (!st.isFile() || st.size === 0) return false
  const fs = await statfs(path).catch(() => undefined)
  return fs === undefined || !PSEUDO_FS.has(fs.type)
}

/**
 * The content of a file whose size is not known up front, read until EOF: procfs and sysfs files
 * report size 0 or 4096 whatever they hold, and FIFOs have no size. undefined when the first
 * read already hits EOF (an empty file), so it can still be sent with Content-Length: 0.
 */
async function readUntilEof(path: string): Promise<Readable | undefined> {
  const handle = await open(path, 'r').catch((e: unknown) => Promise.reject(unreadable(e, path)))
  try {
    const first = Buffer.allocUnsafe(READ_CHUNK)
    const { bytesRead } = await handle.read(first, 0, READ_CHUNK, null)
    if (bytesRead === 0) {
      await handle.close()
      return undefined
    }
    const body = new PassThrough({ highWaterMark: READ_CHUNK })
    body.write(first.subarray(0, bytesRead))
    // Reads on from the current offset; a client gone early destroys it (and closes the handle).
    pipeline(handle.createReadStream({ highWaterMark: READ_CHUNK }), body, () => undefined)
    return body
  } catch (e) {
    await handle.close().catch(() => undefined)
    throw unreadable(e, path)
  }
}

/** A file that cannot be opened or read (gone, /proc/self/mem's EIO, a socket) is the request's problem. */
function unreadable(e: unknown, path: string): AppError {
  const code = (e as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return new NotFoundError(`path '${path}' does not exist`, { cause: e })
  return new InvalidArgumentError(`path '${path}' cannot be read: ${code ?? String(e)}`, { cause: e })
}

/** gzip of `source`; a client gone early destroys the source too (pipe() would leave it open). */
function gzipped(source: Readable): Readable {
  const gz = createGzip({ level: 1 })
  pipeline(source, gz, () => undefined)
  return gz
}

export function filesGetRoute(app: Routes, deps: FilesDeps) {
  app.get('/files', async (req, reply) => {
    const user = await filesUser(deps, req.query.username)
    const path = resolvePath(req.query.path ?? '', user, deps.state.defaultWorkdir)
    const st = await stat(path).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'ENOTDIR') throw new NotFoundError(`path '${path}' does not exist`)
      throw e
    })
    if (st.isDirectory()) throw new InvalidArgumentError(`path '${path}' is a directory`)
    // A device has no end to read to (/dev/zero) or is a whole disk: not a file to download.
    if (st.isCharacterDevice() || st.isBlockDevice())
      throw new InvalidArgumentError(`path '${path}' is a device, not a file`)
    reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `inline; filename="${basename(path).replace(/["\\\r\n]/g, '_')}"`)
      .header('last-modified', st.mtime.toUTCString())
      .header('accept-ranges', 'bytes')
      .header('vary', 'Accept-Encoding')

    const gzip = wantsGzip(req.headers['accept-encoding'])
    // compat: upstream streams what read(2) returns. Only a regular file's size on a real
    // filesystem is a length to trust (and to stop at, should the file grow meanwhile); /proc and
    // /sys files say 0 or 4096 whatever they hold, so those and FIFOs are read until EOF.
    if (!(await sizeIsLength(path, st))) {
      const body = await readUntilEof(path)
      if (!body) return reply.header('content-length', '0').send('')
      return gzip ? reply.header('content-encoding', 'gzip').send(gzipped(body)) : reply.send(body)
    }
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
    const whole = createReadStream(path, { start: 0, end: st.size - 1, highWaterMark: READ_CHUNK })
    if (gzip) return reply.header('content-encoding', 'gzip').send(gzipped(whole))
    return reply.header('content-length', String(st.size)).send(whole)
  })
}
