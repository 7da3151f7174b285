// Runs in a child process (E2B_DOMAIN set, the local CA in NODE_EXTRA_CA_CERTS, *.sandock.test on
// loopback): @e2b/desktop with nothing but a domain and a key, as a domain-mode user would. It
// starts the stream, loads the noVNC page at the URL the SDK hands out, opens noVNC's WebSocket
// on that host, reads the VNC server's greeting, then kills the sandbox with the WebSocket open.
// Prints one JSON line.
import { Sandbox } from '@e2b/desktop'

/** The first binary message of a WebSocket, as latin1 text; rejects on error or after `ms`. */
function firstMessage(ws, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no WebSocket message')), ms)
    ws.addEventListener(
      'message',
      (e) => {
        clearTimeout(timer)
        resolve(Buffer.from(e.data).toString('latin1'))
      },
      { once: true },
    )
    ws.addEventListener('error', () => reject(new Error('WebSocket error')), { once: true })
  })
}

const out = {}
const t0 = Date.now()
const sbx = await Sandbox.create({ timeoutMs: 300_000 })
out.createMs = Date.now() - t0
try {
  out.sandboxId = sbx.sandboxId
  out.screen = await sbx.getScreenSize()
  await sbx.stream.start()
  const url = new URL(sbx.stream.getUrl())
  out.streamUrl = url.toString()
  const page = await fetch(url)
  out.pageStatus = page.status
  out.pageTitle = (await page.text()).match(/<title>([^<]*)<\/title>/)?.[1]
  // noVNC connects back to wss://<same host>/websockify (its default path).
  const ws = new WebSocket(`wss://${url.host}/websockify`, ['binary'])
  ws.binaryType = 'arraybuffer'
  out.greeting = await firstMessage(ws, 15_000)
  out.protocol = ws.protocol
  const closed = new Promise((resolve) =>
    ws.addEventListener('close', (e) => resolve({ code: e.code }), { once: true }),
  )
  out.killed = await sbx.kill()
  let timer
  out.closeAfterKill = await Promise.race([
    closed,
    new Promise((r) => (timer = setTimeout(() => r('still open'), 15_000))),
  ])
  clearTimeout(timer)
} finally {
  if (out.killed === undefined) out.killed = await sbx.kill()
}
process.stdout.write(JSON.stringify(out) + '\n')
