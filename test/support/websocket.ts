// WebSockets against a sandbox's user port without a client library: a minimal RFC 6455 echo
// server to run inside the sandbox (python3 has no websockets module) and a raw client that sends
// any Host header (host routing) to any address. Used by the proxy suite and the cluster stage.
import { createHash, randomBytes } from 'node:crypto'
import net from 'node:net'

export const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

// A minimal RFC 6455 echo server (python3 has no websockets module): handshake, then echo each
// text/binary frame back unmasked until a close frame.
export const WS_ECHO_PY = String.raw`
import base64, hashlib, socket, threading

GUID = b'${WS_GUID}'

class Conn:
    def __init__(self, sock):
        self.sock, self.buf = sock, b''
    def fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise EOFError()
        self.buf += chunk
    def read(self, n):
        while len(self.buf) < n:
            self.fill()
        out, self.buf = self.buf[:n], self.buf[n:]
        return out
    def head(self):
        while b'\r\n\r\n' not in self.buf:
            self.fill()
        head, self.buf = self.buf.split(b'\r\n\r\n', 1)
        return head.decode('latin-1')

def frame(opcode, payload):
    n = len(payload)
    if n < 126:
        return bytes([0x80 | opcode, n]) + payload
    if n < 65536:
        return bytes([0x80 | opcode, 126]) + n.to_bytes(2, 'big') + payload
    return bytes([0x80 | opcode, 127]) + n.to_bytes(8, 'big') + payload

def serve(sock):
    c = Conn(sock)
    try:
        lines = c.head().split('\r\n')
        headers = {k.strip().lower(): v.strip() for k, _, v in (l.partition(':') for l in lines[1:])}
        accept = base64.b64encode(hashlib.sha1(headers['sec-websocket-key'].encode() + GUID).digest()).decode()
        sock.sendall(('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
                      'Sec-WebSocket-Accept: ' + accept + '\r\n\r\n').encode())
        while True:
            b0, b1 = c.read(2)
            opcode, n = b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = int.from_bytes(c.read(2), 'big')
            elif n == 127:
                n = int.from_bytes(c.read(8), 'big')
            mask = c.read(4) if b1 & 0x80 else b'\0\0\0\0'
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(c.read(n)))
            if opcode == 8:
                sock.sendall(frame(8, payload))
                return
            if opcode in (1, 2):
                sock.sendall(frame(opcode, payload))
    except (EOFError, KeyError, ValueError, OSError):
        pass
    finally:
        sock.close()

server = socket.create_server(('0.0.0.0', 8080))
while True:
    client, _ = server.accept()
    threading.Thread(target=serve, args=(client,), daemon=True).start()
`

export type Frame = { opcode: number; masked: boolean; payload: Buffer }

/** A WebSocket client over a raw socket, so the Host header can carry the sandbox route. */
export async function rawWebSocket(port: number, host: string, address = '127.0.0.1') {
  const socket = net.connect(port, address)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  let buf = Buffer.alloc(0)
  let wake: (() => void) | undefined
  let ended = false
  socket.on('data', (d: Buffer) => {
    buf = Buffer.concat([buf, d])
    wake?.()
  })
  socket.on('close', () => {
    ended = true
    wake?.()
  })
  socket.on('error', () => undefined)
  const waitFor = async <T>(take: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const v = take()
      if (v !== undefined) return v
      if (ended)
        throw new Error(`connection closed while waiting for ${what}; got ${JSON.stringify(buf.toString('latin1'))}`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(buf.toString('latin1'))}`)
      await new Promise<void>((r) => {
        const t = setTimeout(r, left)
        wake = () => {
          clearTimeout(t)
          r()
        }
      })
    }
  }

  const key = randomBytes(16).toString('base64')
  socket.write(
    [
      'GET / HTTP/1.1',
      `Host: ${host}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${key}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  )
  const head = await waitFor(() => {
    const end = buf.indexOf('\r\n\r\n')
    if (end < 0) return undefined
    const text = buf.subarray(0, end).toString('latin1')
    buf = buf.subarray(end + 4)
    return text
  }, 'the handshake response')
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const l of lines) {
    const i = l.indexOf(':')
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim()
  }

  return {
    socket,
    /** True once the connection closes within `timeoutMs`, false if it stays open. */
    closed: (timeoutMs: number) =>
      waitFor(() => (ended ? true : undefined), 'the connection to close', timeoutMs).catch(() => false),
    status: Number(statusLine.split(' ')[1]),
    headers,
    expectedAccept: createHash('sha1')
      .update(key + WS_GUID)
      .digest('base64'),
    send(text: string) {
      const payload = Buffer.from(text, 'utf8')
      if (payload.length >= 126) throw new Error('test frames are short')
      const mask = randomBytes(4)
      const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!))
      socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]))
    },
    nextFrame: () =>
      waitFor<Frame>(() => {
        if (buf.length < 2) return undefined
        const opcode = buf[0]! & 0x0f
        const masked = (buf[1]! & 0x80) !== 0
        let len = buf[1]! & 0x7f
        let off = 2
        if (len === 126) {
          if (buf.length < 4) return undefined
          len = buf.readUInt16BE(2)
          off = 4
        } else if (len === 127) {
          if (buf.length < 10) return undefined
          len = Number(buf.readBigUInt64BE(2))
          off = 10
        }
        const maskLen = masked ? 4 : 0
        if (buf.length < off + maskLen + len) return undefined
        const mask = buf.subarray(off, off + maskLen)
        const payload = Buffer.from(buf.subarray(off + maskLen, off + maskLen + len))
        if (masked) for (let i = 0; i < payload.length; i++) payload[i] = payload[i]! ^ mask[i % 4]!
        buf = buf.subarray(off + maskLen + len)
        return { opcode, masked, payload }
      }, 'a frame'),
  }
}
