// volumeMounts on fakes: upstream's validation (one 400 listing every bad mount, in its words),
// the mounts in the container spec (Docker volumes, no copy-up), never from the warm pool, kept
// across a restart (labels), forks mounting the same volumes, and removals reported to the store.
import { describe, expect, it } from 'vitest'
import { resolveVolumeMounts } from '../../../../src/node/sandboxes/volume-mounts.js'
import { rejection } from '../../../support/async.js'
import { fakeControl } from '../../../support/fake-control.js'
import { sandboxFixture } from '../../../support/sandbox-fixture.js'

const ids = new Map([
  ['vol1', 'id-1'],
  ['vol2', 'id-2'],
  ['vol3', 'id-3'],
])
const lookup = { idOf: (n: string) => ids.get(n) }

describe('resolveVolumeMounts', () => {
  it('resolves names to ids; the same volume may be mounted twice', () => {
    expect(
      resolveVolumeMounts(
        [
          { name: 'vol1', path: '/data' },
          { name: 'vol1', path: '/again' },
        ],
        lookup,
      ),
    ).toEqual([
      { name: 'vol1', path: '/data', volumeId: 'id-1' },
      { name: 'vol1', path: '/again', volumeId: 'id-1' },
    ])
  })

  it.each([
    [[{ name: 'vol1', path: '' }], '\n\t- volume mount #0: path cannot be empty'],
    [[{ name: 'vol1', path: 'relative/path' }], '\n\t- volume mount #0: path must be absolute'],
    [
      [{ name: 'vol1', path: '/path/./to/somewhere' }],
      "\n\t- volume mount #0: path must not contain any '.' or '..' components",
    ],
    [[{ name: 'vol1', path: '/a/../b' }], "\n\t- volume mount #0: path must not contain any '.' or '..' components"],
    [[{ name: 'vol1', path: '/a/' }], "\n\t- volume mount #0: path must not contain any '.' or '..' components"],
    [
      [
        { name: 'vol1', path: '/path' },
        { name: 'vol2', path: '/path' },
      ],
      "\n\t- volume mount #1: path '/path' is already used",
    ],
    [[{ name: 'vol1', path: '/proc/x' }], "\n\t- volume mount #0: path '/proc/x' is reserved"],
    [[{ name: 'vol1', path: '/opt/sandock' }], "\n\t- volume mount #0: path '/opt/sandock' is reserved"],
    [
      [
        { name: 'missing', path: '/path1' },
        { name: 'vol1', path: 'relative' },
        { name: 'vol2', path: '/path2' },
        { name: 'vol3', path: '/path2' },
      ],
      "\n\t- volume mount #0: volume 'missing' not found\n\t- volume mount #1: path must be absolute\n\t- volume mount #3: path '/path2' is already used",
    ],
  ])('%j', (mounts, listed) => {
    expect(() => resolveVolumeMounts(mounts, lookup)).toThrow(`invalid mounts:${listed}`)
    const err = (() => {
      try {
        resolveVolumeMounts(mounts, lookup)
      } catch (e) {
        return e as Error & { kind: string }
      }
    })()!
    expect([err.kind, err.message]).toEqual(['invalid_argument', `invalid mounts:${listed}`])
  })
})

describe('sandboxes with volumes', () => {
  it("mount the volumes' Docker volumes without copy-up, cold-start past the pool, and keep their mounts across a restart", async () => {
    const f = await sandboxFixture({
      settings: { pools: { base: { min: 1, max: 1 } } },
      volumes: new Map([['data', 'vid-1']]),
    })
    f.service.startPool()
    await expect
      .poll(() => f.service.poolStatus().base?.ready, { timeout: 3000, interval: 5, message: 'a pool container' })
      .toBe(1)
    const r = await f.create({
      volumeMounts: [
        { name: 'data', path: '/mnt/data' },
        { name: 'data', path: '/mnt/two' },
      ],
    })
    expect(r.pooled).toBe(false)
    expect(f.service.poolStatus().base?.ready).toBe(1)
    expect(r.volumeMounts).toEqual([
      { name: 'data', path: '/mnt/data', volumeId: 'vid-1' },
      { name: 'data', path: '/mnt/two', volumeId: 'vid-1' },
    ])
    const started = f.runtime.containers.get(r.containerId)!.started!
    expect(started.volumes).toEqual([
      { name: 'sandock-vol-vid-1', target: '/mnt/data', noCopy: true },
      { name: 'sandock-vol-vid-1', target: '/mnt/two', noCopy: true },
    ])
    expect((await rejection(f.create({ volumeMounts: [{ name: 'nope', path: '/x' }] }))).message).toBe(
      "invalid mounts:\n\t- volume mount #0: volume 'nope' not found",
    )
    const again = await f.restart()
    expect(again.service.get(r.sandboxId).volumeMounts).toEqual(r.volumeMounts)
    const before = again.released.length
    await again.service.kill(r.sandboxId)
    expect(again.released.length).toBe(before + 1)
  })

  it('ask a remote store to load the names first (a cluster node), and fail the create when it cannot', async () => {
    const remote = new Map([['data', 'vid-9']])
    const asked: string[][] = []
    let down = false
    const f = await sandboxFixture({
      prepareVolumes: async (names) => {
        asked.push([...names])
        if (down) throw new Error('the database is down')
        for (const n of names) {
          const id = remote.get(n)
          if (id) f.volumes.set(n, id)
          else f.volumes.delete(n)
        }
      },
    })
    // Nothing known before the create: prepare() loads it, then the check finds it.
    expect(f.volumes.size).toBe(0)
    const r = await f.create({
      volumeMounts: [
        { name: 'data', path: '/mnt/data' },
        { name: 'data', path: '/mnt/two' },
      ],
    })
    expect(asked).toEqual([['data', 'data']])
    expect(r.volumeMounts.map((m) => m.volumeId)).toEqual(['vid-9', 'vid-9'])
    // A create without mounts never asks.
    await f.create({})
    expect(asked).toHaveLength(1)
    // Deleted elsewhere: the next create's prepare forgets it, and the check answers one host's 400.
    remote.delete('data')
    expect((await rejection(f.create({ volumeMounts: [{ name: 'data', path: '/x' }] }))).message).toBe(
      "invalid mounts:\n\t- volume mount #0: volume 'data' not found",
    )
    // The store unreachable: the create fails with its error, and no container is made.
    down = true
    const containers = f.runtime.containers.size
    expect((await rejection(f.create({ volumeMounts: [{ name: 'data', path: '/x' }] }))).message).toBe(
      'the database is down',
    )
    expect(f.runtime.containers.size).toBe(containers)
  })

  it("fork with the source's volumes, by name", async () => {
    const f = await sandboxFixture({ volumes: new Map([['data', 'vid-1']]) })
    const src = await f.create({ volumeMounts: [{ name: 'data', path: '/mnt/data' }] })
    const [item] = await f.service.fork(src.sandboxId, { timeoutS: 60, count: 1 })
    expect('record' in item! && item.record.volumeMounts).toEqual([
      { name: 'data', path: '/mnt/data', volumeId: 'vid-1' },
    ])
    f.volumes.delete('data')
    const [gone] = await f.service.fork(src.sandboxId, { timeoutS: 60, count: 1 })
    expect('error' in gone! && gone.error.message).toBe("invalid mounts:\n\t- volume mount #0: volume 'data' not found")
  })
})

describe('volumeMounts through the API', () => {
  it('are echoed as [{name, path}] in the detail and both lists, [] without volumes', async () => {
    const c = await fakeControl()
    const vol = await c.api('POST', '/volumes', { json: { name: 'shared' } })
    expect(vol.status).toBe(201)
    const created = await c.api('POST', '/v2/sandboxes', {
      json: { templateID: 'base', volumeMounts: [{ name: 'shared', path: '/mnt/shared' }] },
    })
    expect(created.status).toBe(201)
    const id = (created.body as { sandboxID: string }).sandboxID
    const plain = (await c.api('POST', '/v2/sandboxes', { json: { templateID: 'base' } })).body as { sandboxID: string }
    expect((await c.api('GET', `/sandboxes/${id}`)).body).toMatchObject({
      volumeMounts: [{ name: 'shared', path: '/mnt/shared' }],
    })
    expect((await c.api('GET', `/sandboxes/${plain.sandboxID}`)).body).toMatchObject({ volumeMounts: [] })
    for (const list of ['/v2/sandboxes', '/sandboxes']) {
      const listed = (await c.api('GET', list)).body as unknown as { sandboxID: string; volumeMounts: unknown }[]
      expect(listed.find((s) => s.sandboxID === id)?.volumeMounts).toEqual([{ name: 'shared', path: '/mnt/shared' }])
    }
    const bad = await c.api('POST', '/v2/sandboxes', {
      json: {
        templateID: 'base',
        volumeMounts: [
          { name: 'nope', path: 'rel' },
          { name: 'shared', path: '/a/./b' },
        ],
      },
    })
    expect(bad.body).toEqual({
      code: 400,
      message:
        "invalid mounts:\n\t- volume mount #0: volume 'nope' not found\n\t- volume mount #1: path must not contain any '.' or '..' components",
    })
  })
})
