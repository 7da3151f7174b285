// SO_ORIGINAL_DST of a redirected connection, through the small N-API addon in
// native/original-dst (Node has no getsockopt). Loaded on first use, so hosts that never run the
// gateway never need it.
import { createRequire } from 'node:module'
import type { Socket } from 'node:net'

type Native = { originalDst(fd: number): { address: string; port: number } }
let native: Native | undefined

/** Where the connection was going before the REDIRECT; throws when it was not redirected. */
export function originalDst(socket: Socket): { address: string; port: number } {
  native ??= createRequire(import.meta.url)('sandock-original-dst') as Native
  const fd = (socket as unknown as { _handle?: { fd?: number } })._handle?.fd
  if (typeof fd !== 'number' || fd < 0) throw new Error('the connection has no file descriptor')
  return native.originalDst(fd)
}
