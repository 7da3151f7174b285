// POST /files: multipart (filename = destination path) or octet-stream uploads, gzip-aware,
// with X-Metadata-* headers stored as user.e2b.* xattrs. Bodies stream straight to disk.
import type { IncomingHttpHeaders } from 'node:http'
import type { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy'
import { AppError, InvalidArgumentError } from '../../shared/errors.js'
import { resolvePath } from '../identity/paths.js'
import type { User } from '../identity/users.js'
import { writeFileAtomic, type WrittenFile } from '../filesystem/write-file.js'
import { filesUser, type FilesDeps } from './files-deps.js'
import type { EnvdRequest, Routes } from './router.js'
import { drainBody } from '../../shared/drain.js'

const PRINTABLE = /^[\x20-\x7e]*$/
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-zA-Z-]+$/

/** X-Metadata-<Key>: <value> → { key: value }; refuses non-printable or oversized metadata. */
export function parseMetadataHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  let total = 0
  for (const [name, raw] of Object.entries(headers)) {
    if (!name.toLowerCase().startsWith('x-metadata-')) continue
    const key = name.slice('x-metadata-'.length).toLowerCase()
    const value = Array.isArray(raw) ? raw.join(',') : (raw ?? '')
    if (!key || !TOKEN.test(key)) throw new InvalidArgumentError(`invalid metadata key '${key}'`)
    if (Buffer.byteLength(key) > 246)
      throw new InvalidArgumentError(`metadata key '${key.slice(0, 32)}…' is longer than 246 bytes`)
    if (!PRINTABLE.test(value)) throw new InvalidArgumentError(`metadata value for '${key}' must be printable ASCII`)
    total += Buffer.byteLength(key) + Buffer.byteLength(value)
    out[key] = value
  }
  if (total > 4096) throw new InvalidArgumentError('metadata is larger than 4096 bytes')
  return out
}

const ignore = () => undefined

/**
 * The request body, gunzipped when so encoded. The writer attaches its own handlers only after
 * some awaits, so every stream here gets a listener at once: an early error (bad gzip, client
 * gone) is kept on the stream for the writer's pipeline instead of crashing the daemon.
 */
function decodedBody(req: EnvdRequest): Readable {
  req.raw.on('error', ignore)
  const enc = (req.headers['content-encoding'] ?? 'identity').toLowerCase().trim()
  if (enc === 'identity' || enc === '') return req.raw
  if (enc !== 'gzip' && enc !== 'x-gzip') throw new InvalidArgumentError(`unsupported content encoding '${enc}'`)
  const gunzip = createGunzip()
  gunzip.on('error', ignore)
  req.raw.on('error', (e) => gunzip.destroy(e))
  return req.raw.pipe(gunzip)
}

/** Body errors (bad gzip, client gone) are the client's: 400, unless the disk failed us. */
function asUploadError(e: unknown): unknown {
  if (e instanceof AppError && e.kind !== 'internal') return e
  // Disk-side errors arrive already mapped; look at the original error for body-side ones.
  const root = (e instanceof AppError ? e.cause : e) as NodeJS.ErrnoException | undefined
  const code = root?.code
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR')
    return new InvalidArgumentError('invalid gzip body', { cause: e })
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || root?.message === 'aborted') {
    return new InvalidArgumentError('upload body ended early (client went away)', { cause: e })
  }
  return e
}

/**
 * Multipart uploads, with upstream's rules for every shape (contract 5.6):
 * - only parts named `file` are files; other fields riding along are ignored, but a body without
 *   any `file` part is a 400 (upstream answers 200 [] there: a silent loss the SDK then trips on);
 * - a part's target is the `path` query, else its filename as a full path; a part with neither
 *   is a 400. A part without a filename is a file all the same (FormData's `append('file', text)`);
 * - two parts for one path: 400, the first one written (upstream's words say so);
 * - an empty, truncated or unparsable body: 400. Each file is written whole or not at all.
 */
async function uploadMultipart(
  req: EnvdRequest,
  user: User,
  deps: FilesDeps,
  metadata: Record<string, string>,
): Promise<WrittenFile[]> {
  const body = decodedBody(req)
  let bb: BusboyInstance
  try {
    // preservePath: the part's filename is the destination path; do not strip directories.
    // isPartAFile: every part streams (none is buffered and text-decoded as a form field).
    bb = Busboy({ headers: req.headers as BusboyHeaders, preservePath: true, isPartAFile: () => true })
  } catch (e) {
    // No boundary, or a multipart subtype the parser does not read (multipart/mixed).
    throw new InvalidArgumentError(`invalid multipart request: ${(e as Error).message}`, { cause: e })
  }
  const seen = new Set<string>()
  const writes: Promise<WrittenFile>[] = []
  const parts: Readable[] = []
  let fileParts = 0
  let failure: unknown
  // A writer that fails destroys its part, and the parser would then wait on that part forever:
  // a failed write ends the parse at once (the request is answered with an error either way).
  let abortParse: (err: unknown) => void = () => undefined
  bb.on('file', (field, stream, filename) => {
    stream.on('error', ignore)
    if (field !== 'file' || failure) return void stream.resume()
    fileParts++
    try {
      // compat: the path query names the target of every part; without it, the part's filename.
      const target = req.query.path ?? filename
      if (target === undefined) {
        throw new InvalidArgumentError(
          'error getting multipart custom part file name: filename not found in Content-Disposition header',
        )
      }
      const path = resolvePath(target, user, deps.state.defaultWorkdir)
      if (seen.has(path)) {
        throw new InvalidArgumentError(
          `you cannot upload multiple files to the same path '${path}' in one upload request, only the first specified file was uploaded`,
        )
      }
      seen.add(path)
      // The part streams straight into the writer: no pass-through stage, one hop less per chunk.
      parts.push(stream)
      const write = writeFileAtomic(path, stream, user, metadata, deps.own)
      // Settled below after the parser finishes; until then a failure must not go unhandled.
      write.catch((e: unknown) => {
        failure ??= e
        abortParse(e)
      })
      writes.push(write)
    } catch (e) {
      failure = e
      stream.resume()
    }
  })
  const parseError = await new Promise<void>((resolve, reject) => {
    // Parts cut short must not be committed: their writers fail and remove their temp files.
    const fail = (err: unknown) => {
      for (const part of parts) part.destroy(err as Error)
      reject(err)
    }
    abortParse = (err) => {
      body.unpipe(bb)
      fail(err)
    }
    bb.on('finish', resolve)
    // A malformed, empty or truncated body is the client's fault.
    bb.on('error', (e: unknown) =>
      fail(new InvalidArgumentError(`cannot parse multipart body: ${(e as Error).message}`, { cause: e })),
    )
    body.on('error', fail)
    body.pipe(bb)
  }).then(
    () => undefined,
    (e: unknown) => e ?? new Error('multipart body failed'),
  )
  // Answer only once every writer has settled: a failed one has removed its temp file by then.
  const results = await Promise.allSettled(writes)
  if (parseError) throw parseError
  if (failure) throw failure
  const rejected = results.find((r) => r.status === 'rejected')
  if (rejected) throw rejected.reason
  if (fileParts === 0)
    throw new InvalidArgumentError("the multipart body has no part named 'file'; nothing was written")
  return results.map((r) => (r as PromiseFulfilledResult<WrittenFile>).value)
}

/** How much of a refused upload's body is read (and discarded) before the answer. */
const REFUSED_BODY_DRAIN_BYTES = 64 * 1024 * 1024
const REFUSED_BODY_DRAIN_MS = 10_000

export function filesPostRoute(app: Routes, deps: FilesDeps) {
  // The handler streams req.raw to disk, whatever the body's type: no body limit applies, and
  // unsupported types get our 400.
  app.post('/files', async (req, reply) => {
    const user = await filesUser(deps, req.query.username)
    const metadata = parseMetadataHeaders(req.headers)
    const type = (req.headers['content-type'] ?? '').toLowerCase()
    let written: WrittenFile[]
    try {
      if (type.startsWith('multipart/')) written = await uploadMultipart(req, user, deps, metadata)
      else if (type.startsWith('application/octet-stream')) {
        if (!req.query.path) throw new InvalidArgumentError('path query parameter is required for octet-stream uploads')
        const path = resolvePath(req.query.path, user, deps.state.defaultWorkdir)
        written = [await writeFileAtomic(path, decodedBody(req), user, metadata, deps.own)]
      } else throw new InvalidArgumentError(`unsupported content type '${type || 'none'}'`)
    } catch (e) {
      // The body may be half-read: read what the client still sends (a bounded amount, so it
      // gets this answer rather than a reset mid-upload), and end the connection after it.
      reply.header('connection', 'close')
      await drainBody(req.raw, REFUSED_BODY_DRAIN_BYTES, REFUSED_BODY_DRAIN_MS)
      throw asUploadError(e)
    }
    reply.code(200).send(written)
  })
}
