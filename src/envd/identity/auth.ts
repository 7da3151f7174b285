// Reads the caller's identity from request headers: Basic user for RPCs, the access token header.
import { timingSafeEqual } from 'node:crypto'

/** The user named by `Authorization: Basic base64("<user>:")`, or undefined when absent. */
export function basicAuthUser(header: string | undefined): string | undefined {
  if (!header) return undefined
  const m = /^Basic\s+(\S+)$/i.exec(header.trim())
  if (!m) return undefined
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8')
  const user = decoded.split(':')[0]
  return user || undefined
}

/** Constant-time string comparison (length leaks, content does not). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
