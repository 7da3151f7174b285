// Mutual TLS between control and a node agent, on real HTTPS servers on loopback and a real
// PostgreSQL: enrollment (the node's key kept 0600 in its dir, a certificate from a control
// replica; a wrong node token and a node id already enrolled with another key refused), the agent
// refusing every caller but control (plain HTTP, no certificate, another CA's, a node's own), and
// control refusing an agent whose certificate names another node.
import { webcrypto, X509Certificate } from 'node:crypto'
import * as x509 from '@peculiar/x509'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { agentTransport } from '../../../../src/control/cluster/agent-tls.js'
import {
  checkNodeCsr,
  createClusterCa,
  createNodeCsr,
  generateKeyPair,
  issueControlIdentity,
  joinProof,
  keyPem,
  loadClusterCa,
  type ClusterCa,
  type TlsIdentity,
} from '../../../../src/control/cluster/cluster-ca.js'
import { createClusterNode } from '../../../../src/control/cluster/cluster-node.js'
import { createEdgeProxy } from '../../../../src/control/cluster/edge-proxy.js'
import { createProxyServer } from '../../../../src/node/proxy/proxy-server.js'
import type { ProxyResolver } from '../../../../src/node/sandboxes/types.js'
import { enrollNode, startEnrollmentSigner } from '../../../../src/control/cluster/enrollment.js'
import { registerNode } from '../../../../src/control/cluster/nodes.js'
import { createDb, migrate, type Db } from '../../../../src/control/cluster/pg.js'
import { createRemoteNode, NodeUnreachableError } from '../../../../src/control/cluster/remote-node.js'
import { buildAgentApp } from '../../../../src/node/agent-api/app.js'
import type { AppError } from '../../../../src/shared/errors.js'
import { createLogger } from '../../../../src/shared/logging.js'
import { rejection } from '../../../support/async.js'
import { fakeControl } from '../../../support/fake-control.js'
import { createDatabase, postgresAvailable, startPostgres, type TestPostgres } from '../../../support/postgres.js'

const TOKEN = 'node-token-for-tests'
const log = createLogger({ level: 'silent', name: 'host' })

let ca: ClusterCa
let control: TlsIdentity
beforeAll(async () => {
  const made = await createClusterCa()
  ca = await loadClusterCa(made.certPem, made.keyPem)
  control = await issueControlIdentity(ca)
})

/** A node's identity signed by `by` (as enrollment would, without the database). */
async function nodeIdentity(nodeId: string, by: ClusterCa = ca): Promise<TlsIdentity> {
  const keys = await generateKeyPair()
  const csr = await createNodeCsr(nodeId, keys)
  const checked = await checkNodeCsr(by, { nodeId, csr, proof: joinProof(TOKEN, nodeId, csr) }, TOKEN)
  return { cert: await checked.issue(), key: await keyPem(keys.privateKey), ca: by.certPem }
}

/** An agent API over HTTPS on loopback with `tls`; counts the calls that reached its node. */
async function agent(tls: TlsIdentity): Promise<{ app: FastifyInstance; port: number; calls: () => number }> {
  const c = await fakeControl()
  let calls = 0
  const app = await buildAgentApp({
    node: { ...c.node, proxyResume: (s) => c.node.proxy.resume(s) },
    token: TOKEN,
    log,
    status: async () => {
      calls++
      return { ok: true }
    },
    tls,
  })
  onTestFinished(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, port: (app.server.address() as { port: number }).port, calls: () => calls }
}

/** GET /status as `nodeId`'s caller with `identity`; the transport closed after. */
function remoteAs(identity: TlsIdentity, nodeId: string, port: number, token = TOKEN) {
  const t = agentTransport(identity, nodeId)
  onTestFinished(() => t.close())
  return createRemoteNode({ nodeId, baseUrl: `https://127.0.0.1:${port}`, token, fetch: t.fetch, timeoutMs: 5000 })
}

/** A raw HTTPS GET with exactly these TLS options (no transport of ours). */
function rawGet(port: number, opts: https.RequestOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: '127.0.0.1', port, path: '/status', headers: { authorization: `Bearer ${TOKEN}` }, ...opts },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      },
    )
    req.once('error', reject)
    req.end()
  })
}

describe('the agent API over mutual TLS', () => {
  it('answers control (its certificate, the node token) and nobody else: plain HTTP, no certificate, another CA, a node', async () => {
    const n1 = await agent(await nodeIdentity('n1'))
    expect(await remoteAs(control, 'n1', n1.port).status()).toEqual({ ok: true })
    expect(n1.calls()).toBe(1)

    // Plain HTTP to the agent's port.
    await rejection(fetch(`http://127.0.0.1:${n1.port}/status`, { headers: { authorization: `Bearer ${TOKEN}` } }))
    // No client certificate (the CA trusted, the node token shown).
    const noCert = await rejection(rawGet(n1.port, { ca: ca.certPem, checkServerIdentity: () => undefined }))
    expect(noCert.message).toMatch(/alert certificate required/)
    // A control certificate from another CA.
    const otherMade = await createClusterCa()
    const otherCa = await loadClusterCa(otherMade.certPem, otherMade.keyPem)
    const stranger = await issueControlIdentity(otherCa)
    const foreign = await rejection(remoteAs({ ...stranger, ca: ca.certPem }, 'n1', n1.port).status())
    expect(foreign.message).toMatch(/socket hang up|unknown ca|ECONNRESET/)
    // Node n2's own certificate (the same CA) calling n1 as if it were control: server auth only,
    // so the handshake refuses it as a client's.
    const n2id = await nodeIdentity('n2')
    const asNode = await rejection<AppError>(remoteAs(n2id, 'n1', n1.port).status())
    expect(asNode).toBeInstanceOf(NodeUnreachableError)
    expect(asNode.message).toMatch(/socket hang up|unsupported certificate purpose|ECONNRESET/)
    // Control's certificate without the node token.
    const noToken = await rejection<AppError>(remoteAs(control, 'n1', n1.port, 'wrong').list())
    expect(noToken.kind).toBe('unauthenticated')
    expect(n1.calls()).toBe(1)
  })

  it('admits only the control role: a certificate of the CA for client auth without it gets 401', async () => {
    const n1 = await agent(await nodeIdentity('n1'))
    // The CA never issues this (nodes get server auth only, which the handshake refuses as a client),
    // so it is made here with the CA's key: the agent's own role check is the fence under test.
    const keys = await generateKeyPair()
    const crypto = webcrypto as unknown as Parameters<typeof x509.X509CertificateGenerator.create>[1]
    const cert = await x509.X509CertificateGenerator.create(
      {
        subject: 'CN=n2, OU=node',
        issuer: ca.cert.subject,
        publicKey: keys.publicKey,
        signingKey: ca.key,
        notBefore: new Date(Date.now() - 60_000),
        notAfter: new Date(Date.now() + 3_600_000),
        signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
        extensions: [new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth], true)],
      },
      crypto,
    )
    const clientOnly = { cert: cert.toString('pem'), key: await keyPem(keys.privateKey), ca: ca.certPem }
    expect(await rawGet(n1.port, { ...clientOnly, checkServerIdentity: () => undefined })).toBe(401)
    const err = await rejection<AppError>(remoteAs(clientOnly, 'n1', n1.port).status())
    expect(err.message).toMatch(/HTTP 401/)
    expect(n1.calls()).toBe(0)
  })

  it('is refused by control when its certificate names another node, or comes from another CA', async () => {
    const n1 = await agent(await nodeIdentity('n1'))
    // Control calls "n2" at an address where n1's agent answers.
    const err = await rejection<AppError>(remoteAs(control, 'n2', n1.port).status())
    expect(err).toBeInstanceOf(NodeUnreachableError)
    expect(err.message).toMatch(/names node:n1, not node n2/)
    // An agent whose certificate names n1 but comes from another CA.
    const otherMade = await createClusterCa()
    const otherCa = await loadClusterCa(otherMade.certPem, otherMade.keyPem)
    const fake = await agent({ ...(await nodeIdentity('n1', otherCa)), ca: ca.certPem })
    const err2 = await rejection<AppError>(remoteAs(control, 'n1', fake.port).status())
    expect(err2.message).toMatch(/certificate/)
    expect(n1.calls() + fake.calls()).toBe(0)
  })
})

/** Listens on a loopback port; closed when the test ends. */
async function listening(server: http.Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  onTestFinished(() => {
    server.closeAllConnections()
    return new Promise<void>((r) => server.close(() => r()))
  })
  return (server.address() as AddressInfo).port
}

describe('the edge → node proxy over mutual TLS', () => {
  it("forwards sandbox traffic to the node proxy that shows the catalog's node; the node proxy admits control only", async () => {
    // The "sandbox": a server on loopback that counts what reaches it.
    let reached = 0
    const sandboxPort = await listening(
      http.createServer((_req, res) => {
        reached++
        res.end('from the sandbox')
      }),
    )
    const resolver: ProxyResolver = {
      lookup: (id) =>
        id === 'sbx1'
          ? {
              sandboxId: id,
              state: 'running',
              ip: '127.0.0.1',
              autoResume: false,
              trafficAccessToken: undefined,
              envdAccessToken: undefined,
            }
          : undefined,
      resume: async () => undefined,
      track: () => () => undefined,
    }
    const node = createProxyServer({ resolver, domain: '', log, tls: await nodeIdentity('n1') })
    onTestFinished(() => node.close())
    const nodePort = await listening(node.server)
    const edgeAs = async (nodeId: string) => {
      const edge = createEdgeProxy({
        domain: '',
        log,
        tls: control,
        locate: async () => ({ nodeId, address: '127.0.0.1', proxyPort: nodePort }),
      })
      onTestFinished(() => edge.close())
      return listening(edge.server)
    }
    const headers = { 'e2b-sandbox-id': 'sbx1', 'e2b-sandbox-port': String(sandboxPort) }

    const edge = await edgeAs('n1')
    const res = await fetch(`http://127.0.0.1:${edge}/`, { headers })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('from the sandbox')
    expect(reached).toBe(1)

    // Straight to the node proxy: plain HTTP, no client certificate, a node's certificate (same CA).
    await rejection(fetch(`http://127.0.0.1:${nodePort}/`, { headers }))
    const direct = (opts: https.RequestOptions) =>
      new Promise<number>((resolve, reject) => {
        const req = https.request({ host: '127.0.0.1', port: nodePort, path: '/', headers, ...opts }, (r) => {
          r.resume()
          resolve(r.statusCode ?? 0)
        })
        req.once('error', reject)
        req.end()
      })
    expect((await rejection(direct({ ca: ca.certPem, checkServerIdentity: () => undefined }))).message).toMatch(
      /alert certificate required/,
    )
    const n2 = await nodeIdentity('n2')
    await rejection(direct({ ...n2, checkServerIdentity: () => undefined }))
    expect(reached).toBe(1)

    // An edge told the sandbox is on n2, where n1's proxy answers: refused, the contract's 502.
    const misrouted = await fetch(`http://127.0.0.1:${await edgeAs('n2')}/`, { headers })
    expect(misrouted.status).toBe(502)
    expect(await misrouted.json()).toMatchObject({ sandboxId: 'sbx1', code: 502 })
    expect(reached).toBe(1)
  })
})

describe('enrollment through PostgreSQL', () => {
  let server: TestPostgres | undefined
  let n = 0
  beforeAll(async () => {
    if (postgresAvailable()) server = await startPostgres()
  }, 60_000)
  afterAll(() => server?.stop())

  async function setup(): Promise<Db> {
    const db = createDb(await createDatabase(server!.url, `mtls_${process.pid}_${n++}`))
    onTestFinished(() => db.end())
    await migrate(db)
    const stop = startEnrollmentSigner(db, ca, TOKEN, log, 50)
    onTestFinished(stop)
    return db
  }
  const tempDir = async () => {
    const d = await mkdtemp(join(tmpdir(), 'sandock-mtls-'))
    onTestFinished(() => rm(d, { recursive: true, force: true }))
    return join(d, 'cluster-tls')
  }
  const enroll = (db: Db, nodeId: string, dir: string, nodeToken = TOKEN) =>
    enrollNode(db, { nodeId, nodeToken, caPem: ca.certPem, dir, log }).then((e) => e.identity)

  it("gives a node a certificate for its own key (kept 0600), again at a restart; control's ClusterNode then reaches it", async ({
    skip,
  }) => {
    if (!server) skip('postgresql-15 is not installed')
    const db = await setup()
    const dir = await tempDir()
    const first = await enroll(db, 'n1', dir)
    expect((await stat(join(dir, 'node.key'))).mode & 0o777).toBe(0o600)
    const cert = new X509Certificate(first.cert)
    expect(cert.subject.split('\n').sort()).toEqual(['CN=n1', 'OU=node'])
    expect(await readFile(join(dir, 'node.crt'), 'utf8')).toBe(first.cert)
    const again = await enroll(db, 'n1', dir)
    expect(again.key).toBe(first.key)
    expect((await db.query('SELECT count(*)::int AS n FROM node_csrs')).rows[0].n).toBe(0)

    // The real wiring: ClusterNode over TLS to the enrolled agent, found through its node row.
    const n1 = await agent(again)
    await registerNode(db, {
      nodeId: 'n1',
      address: '127.0.0.1',
      apiPort: n1.port,
      proxyPort: 1,
      cpuCount: 2,
      memoryMB: 4096,
      status: { pools: {}, images: [], sandboxes: 0 },
    })
    const replica = (tls?: TlsIdentity) =>
      createClusterNode({
        db,
        log,
        nodeToken: TOKEN,
        deadAfterMs: 60_000,
        maxSandboxes: 10,
        resolve: async () => {
          throw new Error('unused')
        },
        ...(tls && { tls }),
      })
    const [row] = await replica(control).nodes()
    expect(await replica(control).remote(row!).status()).toEqual({ ok: true })
    // A replica without TLS (plain HTTP to the HTTPS port) gets nowhere.
    expect(await rejection(replica().remote(row!).status())).toBeInstanceOf(NodeUnreachableError)
  })

  it('refuses a wrong node token, and a node id already enrolled with another key until its key is forgotten', async ({
    skip,
  }) => {
    if (!server) skip('postgresql-15 is not installed')
    const db = await setup()
    await enroll(db, 'n1', await tempDir())
    const wrong = await rejection(enroll(db, 'n3', await tempDir(), 'not-the-token'))
    expect(wrong.message).toBe('enrollment refused by control: the join proof is wrong (not made with the node token)')
    // Another machine (another key) claiming n1.
    const imposterDir = await tempDir()
    const taken = await rejection(enroll(db, 'n1', imposterDir))
    expect(taken.message).toBe('enrollment refused by control: node n1 is already enrolled with another key')
    expect((await db.query('SELECT count(*)::int AS n FROM node_csrs')).rows[0].n).toBe(0)
    // A request left by an agent killed while waiting goes after an hour.
    await db.query(
      `INSERT INTO node_csrs (request_id, node_id, csr, proof, created_at) VALUES ('stale', 'n9', 'x', 'y', now() - interval '2 hours')`,
    )
    await expect.poll(async () => (await db.query('SELECT count(*)::int AS n FROM node_csrs')).rows[0].n).toBe(0)
    // The operator forgets n1's key (a machine replaced): the new key enrolls.
    await db.query("DELETE FROM node_keys WHERE node_id = 'n1'")
    expect(new X509Certificate((await enroll(db, 'n1', imposterDir)).cert).subject).toMatch(/CN=n1/)
  })
})
