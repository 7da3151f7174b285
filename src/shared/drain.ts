// Reading a request body to its end before answering a refusal, so the client (still sending)
// reads the answer instead of a reset or EPIPE; bounded, since a refused body is not ours to hold.
import type { Readable } from 'node:stream'

/** Discards what `body` still sends; resolves at its end, after `maxBytes` more, after `timeoutMs`, or on error. */
export function drainBody(body: Readable, maxBytes: number, timeoutMs: number): Promise<void> {
  if (body.readableEnded || body.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    let seen = 0
    const done = () => {
      clearTimeout(timer)
      body.off('data', onData).off('end', done).off('error', done).off('close', done)
      resolve()
    }
    const onData = (chunk: Buffer) => {
      seen += chunk.length
      if (seen > maxBytes) done()
    }
    const timer = setTimeout(done, timeoutMs)
    body.on('data', onData).once('end', done).once('error', done).once('close', done)
    body.resume()
  })
}
