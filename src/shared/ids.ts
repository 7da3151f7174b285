// Random ids (base 36: lowercase letters and digits) and the shape of a sandbox id.
import { randomBytes } from 'node:crypto'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** `length` random lowercase letters and digits (256 % 36 ≠ 0 biases a few letters slightly: fine for ids). */
export function randomId(length: number): string {
  return [...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('')
}

/** A sandbox id: lowercase alphanumerics, never '-' (host routing splits `<port>-<id>` on it). */
export const SANDBOX_ID = /^[a-z0-9]+$/

export const newSandboxId = () => `i${randomId(19)}`
export const newSnapshotId = () => `s${randomId(19)}`
export const newTemplateId = () => randomId(20)
