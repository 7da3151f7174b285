// Constant-time comparison for secrets (tokens, keys, signatures), shared by both programs.
import { timingSafeEqual } from 'node:crypto'

/** Constant-time string comparison (length leaks, content does not). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
