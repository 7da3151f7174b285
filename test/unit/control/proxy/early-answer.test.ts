// A sandbox that answers before reading the whole request body (an error, a 413) must not wedge
// the client's keep-alive connection: the proxy drains the rest, and the next request is served.
import { once } from 'node:events'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { pino } from 'pino'
import { expect, it, onTestFinished } from 'vitest'
import { createProxyServer } from '../../../../src/control/proxy/proxy-server.js'

async function listen(server: http.Server | net.Server): Promise<number> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return (server.address() as AddressInfo).port
}

it('serves the next request on a keep-alive connection after an upstream answered a large body early', async () => {
  // Like a server whose body parser gives up (a 413 with `connection: close`): answers /early
  // after the headers and stops reading, then drops the socket a moment later.
  const upstream = net.createServer((socket) => {
    socket.on('error', () => undefined)
    socket.once('data', (first: Buffer) => {
      if (first.toString('latin1').startsWith('POST /early')) {
        socket.pause()
        socket.write('HTTP/1.1 413 Payload Too Large\r\ncontent-type: text/plain\r\ncontent-length: 2\r\nconnection: close\r\n\r\nno')
        setTimeout(() => socket.destroy(), 300)
      } else socket.end('HTTP/1.1 200 OK\r\ncontent-length: 6\r\nconnection: close\r\n\r\nsecond')
    })
  })
  const upPort = await listen(upstream)
  const proxy = createProxyServer({
    resolver: { lookup: () => ({ sandboxId: 's', state: 'running', ip: '127.0.0.1', autoResume: false, trafficAccessToken: undefined, envdAccessToken: undefined }), resume: async () => undefined, track: () => () => undefined },
    domain: 'sandock.test', log: pino({ level: 'silent' }),
  })
  const port = await listen(proxy.server)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  onTestFinished(async () => {
    agent.destroy()
    await proxy.close()
    await new Promise((r) => upstream.close(r))
  })
  const headers = { 'e2b-sandbox-id': 's', 'e2b-sandbox-port': String(upPort) }
  const request = (path: string, body?: Buffer) => new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: body ? 'POST' : 'GET', headers, agent }, (res) => {
      let text = ''
      res.on('data', (c) => (text += String(c)))
      res.on('end', () => resolve({ status: res.statusCode!, text }))
    })
    req.on('error', reject)
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${path}`)))
    req.end(body)
  })
  expect(await request('/early', Buffer.alloc(4 * 1024 * 1024, 1))).toEqual({ status: 413, text: 'no' })
  expect(await request('/next')).toEqual({ status: 200, text: 'second' })
})
