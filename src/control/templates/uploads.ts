// Template file uploads: self-authenticating upload URLs (an HMAC of the hash and expiry, so the
// SDK uploads without an API key) and the upload itself, which appears only whole, with exactly
// the declared length, as <data dir>/template-files/<hash>.tar.
import { createHmac, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { AppError, InvalidArgumentError } from '../../shared/errors.js'
import { safeEqual } from '../../shared/safe-equal.js'
import { FILES_HASH } from '../../node/builds/steps.js'

const UPLOAD_TTL_S = 30 * 60

export type Uploads = ReturnType<typeof createUploads>

/** `secret`: derived from the server's seed, so upload URLs survive a restart. */
export function createUploads(opts: { filesDir: string; secret: Buffer }) {
  const { filesDir } = opts
  const fileOf = (hash: string) => join(filesDir, `${hash}.tar`)
  const tokenOf = (hash: string, expires: number) =>
    createHmac('sha256', opts.secret).update(`${hash}\0${expires}`).digest('hex')
  const checkHash = (hash: string) => {
    if (!FILES_HASH.test(hash)) throw new InvalidArgumentError('hash must be 64 lowercase hex characters (a SHA-256)')
  }

  const has = (hash: string) =>
    stat(fileOf(hash)).then(
      (s) => s.isFile(),
      () => false,
    )

  return {
    fileOf,
    has,

    /** Whether the files are here, and a URL to upload them to (returned even when present, so a forced upload can replace them). */
    async link(hash: string, baseUrl: string): Promise<{ present: boolean; url: string }> {
      checkHash(hash)
      const present = await has(hash)
      const expires = Math.floor(Date.now() / 1000) + UPLOAD_TTL_S
      return { present, url: `${baseUrl}/template-files/${hash}?expires=${expires}&token=${tokenOf(hash, expires)}` }
    },

    /** Stores an upload atomically: it appears only whole and with exactly the declared length. */
    async receive(
      hash: string,
      expires: number,
      token: string,
      contentLength: number | undefined,
      body: Readable,
    ): Promise<void> {
      checkHash(hash)
      if (!Number.isInteger(expires) || !token || !safeEqual(tokenOf(hash, expires), token))
        throw new AppError('permission_denied', 'invalid upload token')
      if (expires < Date.now() / 1000)
        throw new AppError('permission_denied', 'the upload link has expired; request a new one')
      if (contentLength === undefined)
        throw new AppError('invalid_argument', 'Content-Length is required', { httpStatus: 411 })
      await mkdir(filesDir, { recursive: true, mode: 0o700 })
      const tmp = join(filesDir, `.${hash}.${randomBytes(6).toString('hex')}.part`)
      let size = 0
      let first: Buffer | undefined
      try {
        body.on('data', (b: Buffer) => {
          size += b.length
          first ??= b
        })
        await pipeline(body, createWriteStream(tmp, { mode: 0o600 }))
        if (size !== contentLength)
          throw new InvalidArgumentError(`upload is ${size} bytes, Content-Length said ${contentLength}`)
        // A plain tar is whole 512-byte blocks; gzip is checked by its magic bytes (1f 8b).
        const gzip = first !== undefined && first[0] === 0x1f && first[1] === 0x8b
        if (!gzip && (size === 0 || size % 512 !== 0))
          throw new InvalidArgumentError('the upload is neither a tar archive nor a gzip-compressed one')
        await rename(tmp, fileOf(hash))
      } catch (e) {
        await rm(tmp, { force: true })
        throw e
      }
    },
  }
}
