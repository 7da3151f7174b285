// Merges a source stream with keepalive messages sent after every `intervalMs` of silence.
import { ConnectError } from '@connectrpc/connect'
import { AsyncQueue } from '../shared/async-queue.js'

/** Keepalive-Ping-Interval in seconds from request headers; upstream defaults to 90. */
export function keepaliveIntervalMs(headers: Headers): number {
  const raw = headers.get('keepalive-ping-interval')
  const seconds = raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw) : 90
  return Math.max(1, seconds) * 1000
}

/**
 * Yields everything from `source`, plus `keepalive()` whenever nothing was sent for `intervalMs`.
 * Stops when the source ends or `signal` aborts; iteration of the source is then returned.
 */
export async function* withKeepalive<T>(
  source: AsyncIterable<T>,
  intervalMs: number,
  keepalive: () => T,
  signal: AbortSignal,
): AsyncGenerator<T> {
  const out = new AsyncQueue<T>()
  let timer: NodeJS.Timeout | undefined
  const arm = () => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      out.push(keepalive())
      arm()
    }, intervalMs)
  }
  // At the stream's deadline the reason is a deadline_exceeded ConnectError: send it in the
  // end-stream. A client that went away gets nothing more, so end quietly.
  const onAbort = () => out.end(signal.reason instanceof ConnectError ? signal.reason : undefined)
  signal.addEventListener('abort', onAbort, { once: true })
  const it = source[Symbol.asyncIterator]()
  void (async () => {
    try {
      for (;;) {
        const r = await it.next()
        if (r.done) break
        out.push(r.value)
        arm()
      }
      out.end()
    } catch (e) {
      out.end(e)
    }
  })()
  arm()
  try {
    yield* out
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', onAbort)
    void it.return?.()
  }
}
