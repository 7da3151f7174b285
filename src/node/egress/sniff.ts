// The hostname a client-first connection names before any byte goes upstream: the SNI of a TLS
// ClientHello (port 443) or the Host header of an HTTP/1 request (port 80). Pure parsers over the
// bytes read so far: each says whether it needs more, found a name, or found none; readHostname
// feeds one from a socket.
import type { Socket } from 'node:net'

export type Sniffed = { state: 'more' } | { state: 'done'; hostname: string | undefined }

/** Longest prefix we wait for before deciding without a name (a ClientHello record is ≤16 KiB + 5). */
export const SNIFF_LIMIT = 16 * 1024 + 5

const MORE: Sniffed = { state: 'more' }
const none: Sniffed = { state: 'done', hostname: undefined }
const found = (hostname: string): Sniffed => ({ state: 'done', hostname: hostname.toLowerCase() })

/** SNI from a TLS ClientHello (RFC 8446 4.1.2, RFC 6066 3): `none` for non-TLS bytes or a hello without one. */
export function sniffTls(buf: Buffer): Sniffed {
  if (buf.length < 1) return MORE
  if (buf[0] !== 0x16) return none
  if (buf.length < 5) return MORE
  const recordLen = buf.readUInt16BE(3)
  if (buf.length < 5 + recordLen) return buf.length >= SNIFF_LIMIT ? none : MORE
  const hs = buf.subarray(5, 5 + recordLen)
  try {
    if (hs[0] !== 0x01) return none
    const helloLen = hs.readUIntBE(1, 3)
    // A hello split over several records is rare (post-quantum key shares still fit in one); go by IP then.
    if (4 + helloLen > hs.length) return none
    let at = 4 + 2 + 32
    at += 1 + hs[at]!
    at += 2 + hs.readUInt16BE(at)
    at += 1 + hs[at]!
    if (at + 2 > 4 + helloLen) return none
    const extEnd = at + 2 + hs.readUInt16BE(at)
    at += 2
    while (at + 4 <= extEnd) {
      const type = hs.readUInt16BE(at)
      const len = hs.readUInt16BE(at + 2)
      const data = hs.subarray(at + 4, at + 4 + len)
      at += 4 + len
      if (type !== 0) continue
      let p = 2
      const listEnd = Math.min(data.length, 2 + data.readUInt16BE(0))
      while (p + 3 <= listEnd) {
        const nameType = data[p]!
        const nameLen = data.readUInt16BE(p + 1)
        const name = data.subarray(p + 3, p + 3 + nameLen).toString('latin1')
        if (nameType === 0 && name.length === nameLen && /^[a-z0-9._-]+$/i.test(name)) return found(name)
        p += 3 + nameLen
      }
      return none
    }
    return none
  } catch {
    // A truncated or malformed hello (reads past the end): no name.
    return none
  }
}

const METHOD = /^[A-Z]{3,10} \S+ HTTP\/1\.[01]\r\n/

/** The Host header of an HTTP/1.x request head (port stripped): `none` when the bytes are not HTTP or name no host. */
export function sniffHttp(buf: Buffer): Sniffed {
  const head = buf.subarray(0, SNIFF_LIMIT).toString('latin1')
  const end = head.indexOf('\r\n\r\n')
  if (end < 0) {
    // Keep reading only while it still looks like a request line in progress.
    const firstLine = head.split('\r\n')[0] ?? ''
    if (head.includes('\r\n') && !METHOD.test(`${firstLine}\r\n`)) return none
    if (!/^[A-Z]{0,10}( |$)/.test(firstLine)) return none
    return buf.length >= SNIFF_LIMIT ? none : MORE
  }
  if (!METHOD.test(head)) return none
  for (const line of head.slice(0, end).split('\r\n').slice(1)) {
    const colon = line.indexOf(':')
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === 'host') {
      const value = line.slice(colon + 1).trim()
      const host = value.startsWith('[') ? value.slice(1, value.indexOf(']')) : value.replace(/:\d*$/, '')
      return host && /^[a-z0-9._-]+$/i.test(host) ? found(host.replace(/\.$/, '')) : none
    }
  }
  return none
}

/** How long a client-first connection (80, 443) may take to name its host before it is decided by IP. */
const SNIFF_TIMEOUT_MS = 10_000

/**
 * Reads a paused socket until `parse` decides (or the timeout, or the end: no name) and pauses it
 * again. Returns the bytes read, to be sent on, and the name.
 */
export function readHostname(
  socket: Socket,
  parse: (b: Buffer) => Sniffed,
): Promise<{ head: Buffer; hostname: string | undefined }> {
  return new Promise((resolve) => {
    let head = Buffer.alloc(0)
    const done = (hostname: string | undefined) => {
      clearTimeout(timer)
      socket.removeListener('data', onData)
      socket.removeListener('end', onEnd)
      socket.pause()
      resolve({ head, hostname })
    }
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk])
      const r = parse(head)
      if (r.state === 'done') done(r.hostname)
    }
    const onEnd = () => done(undefined)
    const timer = setTimeout(() => done(undefined), SNIFF_TIMEOUT_MS)
    socket.on('data', onData)
    socket.once('end', onEnd)
    socket.resume()
  })
}
