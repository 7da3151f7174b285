// RemoteNode ↔ the node agent's API through app.inject: the same LocalNode (on fakes) answered
// through HTTP, with Dates, error kinds and named errors intact; the node token required; the
// build stream's log lines, result and step errors; an unreachable agent is `unavailable`.
import type { FastifyInstance } from 'fastify'
import { describe, expect, it, onTestFinished } from 'vitest'
import { buildAgentApp } from '../../../../src/node/agent-api/app.js'
import type { AgentNode } from '../../../../src/node/agent-api/methods.js'
import { createRemoteNode, NodeUnreachableError, type FetchLike } from '../../../../src/control/cluster/remote-node.js'
import type { SandboxNode } from '../../../../src/node/sandbox-node.js'
import { AppError, SandboxNotFoundError } from '../../../../src/shared/errors.js'
import { StepError, type BuildJob } from '../../../../src/node/builds/build-types.js'
import { createLogger } from '../../../../src/shared/logging.js'
import { fakeControl } from '../../../support/fake-control.js'
import { rejection } from '../../../support/async.js'

const TOKEN = 'node-token-for-tests'
const log = createLogger({ level: 'silent', name: 'unit' })

/** fetch over app.inject: no socket. */
function viaInject(app: FastifyInstance): FetchLike {
  return async (url, init) => {
    const u = new URL(url)
    const res = await app.inject({
      method: init.method as 'POST',
      url: u.pathname + u.search,
      headers: init.headers,
      payload: init.body,
    })
    return new Response(res.rawPayload, { status: res.statusCode, headers: res.headers as Record<string, string> })
  }
}

async function agentFor(node: AgentNode & Pick<SandboxNode, 'build'>) {
  const app = await buildAgentApp({ node, token: TOKEN, log, status: async () => ({ nodeId: 'n1', cpuCount: 2 }) })
  onTestFinished(() => app.close())
  return {
    app,
    remote: createRemoteNode({ nodeId: 'n1', baseUrl: 'http://agent', token: TOKEN, fetch: viaInject(app) }),
  }
}

const createReq = {
  templateRef: 'base',
  timeoutS: 60,
  metadata: { who: 'unit' },
  envVars: {},
  secure: true,
  allowPublicTraffic: true,
  allowInternetAccess: true,
  onTimeout: 'kill' as const,
  autoResume: false,
  egress: {},
  volumeMounts: [],
}

describe('RemoteNode over the agent API', () => {
  it('answers every verb as the local node does, with Dates and error kinds intact', async () => {
    const c = await fakeControl()
    const { remote } = await agentFor({ ...c.node, proxyResume: (id) => c.node.proxy.resume(id) })
    const created = await remote.create(createReq)
    expect(created.startedAt).toBeInstanceOf(Date)
    expect(created.endAt.getTime()).toBeGreaterThan(Date.now())
    expect(created).toEqual(await c.node.get(created.sandboxId))
    expect((await remote.list()).map((s) => s.sandboxId)).toEqual([created.sandboxId])
    await remote.pause(created.sandboxId, { memory: true })
    expect((await remote.get(created.sandboxId)).state).toBe('paused')
    // A second pause is the node's conflict, unchanged.
    expect(await rejection(remote.pause(created.sandboxId, { memory: true }))).toMatchObject({ kind: 'conflict' })
    const connected = await remote.connect(created.sandboxId, 30, {})
    expect(connected.resumed).toBe(true)
    expect(connected.sandbox.endAt).toBeInstanceOf(Date)
    await remote.setTimeout(created.sandboxId, 120)
    expect((await remote.get(created.sandboxId)).endAt.getTime()).toBeGreaterThan(Date.now() + 100_000)
    expect(await remote.poolStatus()).toEqual(await c.node.poolStatus())
    expect(await remote.usesTemplate('base')).toBe(true)
    // Log lines keep their Date (GET /sandboxes/{id}/logs filters and sorts by it).
    c.runtime.containersOf(created.sandboxId)[0]!.logs.push('one', 'two')
    const lines = await remote.logs(created.sandboxId, { limit: 10, newestFirst: false, minLevel: 'info' })
    expect(lines.map((l) => l.line)).toEqual(['one', 'two'])
    for (const l of lines) expect(l.timestamp).toBeInstanceOf(Date)
    expect(lines).toEqual(await c.node.logs(created.sandboxId, { limit: 10, newestFirst: false, minLevel: 'info' }))
    const forks = await remote.fork(created.sandboxId, { timeoutS: 30, count: 2 })
    expect(forks).toHaveLength(2)
    for (const f of forks) expect('sandbox' in f && f.sandbox.startedAt instanceof Date).toBe(true)
    await remote.kill(created.sandboxId)
    const gone = await rejection(remote.get(created.sandboxId))
    expect(gone).toBeInstanceOf(SandboxNotFoundError)
    expect(gone).toMatchObject({
      kind: 'not_found',
      sandboxId: created.sandboxId,
      message: `Sandbox "${created.sandboxId}" doesn't exist or you don't have access to it`,
    })
    expect(await rejection(remote.create({ ...createReq, templateRef: 'nosuch' }))).toMatchObject({
      kind: 'not_found',
      message: "template 'nosuch' not found",
    })
    expect(await remote.status()).toEqual({ nodeId: 'n1', cpuCount: 2 })
  })

  it('refuses callers without the node token', async () => {
    const c = await fakeControl()
    const { app } = await agentFor({ ...c.node, proxyResume: async () => undefined })
    for (const authorization of [undefined, 'Bearer wrong', TOKEN]) {
      const res = await app.inject({
        method: 'POST',
        url: '/rpc/list',
        headers: authorization ? { authorization } : {},
        payload: { args: [] },
      })
      expect(res.statusCode).toBe(401)
    }
    const stranger = createRemoteNode({ nodeId: 'n1', baseUrl: 'http://agent', token: 'other', fetch: viaInject(app) })
    expect(await rejection(stranger.list())).toMatchObject({ kind: 'unauthenticated' })
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/rpc/nosuch',
          headers: { authorization: `Bearer ${TOKEN}` },
          payload: { args: [] },
        })
      ).statusCode,
    ).toBe(404)
  })

  it('streams a build: log lines in order, then the result; a failed step keeps its step', async () => {
    const c = await fakeControl()
    let fail = false
    const node = {
      ...c.node,
      proxyResume: async () => undefined,
      async build(job: BuildJob, out: { log: (l: 'info', s: string, m: string) => void }) {
        out.log('info', 'base', `building ${job.templateId}`)
        out.log('info', '1', 'RUN echo hi')
        if (fail) throw new StepError('1', 'command exited with 2')
        return {
          image: 'registry:5000/sandock/template:t-b',
          config: {
            user: 'user',
            workdir: undefined,
            envs: {},
            startCmd: undefined,
            readyCmd: undefined,
            shell: '/bin/bash',
          },
          diskSizeMB: 30_000,
        }
      },
    } as AgentNode & Pick<SandboxNode, 'build'>
    const { remote } = await agentFor(node)
    const job = {
      buildId: 'b',
      templateId: 't',
      cpuCount: 1,
      memoryMB: 512,
      steps: [],
      fromImage: 'e2bdev/base',
      fromTemplate: undefined,
      registry: undefined,
      force: false,
      startCmd: undefined,
      readyCmd: undefined,
    }
    const lines: string[] = []
    const result = await remote.build(job, {
      log: (_l, step, m) => lines.push(`${step}:${m}`),
      signal: new AbortController().signal,
    })
    expect(result).toMatchObject({ image: 'registry:5000/sandock/template:t-b', diskSizeMB: 30_000 })
    expect(lines).toEqual(['base:building t', '1:RUN echo hi'])
    fail = true
    const err = await rejection(remote.build(job, { log: () => undefined, signal: new AbortController().signal }))
    expect(err).toBeInstanceOf(StepError)
    expect(err).toMatchObject({ step: '1', message: 'command exited with 2' })
  })

  it('reports an agent it cannot reach as unavailable, naming the node', async () => {
    const remote = createRemoteNode({ nodeId: 'gone', baseUrl: 'http://127.0.0.1:9', token: TOKEN, timeoutMs: 2000 })
    const err = await rejection(remote.list())
    expect(err).toBeInstanceOf(NodeUnreachableError)
    expect(err).toBeInstanceOf(AppError)
    expect(err).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('node gone is unreachable') })
  })
})
