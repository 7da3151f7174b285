// How a streamed (chunked) response leaves the proxy: what the sandbox sent in one packet goes to
// the client in one write. A command's Start stream arrives as two packets (head + start event;
// end event + end of stream + last chunk); piped as they come they would leave as four writes,
// each waking the client on its own.
import type http from 'node:http'

/**
 * Headers go out with the body bytes already read (else alone, at the end of this turn of the
 * event loop: the code interpreter's /execute needs them before its first result), and the body
 * bytes of one turn, the last chunk included, in one write.
 */
export function coalesceStreamedWrites(proxyRes: http.IncomingMessage, res: http.ServerResponse): void {
  setImmediate(() => {
    if (!res.headersSent && !res.destroyed) res.flushHeaders()
  })
  let corked = false
  // Added before the library pipes `proxyRes` into `res`, so it runs before each write. Node's
  // res.end() fully uncorks the socket itself, so an ending response never waits for the uncork.
  proxyRes.on('data', () => {
    const socket = res.socket
    if (corked || !socket || socket.destroyed) return
    corked = true
    socket.cork()
    setImmediate(() => {
      corked = false
      if (socket.writableCorked > 0) socket.uncork()
    })
  })
}
