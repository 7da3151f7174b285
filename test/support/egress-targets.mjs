// Test hosts for the egress gateway: an HTTP echo server and a TLS one (both answer with the
// request they received as JSON), a SOCKS5 server with RFC 1929 credentials that records what it
// was asked, and a DNS server with fixed A records. Used in-process by the unit tests and, as a
// CLI (`node egress-targets.mjs '<json>'`, one JSON line per event on stdout), inside the network
// namespaces the Docker tests create.
import { createSocket } from 'node:dgram'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import dnsPacket from 'dns-packet'

function echo(req, res) {
  const body = []
  req.on('data', (c) => body.push(c))
  req.on('end', () => {
    const out = JSON.stringify({
      method: req.method,
      url: req.url,
      headers: req.headers,
      remote: req.socket.remoteAddress,
      body: Buffer.concat(body).toString('utf8'),
    })
    res.writeHead(200, { 'content-type': 'application/json', 'x-echo': 'yes' })
    res.end(out)
  })
}

function listen(server, host, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(server.address().port))
  })
}

export async function startHttpEcho({ host = '127.0.0.1', port = 0 } = {}) {
  const server = http.createServer(echo)
  return {
    server,
    port: await listen(server, host, port),
    close: () =>
      new Promise((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

export async function startTlsEcho({ host = '127.0.0.1', port = 0, cert, key }) {
  const server = https.createServer({ cert, key }, echo)
  return {
    server,
    port: await listen(server, host, port),
    close: () =>
      new Promise((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

/** SOCKS5 CONNECT only; `hosts` maps names (ATYP=domain) to addresses; every request lands in `requests`. */
export async function startSocks5({
  host = '127.0.0.1',
  port = 0,
  username,
  password,
  hosts = {},
  onRequest = () => undefined,
} = {}) {
  const requests = []
  const sockets = new Set()
  const server = net.createServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => undefined)
    let buf = Buffer.alloc(0)
    let stage = 'greeting'
    const take = (n) => {
      const out = buf.subarray(0, n)
      buf = buf.subarray(n)
      return out
    }
    client.on('data', function onData(chunk) {
      buf = Buffer.concat([buf, chunk])
      for (;;) {
        if (stage === 'greeting') {
          if (buf.length < 2 || buf.length < 2 + buf[1]) return
          const methods = [...take(2 + buf[1]).subarray(2)]
          const want = username ? 0x02 : 0x00
          if (!methods.includes(want)) return client.end(Buffer.from([5, 0xff]))
          client.write(Buffer.from([5, want]))
          stage = username ? 'auth' : 'request'
        } else if (stage === 'auth') {
          if (buf.length < 2 || buf.length < 3 + buf[1] || buf.length < 3 + buf[1] + buf[2 + buf[1]]) return
          const ulen = buf[1]
          const user = buf.subarray(2, 2 + ulen).toString()
          const plen = buf[2 + ulen]
          const pass = take(3 + ulen + plen)
            .subarray(3 + ulen)
            .toString()
          const good = user === username && pass === password
          requests.push({ auth: good ? 'ok' : 'refused', username: user })
          if (!good) return client.end(Buffer.from([1, 1]))
          client.write(Buffer.from([1, 0]))
          stage = 'request'
        } else if (stage === 'request') {
          if (buf.length < 5) return
          const atyp = buf[3]
          const len = atyp === 1 ? 4 : atyp === 3 ? 1 + buf[4] : 16
          if (buf.length < 4 + len + 2) return
          const req = take(4 + len + 2)
          const dest =
            atyp === 1
              ? [...req.subarray(4, 8)].join('.')
              : atyp === 3
                ? req.subarray(5, 5 + req[4]).toString()
                : 'ipv6'
          const dport = req.readUInt16BE(4 + len)
          const record = { atyp: atyp === 1 ? 'ipv4' : atyp === 3 ? 'domain' : 'ipv6', host: dest, port: dport }
          requests.push(record)
          onRequest(record)
          client.removeListener('data', onData)
          client.pause()
          const upstream = net.connect({ host: hosts[dest] ?? dest, port: dport })
          upstream.on('error', () => client.end(Buffer.from([5, 5, 0, 1, 0, 0, 0, 0, 0, 0])))
          upstream.once('connect', () => {
            client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]))
            if (buf.length) upstream.write(buf)
            client.pipe(upstream)
            upstream.pipe(client)
            client.resume()
            upstream.on('close', () => client.destroy())
            client.on('close', () => upstream.destroy())
          })
          return
        }
      }
    })
  })
  return {
    server,
    requests,
    port: await listen(server, host, port),
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy()
        server.close(() => r())
      }),
  }
}

/** A UDP DNS server answering A queries from `records` (name → IPv4), NXDOMAIN otherwise. */
export async function startDns({ host = '127.0.0.1', port = 0, records = {} } = {}) {
  const socket = createSocket('udp4')
  socket.on('message', (msg, rinfo) => {
    let query
    try {
      query = dnsPacket.decode(msg)
    } catch {
      return
    }
    const q = query.questions?.[0]
    const ip = q && records[q.name.toLowerCase()]
    const answers = q && ip && q.type === 'A' ? [{ type: 'A', name: q.name, ttl: 5, data: ip }] : []
    const rcode = q && ip ? 'NOERROR' : 'NXDOMAIN'
    socket.send(
      dnsPacket.encode({
        type: 'response',
        id: query.id,
        flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE,
        rcode,
        questions: query.questions,
        answers,
      }),
      rinfo.port,
      rinfo.address,
    )
  })
  await new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.bind(port, host, () => resolve(undefined))
  })
  return { port: socket.address().port, close: () => new Promise((r) => socket.close(() => r())) }
}

// CLI: start what the JSON config names, print {"ready":…} and then one line per SOCKS request.
// It stops by itself: when its stdin closes (the process that started it is gone) and after
// `lifetimeS` (default 1800) at the latest.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const config = JSON.parse(process.argv[2] ?? '{}')
  setTimeout(() => process.exit(0), (config.lifetimeS ?? 1800) * 1000).unref()
  process.stdin.on('end', () => process.exit(0))
  process.stdin.on('error', () => process.exit(0))
  process.stdin.resume()
  const ready = {}
  const say = (o) => process.stdout.write(`${JSON.stringify(o)}\n`)
  for (const h of [].concat(config.http ?? [])) ready[`http${h.port}`] = (await startHttpEcho(h)).port
  if (config.https) ready.https = (await startTlsEcho(config.https)).port
  if (config.socks) ready.socks = (await startSocks5({ ...config.socks, onRequest: (r) => say({ socks: r }) })).port
  if (config.dns) ready.dns = (await startDns(config.dns)).port
  say({ ready })
  process.on('SIGTERM', () => process.exit(0))
}
