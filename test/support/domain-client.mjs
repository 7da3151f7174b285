// Runs in a child process (E2B_DOMAIN set, the local CA in NODE_EXTRA_CA_CERTS): the official
// SDK with nothing but a domain and a key, as a domain-mode user would. Prints one JSON line.
import { Sandbox, Volume } from 'e2b'

const out = {}
const sbx = await Sandbox.create()
try {
  out.sandboxId = sbx.sandboxId
  out.stdout = (await sbx.commands.run('echo via-domain')).stdout
  await sbx.files.write('domain.txt', 'hello over tls')
  out.read = await sbx.files.read('domain.txt')
  const url = await sbx.downloadUrl('domain.txt', { useSignatureExpiration: 60 })
  out.signedUrlHost = new URL(url).host
  out.signedRead = await (await fetch(url)).text()
  await sbx.commands.run('python3 -m http.server 8000 >/dev/null 2>&1', { background: true, timeoutMs: 0 })
  const host = sbx.getHost(8000)
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`https://${host}/`).catch(() => undefined)
    if (res?.status === 200) {
      out.userPortStatus = res.status
      break
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  out.runningBeforeKill = await sbx.isRunning()
} finally {
  out.killed = await sbx.kill()
}
out.runningAfterKill = await sbx.isRunning()
// The volume content API on https://api.<domain>, as the SDK computes it from the domain alone.
const vol = await Volume.create(`domain-vol-${Date.now()}`)
try {
  await vol.writeFile('/domain.txt', 'volume over tls')
  out.volumeRead = await vol.readFile('/domain.txt')
} finally {
  out.volumeDestroyed = await Volume.destroy(vol.volumeId)
}
process.stdout.write(JSON.stringify(out) + '\n')
