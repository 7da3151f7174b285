// A smoke check of a deployed cluster with the official SDK (docs/cluster.md): a sandbox created
// through the first control replica, then its commands and files through every replica given,
// then killed. Exits 1 with the failing step on stderr. Needs `npm ci` (the `e2b` dev dependency).
//   E2B_API_KEY=… node scripts/cluster-smoke.mjs http://node1:3000,http://node1:3002 http://node2:3000,http://node2:3002
import { Sandbox } from 'e2b'

const apiKey = process.env.E2B_API_KEY
const replicas = process.argv.slice(2).map((arg) => {
  const [apiUrl, sandboxUrl] = arg.split(',')
  return { apiUrl, sandboxUrl }
})
if (!apiKey || replicas.length === 0 || replicas.some((r) => !r.apiUrl || !r.sandboxUrl)) {
  console.error('usage: E2B_API_KEY=… node scripts/cluster-smoke.mjs <apiUrl>,<sandboxUrl> [<apiUrl>,<sandboxUrl> …]')
  process.exit(2)
}
const opts = (r) => ({ apiKey, apiUrl: r.apiUrl, sandboxUrl: r.sandboxUrl, requestTimeoutMs: 60_000 })

let step = 'create'
let sbx
try {
  const t0 = performance.now()
  sbx = await Sandbox.create('base', { ...opts(replicas[0]), timeoutMs: 120_000 })
  console.log(`created ${sbx.sandboxId} through ${replicas[0].apiUrl} in ${Math.round(performance.now() - t0)} ms`)
  step = 'write a file'
  await sbx.files.write('/home/user/smoke.txt', sbx.sandboxId)
  for (const r of replicas) {
    step = `connect through ${r.apiUrl}`
    const via = await Sandbox.connect(sbx.sandboxId, opts(r))
    step = `read the file through ${r.sandboxUrl}`
    const read = await via.files.read('/home/user/smoke.txt')
    if (read !== sbx.sandboxId) throw new Error(`read ${JSON.stringify(read)}`)
    step = `run a command through ${r.sandboxUrl}`
    const run = await via.commands.run('cat /home/user/smoke.txt')
    if (run.stdout !== sbx.sandboxId) throw new Error(`cat printed ${JSON.stringify(run.stdout)}`)
    console.log(`ok through ${r.apiUrl} + ${r.sandboxUrl}`)
  }
  step = 'kill'
  await sbx.kill()
  sbx = undefined
  console.log('cluster smoke: ok')
} catch (err) {
  console.error(`cluster smoke failed at "${step}": ${err instanceof Error ? err.message : err}`)
  process.exitCode = 1
} finally {
  await sbx?.kill().catch(() => undefined)
}
