// Sandbox ids: 20 lowercase alphanumerics, no '-' (host routing splits on '-').
import { randomBytes } from 'node:crypto'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
export const SANDBOX_ID = /^[a-z0-9]+$/

export function newSandboxId(): string {
  return 'i' + [...randomBytes(19)].map((b) => ALPHABET[b % ALPHABET.length]).join('')
}
