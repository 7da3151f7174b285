// Volumes through the official SDK against a real `sandock serve`, with no sandbox: create, list,
// get (a fresh token each time), destroy; a Docker named volume per volume, labelled as ours and
// bound to its data directory; the content API in every format the SDK offers, force and 409s,
// uid/gid/mode echo, recursive removal, 404 → VolumePathNotFoundError, bad ids → VolumeError.
import { afterAll, describe, expect, it } from 'vitest'
import { AuthenticationError, Volume, VolumeError, VolumeNotFoundError, VolumePathNotFoundError } from 'e2b'
import { docker } from '../support/docker.js'
import { useVolumeApi } from '../support/volume-api.js'
import { sdkOpts, sharedServer } from '../support/control-server.js'
import { rejection as rejectionOf, unique } from '../support/async.js'
import { printServerLogsOnFailure } from '../support/control-sdk.js'

const volumes: string[] = []
useVolumeApi()
afterAll(async () => {
  for (const id of volumes) await Volume.destroy(id, sdkOpts()).catch(() => undefined)
})

async function newVolume(prefix = 'vol-'): Promise<Volume> {
  const v = await Volume.create(unique(prefix), sdkOpts())
  volumes.push(v.volumeId)
  return v
}

type DockerVolume = { Name: string; Driver: string; Labels: Record<string, string>; Options: Record<string, string> }
const inspectVolume = async (volumeId: string) =>
  (JSON.parse(await docker('volume', 'inspect', `sandock-vol-${volumeId}`)) as DockerVolume[])[0]!

describe('Volume (SDK) control plane', () => {
  printServerLogsOnFailure()

  it('creates, lists, gets with a fresh token, and destroys; Docker shows a labelled named volume until then', async () => {
    const name = unique('crud-')
    const v = await Volume.create(name, sdkOpts())
    volumes.push(v.volumeId)
    expect(v.volumeId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(v.name).toBe(name)
    const dv = await inspectVolume(v.volumeId)
    expect(dv).toMatchObject({
      Driver: 'local',
      Labels: { 'sandock.managed-by': 'sandock', 'sandock.volume-id': v.volumeId, 'sandock.volume-name': name },
    })
    expect(dv.Options).toMatchObject({ type: 'none', o: 'bind', device: expect.stringContaining(v.volumeId) })
    expect((await docker('volume', 'ls', '-q')).split('\n')).toContain(`sandock-vol-${v.volumeId}`)

    expect((await Volume.list(sdkOpts())).filter((i) => i.volumeId === v.volumeId)).toEqual([
      { volumeId: v.volumeId, name },
    ])
    const a = await Volume.getInfo(v.volumeId, sdkOpts())
    const b = await Volume.getInfo(v.volumeId, sdkOpts())
    expect(a).toMatchObject({ volumeId: v.volumeId, name })
    expect(new Set([v.token, a.token, b.token]).size).toBe(3)
    const connected = await Volume.connect(v.volumeId, sdkOpts())
    await connected.writeFile('/via-connect.txt', 'ok')
    expect(await v.readFile('/via-connect.txt')).toBe('ok')

    expect(await Volume.destroy(v.volumeId, sdkOpts())).toBe(true)
    expect(await Volume.destroy(v.volumeId, sdkOpts())).toBe(false)
    await expect(Volume.getInfo(v.volumeId, sdkOpts())).rejects.toThrow(VolumeNotFoundError)
    await expect
      .poll(async () => (await docker('volume', 'ls', '-q')).split('\n').includes(`sandock-vol-${v.volumeId}`), {
        timeout: 10_000,
      })
      .toBe(false)
  })

  it('keeps a new volume usable while the previous one is destroyed (create, write, destroy, in a row)', async () => {
    // A destroy sweeps deleted volumes in the background; one created meanwhile must keep its
    // data (E2B's volume suite: a fresh volume's first write answered "Path … not found").
    const failures: string[] = []
    for (let i = 0; i < 16; i++) {
      const v = await Volume.create(unique('churn-'), sdkOpts())
      try {
        await v.writeFile('/hello.txt', `round ${i}`)
        expect(await v.readFile('/hello.txt', { format: 'text' })).toBe(`round ${i}`)
      } catch (e) {
        failures.push(`${i}: ${(e as Error).message}`)
      } finally {
        await Volume.destroy(v.volumeId, sdkOpts())
      }
    }
    expect(failures).toEqual([])
  })

  it("answers upstream's errors: duplicate and bad names, bad ids as VolumeError", async () => {
    const v = await newVolume('dup-')
    expect((await rejectionOf(Volume.create(v.name, sdkOpts()))).message).toBe(
      `400: Volume with name '${v.name}' already exists`,
    )
    const bad = await rejectionOf(Volume.create('no spaces!', sdkOpts()))
    expect([bad instanceof VolumeError, bad.message]).toEqual([true, '400: Invalid volume name'])
    const badId = await rejectionOf(Volume.getInfo('not-a-uuid', sdkOpts()))
    expect(badId).toBeInstanceOf(VolumeError)
    expect(badId).not.toBeInstanceOf(VolumeNotFoundError)
    expect(badId.message).toBe('400: Invalid volume ID')
  })
})

describe('Volume (SDK) content API, without any sandbox', () => {
  printServerLogsOnFailure()

  it('writes and reads text, bytes, blobs, streams and empty files', async () => {
    const v = await newVolume()
    await v.writeFile('/test.txt', 'Hello, World!')
    expect(await v.readFile('/test.txt', { format: 'text' })).toBe('Hello, World!')
    expect(await v.readFile('/test.txt')).toBe('Hello, World!')
    const bytes = new TextEncoder().encode('Test bytes content')
    await v.writeFile('/bytes.bin', bytes.buffer as ArrayBuffer)
    expect(await v.readFile('/bytes.bin', { format: 'bytes' })).toEqual(bytes)
    await v.writeFile('/blob.txt', new Blob(['Test blob content'], { type: 'text/plain' }))
    expect(await (await v.readFile('/blob.txt', { format: 'blob' })).text()).toBe('Test blob content')
    // A ReadableStream is uploaded streamed (duplex: 'half', no Content-Length).
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 'z')
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < big.length; i += 256 * 1024) c.enqueue(big.subarray(i, i + 256 * 1024))
        c.close()
      },
    })
    expect(await v.writeFile('/streamed.bin', stream)).toMatchObject({ size: big.length })
    const chunks: Uint8Array[] = []
    const reader = (await v.readFile('/streamed.bin', { format: 'stream' })).getReader()
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value)
    expect(Buffer.concat(chunks).equals(big)).toBe(true)
    await v.writeFile('/empty.txt', '')
    expect(await v.readFile('/empty.txt', { format: 'text' })).toBe('')
    expect((await v.getInfo('/empty.txt')).size).toBe(0)
  })

  it('refuses to overwrite without force (409) and overwrites with it', async () => {
    const v = await newVolume()
    await v.writeFile('/overwrite.txt', 'Initial content')
    const err = await rejectionOf(v.writeFile('/overwrite.txt', 'second'))
    expect(err).toBeInstanceOf(VolumeError)
    expect(err.message).toMatch(/^409: /)
    expect(await v.readFile('/overwrite.txt')).toBe('Initial content')
    await v.writeFile('/overwrite.txt', 'New content', { force: true })
    expect(await v.readFile('/overwrite.txt')).toBe('New content')
    await v.makeDir('/a-dir')
    expect((await rejectionOf(v.makeDir('/a-dir'))).message).toMatch(/^409: /)
    expect(await v.makeDir('/a-dir', { force: true })).toMatchObject({ type: 'directory', path: '/a-dir' })
  })

  it('echoes the uid, gid and mode asked for, and updates them', async () => {
    const v = await newVolume()
    const file = await v.writeFile('/metadata.txt', 'x', { uid: 1000, gid: 1000, mode: 0o644 })
    expect(file).toMatchObject({ type: 'file', uid: 1000, gid: 1000, mode: 0o644 })
    const info = await v.getInfo('/metadata.txt')
    expect(info).toMatchObject({
      name: 'metadata.txt',
      type: 'file',
      path: '/metadata.txt',
      uid: 1000,
      gid: 1000,
      mode: 0o644,
    })
    expect(info.mtime).toBeInstanceOf(Date)
    expect(await v.makeDir('/dir-with-metadata', { uid: 1234, gid: 2345, mode: 0o750 })).toMatchObject({
      uid: 1234,
      gid: 2345,
      mode: 0o750,
    })
    expect(await v.updateMetadata('/metadata.txt', { uid: 1001, gid: 1001, mode: 0o755 })).toMatchObject({
      path: '/metadata.txt',
      type: 'file',
      uid: 1001,
      gid: 1001,
      mode: 0o755,
    })
    await expect(v.updateMetadata('/non-existent.txt', { mode: 0o644 })).rejects.toThrow(VolumePathNotFoundError)
  })

  it('makes nested directories with force, lists with depth, removes recursively; 404 → VolumePathNotFoundError', async () => {
    const v = await newVolume()
    await expect(v.makeDir('/nested/deep/path')).rejects.toThrow(VolumePathNotFoundError)
    await v.makeDir('/nested/deep/path', { force: true })
    await v.writeFile('/nested/deep/path/file.txt', 'Nested file content')
    await v.writeFile('/file1.txt', 'Content 1')
    expect((await v.list('/')).map((e) => e.name).sort()).toEqual(['file1.txt', 'nested'])
    expect((await v.list('/nested', { depth: 3 })).map((e) => e.path)).toEqual([
      '/nested/deep',
      '/nested/deep/path',
      '/nested/deep/path/file.txt',
    ])
    await expect(v.list('/non-existent')).rejects.toThrow(VolumePathNotFoundError)
    await expect(v.readFile('/non-existent.txt')).rejects.toThrow(VolumePathNotFoundError)
    expect(await v.exists('/non-existent.txt')).toBe(false)
    await v.remove('/nested', { recursive: true } as never)
    expect(await v.exists('/nested')).toBe(false)
    await expect(v.remove('/nested')).rejects.toThrow(VolumePathNotFoundError)
    await v.remove('/file1.txt')
    expect(await v.list('/')).toEqual([])
    // The volume root itself cannot be removed.
    expect((await rejectionOf(v.remove('/'))).message).toMatch(/^400: /)
  })

  it("needs the volume's own token: another volume's is refused", async () => {
    const a = await newVolume()
    const b = await newVolume()
    const forged = new Volume(a.volumeId, a.name, b.token)
    await expect(forged.list('/')).rejects.toThrow(AuthenticationError)
    const res = await fetch(`${sharedServer().apiUrl}/volumecontent/${a.volumeId}/dir?path=/`, {
      headers: { 'x-api-key': sharedServer().apiKey },
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: 'unauthenticated', message: expect.any(String) })
  })
})
