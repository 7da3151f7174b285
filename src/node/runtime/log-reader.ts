// Bounded reads of a container's log. Docker's answer (multiplexed frames or raw text, each line
// prefixed with its RFC 3339 time) is turned into lines as it streams, each line cut at
// MAX_LOG_LINE_CHARS, and only what the read keeps is held: the first `limit` matching lines
// (oldest first, the stream is dropped once they are in) or a ring of the last `limit` (newest
// first), never more than MAX_LOG_READ_CHARS of text. A flooded log costs time, not memory.
import { StringDecoder } from 'node:string_decoder'
import type { ContainerLogLine, LogRead } from './types.js'

/** Longer lines (Docker's partial messages of one long write joined) are cut here. */
export const MAX_LOG_LINE_CHARS = 16 * 1024
/** Text one read holds at most (a page of 1000 long lines is cut to this, oldest dropped first backward). */
export const MAX_LOG_READ_CHARS = 4 * 1024 * 1024

export type LogCollector = Readonly<{
  /** Offers a line (in time order); false once the read has all it wants. */
  push(l: ContainerLogLine): boolean
  /** The kept lines: oldest first, or newest first for `newestFirst`. */
  result(): ContainerLogLine[]
}>

export function createLogCollector(q: LogRead): LogCollector {
  const limit = Math.max(0, Math.floor(q.limit))
  // Forward: a plain list. Backward: a ring of `limit` slots from `start`.
  const ring: ContainerLogLine[] = []
  let start = 0
  let chars = 0
  let done = limit === 0
  const dropOldest = () => {
    chars -= ring[start]!.line.length
    ring[start] = undefined as unknown as ContainerLogLine
    start = (start + 1) % limit
  }
  let count = 0
  return {
    push(l) {
      if (done) return false
      const t = l.timestamp.getTime()
      if (q.sinceMs !== undefined && t < q.sinceMs) return true
      // Lines come in time order: past `untilMs` nothing more can match.
      if (q.untilMs !== undefined && t > q.untilMs) return !(done = true)
      if (q.match && !q.match(l)) return true
      if (!q.newestFirst) {
        ring.push(l)
        chars += l.line.length
        if (ring.length >= limit || chars >= MAX_LOG_READ_CHARS) done = true
        return !done
      }
      if (count === limit) dropOldest(), count--
      ring[(start + count) % limit] = l
      count++
      chars += l.line.length
      while (chars > MAX_LOG_READ_CHARS && count > 1) dropOldest(), count--
      return true
    },
    result() {
      if (!q.newestFirst) return ring
      const out: ContainerLogLine[] = []
      for (let i = count - 1; i >= 0; i--) out.push(ring[(start + i) % limit]!)
      return out
    },
  }
}

/** One `<RFC 3339> <text>` line (Docker's `timestamps`); a line without a readable time gets now. */
export function timestampedLine(l: string): ContainerLogLine {
  const space = l.indexOf(' ')
  const timestamp = space > 0 ? new Date(l.slice(0, space)) : new Date(NaN)
  return Number.isNaN(timestamp.getTime())
    ? { timestamp: new Date(), line: l }
    : { timestamp, line: l.slice(space + 1) }
}

/**
 * Splits Docker's log stream into lines as it comes: 8-byte frame headers (a container without a
 * TTY) are stripped, text is decoded across chunk boundaries, each line is cut at
 * MAX_LOG_LINE_CHARS. `onLine` answers false to stop; `write` then answers false too.
 */
export function createLogLineParser(onLine: (line: string) => boolean): { write(chunk: Buffer): boolean; end(): void } {
  let mode: 'unknown' | 'frames' | 'raw' = 'unknown'
  const header = Buffer.alloc(8)
  let headerFill = 0
  let remaining = 0
  const decoder = new StringDecoder('utf8')
  let line = ''
  let stopped = false
  let pending: Buffer = Buffer.alloc(0)

  const text = (s: string) => {
    let i = 0
    while (!stopped && i < s.length) {
      const nl = s.indexOf('\n', i)
      const end = nl === -1 ? s.length : nl
      if (line.length < MAX_LOG_LINE_CHARS) line += s.slice(i, Math.min(end, i + MAX_LOG_LINE_CHARS - line.length))
      if (nl === -1) return
      const done = line.endsWith('\r') ? line.slice(0, -1) : line
      line = ''
      i = nl + 1
      if (done !== '' && !onLine(done)) stopped = true
    }
  }

  return {
    write(chunk) {
      if (stopped) return false
      if (mode === 'unknown') {
        // A frame header's first 4 bytes are the stream (0-2) and three zeros; text never starts so.
        chunk = pending.length ? Buffer.concat([pending, chunk]) : chunk
        if (chunk.length < 4) {
          pending = chunk
          return true
        }
        pending = Buffer.alloc(0)
        mode = chunk[0]! <= 2 && chunk[1] === 0 && chunk[2] === 0 && chunk[3] === 0 ? 'frames' : 'raw'
      }
      if (mode === 'raw') {
        text(decoder.write(chunk))
        return !stopped
      }
      let off = 0
      while (!stopped && off < chunk.length) {
        if (remaining === 0) {
          const n = Math.min(8 - headerFill, chunk.length - off)
          chunk.copy(header, headerFill, off, off + n)
          headerFill += n
          off += n
          if (headerFill < 8) break
          headerFill = 0
          remaining = header.readUInt32BE(4)
          continue
        }
        const n = Math.min(remaining, chunk.length - off)
        text(decoder.write(chunk.subarray(off, off + n)))
        remaining -= n
        off += n
      }
      return !stopped
    },
    end() {
      if (stopped) return
      if (mode === 'unknown' && pending.length) text(decoder.write(pending))
      text(decoder.end())
      if (line !== '') {
        const last = line
        line = ''
        onLine(last)
      }
    },
  }
}

/** Reads `stream` through the parser into `collector`; destroys it as soon as the collector is full. */
export function collectLogStream(stream: NodeJS.ReadableStream, collector: LogCollector): Promise<ContainerLogLine[]> {
  return new Promise((resolve, reject) => {
    let finished = false
    const finish = () => {
      if (finished) return
      finished = true
      ;(stream as unknown as { destroy?: () => void }).destroy?.()
      resolve(collector.result())
    }
    const parser = createLogLineParser((l) => collector.push(timestampedLine(l)))
    stream.on('data', (b: Buffer | string) => {
      if (!parser.write(Buffer.isBuffer(b) ? b : Buffer.from(b))) finish()
    })
    stream.on('end', () => {
      parser.end()
      finish()
    })
    stream.on('close', () => finish())
    stream.on('error', (e: unknown) => {
      if (finished) return
      finished = true
      reject(e)
    })
  })
}
