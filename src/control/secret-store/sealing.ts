// Authenticated encryption of secret values at rest: AES-256-GCM (node:crypto) under a key the
// server derives from its token seed. Each value is bound to its secret id and version through the
// additional data, so a sealed value copied onto another row, or altered in any bit, is refused.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { AppError } from '../../shared/errors.js'

const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16

export type Sealer = Readonly<{
  /** version byte ‖ 96-bit random IV ‖ 128-bit tag ‖ ciphertext. */
  seal(plaintext: string, aad: string): Buffer
  /** The plaintext; throws when the blob was altered, belongs to other additional data, or another key sealed it. */
  open(blob: Uint8Array, aad: string): string
}>

/** Thrown when a stored value cannot be authenticated: it is never returned, in whole or in part. */
export class SealedValueError extends AppError {
  constructor() {
    super('internal', 'a stored secret failed authentication and was refused')
  }
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('the secret store key must be 32 bytes')
  return {
    seal(plaintext, aad) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(aad, 'utf8'))
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body])
    },
    open(blob, aad) {
      const buf = Buffer.from(blob)
      if (buf.length < 1 + IV_BYTES + TAG_BYTES || buf[0] !== VERSION) throw new SealedValueError()
      const iv = buf.subarray(1, 1 + IV_BYTES)
      const tag = buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES)
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
        decipher.setAAD(Buffer.from(aad, 'utf8'))
        decipher.setAuthTag(tag)
        return Buffer.concat([decipher.update(buf.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        )
      } catch {
        throw new SealedValueError()
      }
    },
  }
}
