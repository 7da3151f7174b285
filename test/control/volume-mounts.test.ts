// Volumes mounted into sandboxes, through the official SDK on real Docker (and under gVisor in
// CI's runsc pass): two sandboxes share one volume, `user` writes to it, the content API sees the
// same data; the data outlives every sandbox, both kinds of pause and a server restart; a snapshot
// holds no volume data while a fork mounts the same volume; deleting a mounted volume empties the
// sandbox's mount and its Docker volume goes once the sandbox does; killing never deletes a volume.
// The restart uses its own server (API port + 70, proxy port + 70).
import { afterAll, describe, expect, it } from 'vitest'
import { CommandExitError, Sandbox, Volume, VolumeNotFoundError } from 'e2b'
import { rejection, unique } from '../support/async.js'
import { createSandbox, killQuietly, printServerLogsOnFailure, restartableServer } from '../support/control-sdk.js'
import { sdkOpts, sharedServer, trackSandbox, type ServerInfo } from '../support/control-server.js'
import { docker } from '../support/docker.js'
import { pointVolumeApiAt, useVolumeApi } from '../support/volume-api.js'

const sandboxes: string[] = []
const volumes: string[] = []
useVolumeApi()
afterAll(async () => {
  for (const id of sandboxes) await killQuietly(id)
  for (const id of volumes) await Volume.destroy(id, sdkOpts()).catch(() => undefined)
})

async function newVolume(server: ServerInfo = sharedServer()): Promise<Volume> {
  const v = await Volume.create(unique('mnt-'), sdkOpts(server))
  if (server === sharedServer()) volumes.push(v.volumeId)
  return v
}
async function withVolume(
  v: Volume | string,
  path = '/mnt/data',
  server: ServerInfo = sharedServer(),
): Promise<Sandbox> {
  const sbx = await createSandbox({ volumeMounts: { [path]: v } }, server)
  if (server === sharedServer()) sandboxes.push(sbx.sandboxId)
  return sbx
}
const dockerVolumeExists = async (volumeId: string) =>
  (await docker('volume', 'ls', '-q')).split('\n').includes(`sandock-vol-${volumeId}`)
const exitCodeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: unknown) => (e instanceof CommandExitError ? e.exitCode : Promise.reject(e)),
  )

describe('volumes mounted into sandboxes', () => {
  printServerLogsOnFailure()

  it('are shared by two sandboxes, writable by `user`, seen by the content API, and outlive both', async () => {
    const v = await newVolume()
    const writer = await withVolume(v)
    const reader = await withVolume(v.name, '/data')
    await writer.files.write('/mnt/data/hello.txt', 'written by the writer\n')
    expect(await reader.files.read('/data/hello.txt')).toBe('written by the writer\n')
    expect((await reader.commands.run('whoami && echo more >> /data/hello.txt && cat /data/hello.txt')).stdout).toBe(
      'user\nwritten by the writer\nmore\n',
    )
    // The content API sees the same data, owned by the sandbox's user.
    expect(await v.readFile('/hello.txt')).toBe('written by the writer\nmore\n')
    expect(await v.getInfo('/hello.txt')).toMatchObject({ uid: 1000, gid: 1000 })
    await v.writeFile('/from-api.txt', 'from the API')
    expect(await writer.files.read('/mnt/data/from-api.txt')).toBe('from the API')
    expect((await writer.commands.run('echo changed > /mnt/data/from-api.txt')).exitCode).toBe(0)

    // Shown as [{name, path}] in getInfo and both lists.
    expect((await writer.getInfo()).volumeMounts).toEqual([{ name: v.name, path: '/mnt/data' }])
    const listed = await Sandbox.list({ ...sdkOpts(), query: { state: ['running'] } }).nextItems()
    expect(listed.find((s) => s.sandboxId === reader.sandboxId)?.volumeMounts).toEqual([
      { name: v.name, path: '/data' },
    ])

    await writer.kill()
    await reader.kill()
    expect(await dockerVolumeExists(v.volumeId)).toBe(true)
    expect(await v.readFile('/from-api.txt')).toBe('changed\n')
    const third = await withVolume(v)
    expect(await third.files.read('/mnt/data/hello.txt')).toBe('written by the writer\nmore\n')
  })

  it('refuse bad mounts with one 400 listing each', async () => {
    const v = await newVolume()
    const err = await rejection(
      Sandbox.create('base', { ...sdkOpts(), volumeMounts: { relative: v, '/ok': 'no-such-volume' } }),
    )
    expect(err.message).toBe(
      `400: invalid mounts:\n\t- volume mount #0: path must be absolute\n\t- volume mount #1: volume 'no-such-volume' not found`,
    )
  })

  it('keep their data across a memory pause and a filesystem-only pause', async () => {
    const v = await newVolume()
    const sbx = await withVolume(v)
    await sbx.files.write('/mnt/data/before.txt', 'before')
    expect(await sbx.pause()).toBe(true)
    await v.writeFile('/while-paused.txt', 'while paused')
    const resumed = await Sandbox.connect(sbx.sandboxId, sdkOpts())
    expect(await resumed.files.read('/mnt/data/while-paused.txt')).toBe('while paused')
    expect(await resumed.pause({ keepMemory: false })).toBe(true)
    const rebooted = await Sandbox.connect(sbx.sandboxId, sdkOpts())
    expect(await rebooted.files.read('/mnt/data/before.txt')).toBe('before')
    expect((await rebooted.getInfo()).volumeMounts).toEqual([{ name: v.name, path: '/mnt/data' }])
  })

  it('are not copied into a snapshot, and a fork mounts the same volume', async () => {
    const v = await newVolume()
    const src = await withVolume(v)
    await src.files.write('/mnt/data/shared.txt', 'volume data')
    await src.files.write('/home/user/own.txt', 'sandbox data')
    const snap = await src.createSnapshot()
    try {
      const restored = await Sandbox.create(snap.snapshotId, sdkOpts())
      trackSandbox(sharedServer(), restored.sandboxId)
      sandboxes.push(restored.sandboxId)
      expect(await restored.files.read('/home/user/own.txt')).toBe('sandbox data')
      expect(await restored.files.exists('/mnt/data/shared.txt')).toBe(false)
      expect((await restored.getInfo()).volumeMounts).toEqual([])
    } finally {
      await Sandbox.deleteSnapshot(snap.snapshotId, sdkOpts()).catch(() => undefined)
    }
    const [fork] = await src.fork({ count: 1 })
    expect(fork).toBeInstanceOf(Sandbox)
    const forked = fork as Sandbox
    trackSandbox(sharedServer(), forked.sandboxId)
    sandboxes.push(forked.sandboxId)
    expect((await forked.getInfo()).volumeMounts).toEqual([{ name: v.name, path: '/mnt/data' }])
    await forked.files.write('/mnt/data/from-fork.txt', 'fork wrote')
    expect(await src.files.read('/mnt/data/from-fork.txt')).toBe('fork wrote')
  })

  it('may be deleted while mounted: the mount is emptied at once, and the Docker volume goes with the sandbox', async () => {
    const v = await newVolume()
    const sbx = await withVolume(v)
    await sbx.files.write('/mnt/data/doomed.txt', 'x')
    expect(await Volume.destroy(v.volumeId, sdkOpts())).toBe(true)
    await expect(Volume.getInfo(v.volumeId, sdkOpts())).rejects.toThrow(VolumeNotFoundError)
    await expect
      .poll(async () => (await sbx.files.list('/mnt/data')).length, {
        timeout: 10_000,
        interval: 100,
        message: 'the mount to be emptied',
      })
      .toBe(0)
    expect(await exitCodeOf(sbx.commands.run('echo new > /mnt/data/new.txt'))).not.toBe(0)
    // The sandbox itself carries on; the name is free again, for a new, empty volume.
    expect((await sbx.commands.run('echo alive')).stdout).toBe('alive\n')
    const again = await Volume.create(v.name, sdkOpts())
    volumes.push(again.volumeId)
    expect(await again.list('/')).toEqual([])
    expect(await dockerVolumeExists(v.volumeId)).toBe(true)
    await sbx.kill()
    await expect
      .poll(() => dockerVolumeExists(v.volumeId), {
        timeout: 20_000,
        interval: 100,
        message: "the deleted volume's Docker volume to go",
      })
      .toBe(false)
  })
})

describe('volumes across a server restart', () => {
  const servers = restartableServer(70)

  it('keeps volumes, their data and the mounts of running sandboxes', async () => {
    const first = await servers.start()
    pointVolumeApiAt(first)
    try {
      const v = await newVolume(first)
      const sbx = await withVolume(v, '/mnt/data', first)
      await sbx.files.write('/mnt/data/kept.txt', 'kept')
      const second = await servers.restart('SIGKILL')
      pointVolumeApiAt(second)
      expect(await Volume.list(sdkOpts(second))).toEqual([{ volumeId: v.volumeId, name: v.name }])
      const info = await Sandbox.getInfo(sbx.sandboxId, sdkOpts(second))
      expect(info.volumeMounts).toEqual([{ name: v.name, path: '/mnt/data' }])
      expect(await sbx.files.read('/mnt/data/kept.txt')).toBe('kept')
      const fresh = await Volume.connect(v.volumeId, sdkOpts(second))
      expect(await fresh.readFile('/kept.txt')).toBe('kept')
      await sbx.kill()
    } finally {
      pointVolumeApiAt(sharedServer())
    }
  })
})
