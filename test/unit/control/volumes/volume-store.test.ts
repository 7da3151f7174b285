// The volume store over a fake Docker: names and ids with upstream's errors, data directories
// owned for `user`, deletion while mounted (data gone at once, Docker volume when unused), restarts.
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createLogger } from '../../../../src/shared/logging.js'
import { createVolumeStore } from '../../../../src/control/volumes/volume-store.js'
import type { ContainerSpec } from '../../../../src/node/runtime/types.js'
import { dockerVolumeName } from '../../../../src/node/runtime/volumes.js'
import { FakeRuntime } from '../../../support/fake-runtime.js'

async function store(runtime = new FakeRuntime(), dir?: string) {
  const volumesDir = dir ?? (await mkdtemp(join(tmpdir(), 'volumes-')))
  const s = createVolumeStore({ runtime, volumesDir, log: createLogger({ level: 'silent', name: 'unit' }) })
  await s.recover()
  onTestFinished(async () => {
    s.close()
    if (!dir) await rm(volumesDir, { recursive: true, force: true })
  })
  return { s, runtime, volumesDir }
}
const failure = (p: Promise<unknown> | (() => unknown)) =>
  Promise.resolve()
    .then(typeof p === 'function' ? p : () => p)
    .then(
      () => 'ok',
      (e: Error & { kind: string }) => `${e.kind}: ${e.message}`,
    )

describe('volume store', () => {
  it('creates a Docker volume bound to a data directory the sandbox user owns', async () => {
    const { s, runtime, volumesDir } = await store()
    const v = await s.create('my-vol_1')
    expect(v.volumeId).toMatch(/^[0-9a-f-]{36}$/)
    expect(runtime.volumes.get(v.volumeId)).toMatchObject({ name: 'my-vol_1', hostDir: join(volumesDir, v.volumeId) })
    const st = await stat(join(volumesDir, v.volumeId))
    expect(st.mode & 0o777).toBe(0o755)
    if (process.getuid?.() === 0) expect([st.uid, st.gid]).toEqual([1000, 1000])
    expect(s.get(v.volumeId)).toEqual(v)
    expect(s.get(v.volumeId.toUpperCase())).toEqual(v)
    expect(s.byName('my-vol_1')).toEqual(v)
    expect(s.list()).toEqual([v])
  })

  it("answers upstream's errors word for word", async () => {
    const { s } = await store()
    await s.create('taken')
    expect(await failure(s.create('taken'))).toBe("invalid_argument: Volume with name 'taken' already exists")
    for (const bad of ['', 'has space', 'dot.ted', 'a/b', 'x'.repeat(129)])
      expect(await failure(s.create(bad))).toBe('invalid_argument: Invalid volume name')
    expect(await failure(() => s.get('not-a-uuid'))).toBe('invalid_argument: Invalid volume ID')
    expect(await failure(() => s.get('0b2e3c3e-0000-4000-8000-000000000000'))).toBe('not_found: Volume not found')
    expect(await failure(s.remove('0b2e3c3e-0000-4000-8000-000000000000'))).toBe('not_found: Volume not found')
  })

  it("keeps a volume's data when a sweep runs while the volume is being created", async () => {
    // A delete's background sweep lists the Docker volumes: one made a moment ago, whose create
    // has not returned yet, is not a deleted volume and keeps its data directory.
    let created!: () => void
    const inCreate = new Promise<void>((r) => (created = r))
    let finish!: () => void
    const gate = new Promise<void>((r) => (finish = r))
    class SlowCreate extends FakeRuntime {
      override async createVolume(...args: Parameters<FakeRuntime['createVolume']>) {
        await super.createVolume(...args)
        created()
        await gate
      }
    }
    const { s, runtime, volumesDir } = await store(new SlowCreate())
    const creating = s.create('racy')
    await inCreate
    await s.sweep()
    finish()
    const v = await creating
    expect(runtime.volumes.has(v.volumeId)).toBe(true)
    expect((await stat(join(volumesDir, v.volumeId))).isDirectory()).toBe(true)
    const entry = await s.content(v.volumeId).write('/hello.txt', Readable.from(['hi']), { force: false })
    expect(entry).toMatchObject({ name: 'hello.txt', type: 'file' })
  })

  it('takes each name once under concurrent creates', async () => {
    const { s } = await store()
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => s.create('race')))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(s.list()).toHaveLength(1)
  })

  it('deletes at once while mounted: data gone, name free, Docker volume removed once unused', async () => {
    const { s, runtime, volumesDir } = await store()
    const v = await s.create('mounted')
    await writeFile(join(volumesDir, v.volumeId, 'data.txt'), 'x')
    // A container (any state) that mounts it: Docker refuses to remove the volume.
    const user = runtime.plant({
      spec: undefined,
      state: 'stopped',
      started: { volumes: [{ name: dockerVolumeName(v.volumeId), target: '/mnt' }] } as unknown as ContainerSpec,
    })
    await s.remove(v.volumeId)
    expect(await failure(() => s.get(v.volumeId))).toBe('not_found: Volume not found')
    expect(await failure(() => s.content(v.volumeId))).toBe('not_found: Volume not found')
    expect(await readdir(join(volumesDir, v.volumeId))).toEqual([])
    await expect.poll(() => readdir(join(volumesDir, '.trash'))).toEqual([])
    expect(runtime.volumes.has(v.volumeId)).toBe(true)
    // A new volume may take the name; its data is new.
    const again = await s.create('mounted')
    expect(await readdir(join(volumesDir, again.volumeId))).toEqual([])
    runtime.containers.delete(user.containerId)
    await s.sweep()
    expect(runtime.volumes.has(v.volumeId)).toBe(false)
    await expect(stat(join(volumesDir, v.volumeId))).rejects.toThrow()
    expect(runtime.volumes.has(again.volumeId)).toBe(true)
  })

  it('comes back after a restart; one deleted while in use stays deleted, and its Docker volume goes once unused', async () => {
    const runtime = new FakeRuntime()
    const volumesDir = await mkdtemp(join(tmpdir(), 'volumes-'))
    onTestFinished(() => rm(volumesDir, { recursive: true, force: true }))
    const first = await store(runtime, volumesDir)
    const kept = await first.s.create('kept')
    const lost = await first.s.create('lost')
    const user = runtime.plant({
      spec: undefined,
      state: 'stopped',
      started: { volumes: [{ name: dockerVolumeName(lost.volumeId), target: '/mnt' }] } as unknown as ContainerSpec,
    })
    await first.s.remove(lost.volumeId)
    // A stopped sandbox that mounts it can boot again: an empty, read-only placeholder is there.
    const placeholder = await stat(join(volumesDir, lost.volumeId))
    expect([placeholder.isDirectory(), placeholder.mode & 0o777]).toEqual([true, 0o555])
    first.s.close()
    const second = await store(runtime, volumesDir)
    expect(second.s.list()).toEqual([kept])
    expect(runtime.volumes.has(lost.volumeId)).toBe(true)
    runtime.containers.delete(user.containerId)
    await second.s.sweep()
    expect(runtime.volumes.has(lost.volumeId)).toBe(false)
    await expect(stat(join(volumesDir, lost.volumeId))).rejects.toThrow()
    expect(await readdir(join(volumesDir, '.deleted'))).toEqual([])
    // Data removed by hand: the volume stays, empty.
    await rm(join(volumesDir, kept.volumeId), { recursive: true })
    second.s.close()
    const third = await store(runtime, volumesDir)
    expect(third.s.list()).toEqual([kept])
    expect(await readdir(join(volumesDir, kept.volumeId))).toEqual([])
  })
})
