// The control plane on fakes for the fast tier: the same composition as `sandock serve`
// (core.ts + buildControlApp) over FakeRuntime and FakeEnvd in a temp data dir, driven with
// app.inject. No Docker, no listening socket.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, onTestFinished } from 'vitest'
import { buildControlApp } from '../../src/control/app.js'
import { loadControlConfig, type ControlConfig } from '../../src/control/config.js'
import { createControlCore, type ControlCore } from '../../src/control/core.js'
import { loadServerKeys } from '../../src/control/server-keys.js'
import { createLogger } from '../../src/shared/logging.js'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { NodeMover } from '../../src/node/sandboxes/move.js'
import { parseJson, requestParts, type ApiAnswer } from './control-api.js'
import { FakeEnvd } from './fake-envd.js'
import { FakeRuntime } from './fake-runtime.js'

export const TEST_KEY = `e2b_${'ab'.repeat(20)}`
export const BASE_IMAGE = 'sandock/base:unit'

export type FakeControl = ControlCore & {
  app: FastifyInstance
  runtime: FakeRuntime
  envd: FakeEnvd
  config: ControlConfig
  dataDir: string
  /** One request through app.inject; the answer has the Docker suites' shape. */
  api(
    method: string,
    path: string,
    opts?: { json?: unknown; raw?: string; key?: string | null; headers?: Record<string, string> },
  ): Promise<ApiAnswer>
  close(): Promise<void>
}

export type FakeControlOptions = {
  env?: Record<string, string>
  domain?: string
  dataDir?: string
  runtime?: FakeRuntime
  envd?: FakeEnvd
  ready?: () => boolean
  log?: Logger
  /** A registry paused sandboxes move through (sandboxes/move.ts). */
  mover?: NodeMover
}

/**
 * Starts the API on fakes, closed (and its temp data dir removed) when the test ends. `env` adds
 * SANDOCK_* settings; a `dataDir` of an earlier one (closed) and its `runtime` start a "restarted"
 * server on the same state.
 */
export async function fakeControl(opts: FakeControlOptions = {}): Promise<FakeControl> {
  const c = await startFakeControl(opts)
  onTestFinished(() => c.dispose())
  return c
}

/**
 * One API on fakes for every test of a file that only reads or refuses (each test still asks for
 * it); started on first use, closed after the file. Saves a server start per test.
 */
export function sharedFakeControl(opts: FakeControlOptions = {}): () => Promise<FakeControl> {
  let started: Promise<FakeControl & { dispose(): Promise<void> }> | undefined
  afterAll(async () => {
    if (started) await (await started).dispose()
  })
  return () => (started ??= startFakeControl(opts))
}

async function startFakeControl(opts: FakeControlOptions): Promise<FakeControl & { dispose(): Promise<void> }> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'sandock-unit-')))
  const config = loadControlConfig({
    SANDOCK_DATA_DIR: dataDir,
    SANDOCK_POOL_SIZE: '0',
    SANDOCK_BASE_TEMPLATE_IMAGE: BASE_IMAGE,
    SANDOCK_METRICS_INTERVAL_MS: '60000',
    ...opts.env,
  })
  const runtime = opts.runtime ?? new FakeRuntime({ images: [BASE_IMAGE] })
  const envd = opts.envd ?? new FakeEnvd()
  const log = opts.log ?? createLogger({ level: 'silent', name: 'unit' })
  const keys = await loadServerKeys(dataDir, [TEST_KEY])
  const core = createControlCore({
    config,
    runtime,
    envd,
    log,
    keys,
    egressDnsServers: ['10.255.255.53'],
    mover: opts.mover,
  })
  await core.templates.recover()
  await core.volumes.recover()
  await core.node.recover()
  // As serve does before it is ready: the base image exists on the fake runtime, so nothing builds.
  await core.builtinImages.ensureBase()
  const app = await buildControlApp({
    log,
    node: core.node,
    templates: core.templates,
    secrets: core.secrets,
    volumes: core.volumes,
    volumeTokens: core.volumeTokens,
    apiKeyDigests: keys.apiKeyDigests,
    domain: opts.domain ?? '',
    ready: opts.ready ?? (() => true),
  })
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    await Promise.all([app.close(), core.node.close(), core.templates.close()])
    core.secrets.close()
    core.volumes.close()
  }
  return {
    ...core,
    app,
    runtime,
    envd,
    config,
    dataDir,
    close,
    async dispose() {
      await close()
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true })
    },
    async api(method, path, o = {}) {
      const { headers, body } = requestParts(o, TEST_KEY)
      const res = await app.inject({
        method: method as 'GET',
        url: path,
        headers: { ...o.headers, ...headers },
        payload: body,
      })
      const h = new Headers()
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, String(v))
      return {
        status: res.statusCode,
        body: parseJson(res.body),
        text: res.body,
        contentType: h.get('content-type'),
        headers: h,
      }
    },
  }
}
