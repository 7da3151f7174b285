// The build queue's lease (a cluster's replicas share the template store): while a build runs, its
// replica renews the build's lease every renewMs; a finished build is renewed no more, and a closed
// queue renews nothing. Interval timers are faked; the store is a real SQLite one.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createBuildQueue } from '../../../../src/control/templates/build-queue.js'
import type { BuildJob, BuildResult } from '../../../../src/node/builds/build-types.js'
import { SqliteTemplateStore } from '../../../../src/control/templates/sqlite-template-store.js'
import { createLogger } from '../../../../src/shared/logging.js'

const log = createLogger({ level: 'silent', name: 'unit' })
const RENEW_MS = 10_000
const result: BuildResult = {
  image: 'img:1',
  config: { user: 'user', workdir: undefined, envs: {}, startCmd: undefined, readyCmd: undefined, shell: '/bin/bash' },
  diskSizeMB: 61_440,
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
})
afterEach(() => {
  vi.useRealTimers()
})

async function setup(lease: { renewMs: number } | undefined) {
  const dir = await mkdtemp(join(tmpdir(), 'sandock-queue-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  const store = new SqliteTemplateStore(dir)
  onTestFinished(() => store.close())
  const touched: string[][] = []
  const touch = store.touchBuilds.bind(store)
  store.touchBuilds = async (ids) => {
    touched.push([...ids])
    return touch(ids)
  }
  const jobs: BuildJob[] = []
  let finish: (r: BuildResult) => void = () => undefined
  let started: () => void = () => undefined
  const running = new Promise<void>((r) => {
    started = r
  })
  const queue = createBuildQueue({
    store,
    node: {
      build: (job, { signal }) => {
        jobs.push(job)
        started()
        return new Promise<BuildResult>((resolve, reject) => {
          finish = resolve
          signal.addEventListener('abort', () => reject(signal.reason as Error))
        })
      },
      removeBuildContainers: async () => 0,
    },
    uploads: { has: async () => true },
    lookup: async () => ({ missing: 'unused' }) as never,
    maxConcurrentBuilds: 2,
    log,
    lease,
  })
  onTestFinished(() => queue.close())
  await store.requestBuild({
    newTemplateId: 't1',
    alias: 'app',
    buildId: 'b1',
    cpuCount: 1,
    memoryMB: 512,
    minFreeDiskMb: 2048,
    tags: [],
  })
  return { store, queue, touched, running, jobs, finish: (r: BuildResult) => finish(r) }
}

describe('a build’s disk', () => {
  it('hands the request’s minFreeDiskMb to the node and records the measured diskSizeMB', async () => {
    const { store, queue, running, jobs, finish } = await setup(undefined)
    expect(await store.build('b1')).toMatchObject({ minFreeDiskMb: 2048, diskSizeMB: 0 })
    await queue.start('t1', 'b1', { fromImage: 'debian:bookworm-slim' })
    await running
    expect(jobs[0]?.minFreeDiskMb).toBe(2048)
    finish(result)
    await vi.waitFor(async () => expect(await store.build('b1')).toMatchObject({ status: 'ready', diskSizeMB: 61_440 }))
  })
})

describe('build queue lease', () => {
  it('renews a running build every renewMs, and stops once it finished', async () => {
    const { store, queue, touched, running, finish } = await setup({ renewMs: RENEW_MS })
    vi.advanceTimersByTime(RENEW_MS)
    expect(touched).toEqual([]) // nothing runs yet: nothing to renew
    await queue.start('t1', 'b1', { fromImage: 'debian:bookworm-slim' })
    await running
    vi.advanceTimersByTime(RENEW_MS - 1)
    expect(touched).toEqual([])
    vi.advanceTimersByTime(1)
    expect(touched).toEqual([['b1']])
    vi.advanceTimersByTime(RENEW_MS)
    expect(touched).toEqual([['b1'], ['b1']])
    finish(result)
    await vi.waitFor(async () => expect((await store.build('b1'))?.status).toBe('ready'))
    vi.advanceTimersByTime(RENEW_MS * 3)
    expect(touched).toHaveLength(2)
  })

  it('closing the queue stops the renewals and fails its builds as cancelled', async () => {
    const { store, queue, touched, running } = await setup({ renewMs: RENEW_MS })
    await queue.start('t1', 'b1', { fromImage: 'debian:bookworm-slim' })
    await running
    await queue.close()
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(RENEW_MS * 2)
    expect(touched).toEqual([])
    expect(await store.build('b1')).toMatchObject({
      status: 'error',
      reason: { message: 'build cancelled: the server is shutting down' },
    })
  })

  it('without a lease (sandock serve) runs no timer at all', async () => {
    const { queue, touched, running } = await setup(undefined)
    await queue.start('t1', 'b1', { fromImage: 'debian:bookworm-slim' })
    await running
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(RENEW_MS * 2)
    expect(touched).toEqual([])
  })
})
