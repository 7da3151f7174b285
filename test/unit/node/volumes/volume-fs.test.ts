// The content API's file operations on a real temp directory: shapes, ownership and modes, force
// and exclusivity, atomic uploads, recursive removal, and no way out of the volume through
// symlinks a sandbox may plant (absolute, relative, `..`, in the middle or at the end of a path).
import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createVolumeFs, pathComponents, removeTree } from '../../../../src/node/volumes/volume-fs.js'

async function volume() {
  const base = await mkdtemp(join(tmpdir(), 'volfs-'))
  onTestFinished(() => rm(base, { recursive: true, force: true }))
  const root = join(base, 'vol')
  const outside = join(base, 'outside')
  await mkdir(root)
  await mkdir(outside)
  await writeFile(join(outside, 'secret.txt'), 'host secret')
  return { root, outside, fs: createVolumeFs(root, { canChown: true }) }
}

const body = (text: string) => Readable.from([Buffer.from(text)])
const kindOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { kind?: string }) => e.kind ?? String(e),
  )

describe('pathComponents', () => {
  it.each([
    ['/a/b', ['a', 'b']],
    ['a//b/', ['a', 'b']],
    ['/', []],
    ['../../etc', ['etc']],
    ['a/../../b', ['b']],
    ['./a/.', ['a']],
  ])('%s', (p, want) => {
    expect(pathComponents(p)).toEqual(want)
  })
  it('refuses NUL bytes', () => {
    expect(() => pathComponents('a\0b')).toThrow('invalid path')
  })
})

describe('volume content operations', () => {
  it('writes, reads and describes files with the requested owner and mode', async () => {
    const { root, fs } = await volume()
    const entry = await fs.write('/dir-less.txt', body('hello'), { force: false, uid: 1234, gid: 2345, mode: 0o640 })
    expect(entry).toMatchObject({
      name: 'dir-less.txt',
      type: 'file',
      path: '/dir-less.txt',
      size: 5,
      uid: 1234,
      gid: 2345,
      mode: 0o640,
    })
    expect(new Date(entry.mtime).getTime()).toBeGreaterThan(Date.now() - 60_000)
    const st = await stat(join(root, 'dir-less.txt'))
    expect([st.uid, st.gid, st.mode & 0o777]).toEqual([1234, 2345, 0o640])
    const { size, stream } = await fs.read('dir-less.txt')
    expect(size).toBe(5)
    const chunks: Buffer[] = []
    for await (const c of stream) chunks.push(c as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('hello')
    expect(await fs.stat('/dir-less.txt')).toMatchObject({ type: 'file', size: 5 })
  })

  it('defaults to uid/gid 1000 and modes 0644 / 0755', async () => {
    const { fs } = await volume()
    expect(await fs.write('f', body('x'), { force: false })).toMatchObject({ uid: 1000, gid: 1000, mode: 0o644 })
    expect(await fs.makeDir('d', { force: false })).toMatchObject({
      type: 'directory',
      uid: 1000,
      gid: 1000,
      mode: 0o755,
    })
  })

  it('creates exclusively without force (409) and replaces with force', async () => {
    const { root, fs } = await volume()
    await fs.write('a.txt', body('one'), { force: false })
    expect(await kindOf(fs.write('a.txt', body('two'), { force: false }))).toBe('already_exists')
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one')
    await fs.write('a.txt', body('three'), { force: true })
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('three')
    expect(await kindOf(fs.makeDir('a.txt', { force: false }))).toBe('already_exists')
    expect(await kindOf(fs.write('/', body('x'), { force: true }))).toBe('conflict')
  })

  it('needs the parent without force (404) and creates parents with it', async () => {
    const { root, fs } = await volume()
    expect(await kindOf(fs.write('x/y/z.txt', body('1'), { force: false }))).toBe('not_found')
    expect(await kindOf(fs.makeDir('x/y', { force: false }))).toBe('not_found')
    await fs.write('x/y/z.txt', body('1'), { force: true, uid: 1500, gid: 1500 })
    expect((await stat(join(root, 'x', 'y'))).uid).toBe(1500)
    const again = await fs.makeDir('x/y', { force: true })
    expect(again).toMatchObject({ type: 'directory', path: '/x/y' })
    expect(await kindOf(fs.makeDir('x/y', { force: false }))).toBe('already_exists')
    // A file in the middle of a path is a 400.
    expect(await kindOf(fs.makeDir('x/y/z.txt/sub', { force: true }))).toBe('invalid_argument')
  })

  it('never shows a half-written upload under its name, and removes it when the upload fails', async () => {
    const { root, fs } = await volume()
    await fs.write('keep.txt', body('old'), { force: false })
    const stream = new PassThrough()
    const writing = fs.write('keep.txt', stream, { force: true })
    stream.write('partial new content')
    await new Promise((r) => setTimeout(r, 50))
    expect(await readFile(join(root, 'keep.txt'), 'utf8')).toBe('old')
    expect(await fs.list('/', 1)).toHaveLength(1)
    stream.destroy(new Error('client went away'))
    await expect(writing).rejects.toThrow()
    expect(await readFile(join(root, 'keep.txt'), 'utf8')).toBe('old')
    expect(await readdir(root)).toEqual(['keep.txt'])
  })

  it('lists pre-order down to depth, without the directory itself', async () => {
    const { fs } = await volume()
    await fs.write('a/b/c/file.txt', body('x'), { force: true })
    await fs.write('a/top.txt', body('y'), { force: false })
    expect((await fs.list('/a', 1)).map((e) => e.path)).toEqual(['/a/b', '/a/top.txt'])
    expect((await fs.list('a', 3)).map((e) => e.path)).toEqual(['/a/b', '/a/b/c', '/a/b/c/file.txt', '/a/top.txt'])
    expect(await kindOf(fs.list('/missing', 1))).toBe('not_found')
    expect(await kindOf(fs.list('/a/top.txt', 1))).toBe('invalid_argument')
  })

  it('updates owner and mode, and 404s for a missing path', async () => {
    const { fs } = await volume()
    await fs.write('m.txt', body('x'), { force: false })
    expect(await fs.update('m.txt', { uid: 1001, gid: 1002, mode: 0o755 })).toMatchObject({
      name: 'm.txt',
      path: '/m.txt',
      uid: 1001,
      gid: 1002,
      mode: 0o755,
    })
    expect(await fs.update('m.txt', { mode: 0o600 })).toMatchObject({ uid: 1001, mode: 0o600 })
    expect(await kindOf(fs.update('nope', { mode: 0o600 }))).toBe('not_found')
  })

  it('removes files and whole trees, 404 when missing, 400 for the root', async () => {
    const { root, fs } = await volume()
    await fs.write('t/a/b/c.txt', body('x'), { force: true })
    await fs.remove('/t')
    expect(await readdir(root)).toEqual([])
    expect(await kindOf(fs.remove('/t'))).toBe('not_found')
    expect(await kindOf(fs.remove('/'))).toBe('invalid_argument')
  })
})

describe('symlinks a sandbox planted', () => {
  it('are followed inside the volume only, never out of it', async () => {
    const { root, outside, fs } = await volume()
    await symlink('/', join(root, 'abs-root'))
    await symlink(outside, join(root, 'abs-outside'))
    await symlink('../../..', join(root, 'up'))
    await symlink('../outside/secret.txt', join(root, 'rel-file'))
    // Resolved with the volume as `/`: none of these reach the host's files.
    expect(await kindOf(fs.read('abs-outside/secret.txt'))).toBe('not_found')
    expect(await kindOf(fs.read('up/outside/secret.txt'))).toBe('not_found')
    expect(await kindOf(fs.read('rel-file'))).toBe('not_found')
    expect(await kindOf(fs.read(`abs-root${outside}/secret.txt`))).toBe('not_found')
    // A write through them lands inside the volume.
    await fs.write('abs-root/inside.txt', body('in'), { force: false })
    expect(await readFile(join(root, 'inside.txt'), 'utf8')).toBe('in')
    await fs.write('abs-outside/planted.txt', body('x'), { force: true })
    expect(await readdir(outside)).toEqual(['secret.txt'])
    // Symlinks to files inside the volume are read through; stat describes the link itself.
    await symlink('/inside.txt', join(root, 'link'))
    const { stream } = await fs.read('link')
    const chunks: Buffer[] = []
    for await (const c of stream) chunks.push(c as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('in')
    expect(await fs.stat('link')).toMatchObject({ type: 'symlink', target: '/inside.txt' })
  })

  it('are removed as links, leaving their targets alone', async () => {
    const { root, outside, fs } = await volume()
    await mkdir(join(root, 'tree'))
    await symlink(outside, join(root, 'tree', 'out'))
    await fs.remove('tree')
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('host secret')
    await symlink(outside, join(root, 'direct'))
    await fs.remove('direct')
    expect(await readdir(outside)).toEqual(['secret.txt'])
    expect(await readdir(root)).toEqual([])
  })

  it('cannot steer a chmod or chown out of the volume', async () => {
    const { root, outside, fs } = await volume()
    await symlink(join(outside, 'secret.txt'), join(root, 'x'))
    const before = await stat(join(outside, 'secret.txt'))
    expect(await kindOf(fs.update('x', { mode: 0o777, uid: 4242 }))).toBe('not_found')
    const after = await stat(join(outside, 'secret.txt'))
    expect([after.mode, after.uid]).toEqual([before.mode, before.uid])
  })

  it('loops end in a 400, not a hang', async () => {
    const { root, fs } = await volume()
    await symlink('b', join(root, 'a'))
    await symlink('a', join(root, 'b'))
    expect(await kindOf(fs.read('a'))).toBe('invalid_argument')
  })
})

describe('removeTree', () => {
  it('removes a tree without following its symlinks, and ignores a missing one', async () => {
    const { root, outside } = await volume()
    await mkdir(join(root, 'd', 'e'), { recursive: true })
    await symlink(outside, join(root, 'd', 'e', 'out'))
    await removeTree(root)
    await expect(stat(root)).rejects.toThrow()
    expect(await readdir(outside)).toEqual(['secret.txt'])
    await removeTree(root)
  })
})
