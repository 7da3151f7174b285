// Mutual TLS's cost on control → node agent calls, same run, on loopback: the real agent API
// (buildAgentApp) and the real RemoteNode, over HTTPS with the cluster CA's certificates (the
// control replica's transport, agent-tls.ts) and over plain HTTP with the node token, alternating.
// Two ways: a new connection per call (the handshake every time: a replica's first call to a
// node) and keep-alive (what a replica does after its first call). `node bench/cluster-mtls.mjs`
// after `npm run build`; the whole create → first command is measured by the cluster stage
// ("measures mutual TLS's cost", docs/benchmarks.md#cluster).
import http from 'node:http'
import { buildAgentApp } from '../dist/node/agent-api/app.js'
import { agentTransport } from '../dist/control/cluster/agent-tls.js'
import {
  checkNodeCsr,
  createClusterCa,
  createNodeCsr,
  generateKeyPair,
  issueControlIdentity,
  joinProof,
  keyPem,
  loadClusterCa,
} from '../dist/control/cluster/cluster-ca.js'
import { createRemoteNode } from '../dist/control/cluster/remote-node.js'
import { createLogger } from '../dist/shared/logging.js'
import { stats } from './stats.mjs'

const TOKEN = 'bench-node-token'
const N = Number(process.env.N ?? 300)
const log = createLogger({ level: 'silent', name: 'bench' })

const made = await createClusterCa()
const ca = await loadClusterCa(made.certPem, made.keyPem)
const control = await issueControlIdentity(ca)
const keys = await generateKeyPair()
const csr = await createNodeCsr('n1', keys)
const checked = await checkNodeCsr(ca, { nodeId: 'n1', csr, proof: joinProof(TOKEN, 'n1', csr) }, TOKEN)
const nodeTls = { cert: await checked.issue(), key: await keyPem(keys.privateKey), ca: ca.certPem }

// A node whose `get` answers at once with a sandbox-sized record: the wire and its security only.
const sandbox = {
  sandboxId: 'ibench',
  templateId: 'base',
  startedAt: new Date(),
  endAt: new Date(),
  cpuCount: 1,
  memoryMB: 512,
  metadata: {},
  state: 'running',
  envdVersion: '0.2.0',
}
const node = { get: async () => sandbox }
const agents = {}
for (const [mode, tls] of [
  ['tls', nodeTls],
  ['plain', undefined],
]) {
  const app = await buildAgentApp({ node, token: TOKEN, log, status: async () => ({}), ...(tls && { tls }) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  agents[mode] = { app, port: app.server.address().port }
}

/** A RemoteNode for `mode`; `fresh`: a new connection (and TLS handshake) per call. */
function remote(mode, fresh) {
  const baseUrl = `${mode === 'tls' ? 'https' : 'http'}://127.0.0.1:${agents[mode].port}`
  if (mode === 'tls') {
    if (!fresh) {
      const t = agentTransport(control, 'n1')
      return { r: createRemoteNode({ nodeId: 'n1', baseUrl, token: TOKEN, fetch: t.fetch }), close: t.close }
    }
    return {
      r: createRemoteNode({
        nodeId: 'n1',
        baseUrl,
        token: TOKEN,
        fetch: async (url, init) => {
          const t = agentTransport(control, 'n1')
          const res = await t.fetch(url, init)
          const body = await res.arrayBuffer()
          t.close()
          return new Response(body, { status: res.status, headers: res.headers })
        },
      }),
      close: () => undefined,
    }
  }
  // Plain: node:http with the same adapter shape (keep-alive or not), so only TLS differs.
  const agent = new http.Agent({ keepAlive: !fresh })
  const fetch = (url, init) =>
    new Promise((resolve, reject) => {
      const req = http.request(url, { method: init.method, headers: init.headers, agent }, (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode })))
      })
      req.once('error', reject)
      req.end(init.body)
    })
  return { r: createRemoteNode({ nodeId: 'n1', baseUrl, token: TOKEN, fetch }), close: () => agent.destroy() }
}

const results = {}
for (const fresh of [true, false]) {
  const runs = { tls: remote('tls', fresh), plain: remote('plain', fresh) }
  for (const mode of ['tls', 'plain']) for (let i = 0; i < 20; i++) await runs[mode].r.get('ibench') // warm-up
  const times = { tls: [], plain: [] }
  for (let i = 0; i < N; i++)
    for (const mode of i % 2 ? ['tls', 'plain'] : ['plain', 'tls']) {
      const t0 = performance.now()
      await runs[mode].r.get('ibench')
      times[mode].push(performance.now() - t0)
    }
  for (const mode of ['tls', 'plain']) {
    runs[mode].close()
    results[`${fresh ? 'new connection' : 'keep-alive'} ${mode}`] = stats(times[mode], 2)
  }
}
for (const a of Object.values(agents)) await a.app.close()
console.log(JSON.stringify(results, null, 2))
