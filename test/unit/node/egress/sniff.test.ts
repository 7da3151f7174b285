// SNI and Host sniffing on real client bytes: a ClientHello from node:tls, HTTP heads, garbage.
import net from 'node:net'
import tls from 'node:tls'
import { describe, expect, it, onTestFinished } from 'vitest'
import { sniffHttp, sniffTls } from '../../../../src/node/egress/sniff.js'

/** The first bytes a TLS client sends (its ClientHello), captured by a server that never answers. */
async function clientHello(servername: string | undefined): Promise<Buffer> {
  let resolveBytes: (b: Buffer) => void
  const bytes = new Promise<Buffer>((r) => (resolveBytes = r))
  const server = net.createServer((s) => s.once('data', (d: Buffer) => resolveBytes(d)))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  onTestFinished(
    () =>
      new Promise<void>((r) => {
        server.close(() => r())
      }),
  )
  const client = tls.connect({
    host: '127.0.0.1',
    port: (server.address() as net.AddressInfo).port,
    servername: servername ?? '',
    rejectUnauthorized: false,
  })
  client.on('error', () => undefined)
  onTestFinished(() => void client.destroy())
  return bytes
}

describe('sniffTls', () => {
  it('finds the SNI of a real ClientHello, lowercased, and asks for more while it is cut', async () => {
    const hello = await clientHello('API.Example.test')
    expect(sniffTls(hello)).toEqual({ state: 'done', hostname: 'api.example.test' })
    expect(sniffTls(hello.subarray(0, 3))).toEqual({ state: 'more' })
    expect(sniffTls(hello.subarray(0, hello.length - 10))).toEqual({ state: 'more' })
  })

  it('names no host for a hello without SNI, or bytes that are not TLS', async () => {
    expect(sniffTls(await clientHello(undefined))).toEqual({ state: 'done', hostname: undefined })
    expect(sniffTls(Buffer.from('GET / HTTP/1.1\r\n'))).toEqual({ state: 'done', hostname: undefined })
    expect(sniffTls(Buffer.from([0x16, 0x03, 0x01, 0x00, 0x05, 0x02, 0, 0, 1, 0]))).toEqual({
      state: 'done',
      hostname: undefined,
    })
  })
})

describe('sniffHttp', () => {
  it.each([
    ['GET / HTTP/1.1\r\nHost: Example.test:8080\r\n\r\n', 'example.test'],
    ['POST /x HTTP/1.0\r\nUser-Agent: c\r\nhost:a.b.test\r\n\r\nbody', 'a.b.test'],
    ['GET / HTTP/1.1\r\nHost: [::1]:80\r\n\r\n', undefined],
    ['GET / HTTP/1.1\r\nX: y\r\n\r\n', undefined],
    ['SSH-2.0-OpenSSH\r\n', undefined],
    ['\x16\x03\x01', undefined],
  ])('%j → %s', (text, host) =>
    expect(sniffHttp(Buffer.from(text, 'latin1'))).toEqual({ state: 'done', hostname: host }),
  )

  it('waits for the end of the head', () => {
    expect(sniffHttp(Buffer.from('GET / HT'))).toEqual({ state: 'more' })
    expect(sniffHttp(Buffer.from('GET / HTTP/1.1\r\nHost: a.test\r\n'))).toEqual({ state: 'more' })
  })
})
