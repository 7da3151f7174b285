// Filesystem conformance through the official SDK (contract 4.3-4.5, 5.5, 5.6, 8.2 files/*).
import { rawGet } from '../support/raw-http.js'
import { gunzipSync } from 'node:zlib'
import { FileNotFoundError, InvalidArgumentError, type Sandbox } from 'e2b'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { connectSandbox, envdTarget } from '../support/sdk.js'
import { unique } from '../support/async.js'

let sbx: Sandbox

beforeAll(async () => {
  sbx = await connectSandbox()
})

/** A fresh directory under /home/user (created by the default user), removed after the test. */
async function tempDir(prefix = 'files'): Promise<string> {
  const dir = `/home/user/${unique(prefix)}`
  expect(await sbx.files.makeDir(dir)).toBe(true)
  onTestFinished(async () => {
    await sbx.files.remove(dir, { user: 'root' })
  })
  return dir
}

/** `stat -c %U:%G:%a` as seen from inside the sandbox. */
async function statInside(path: string, user: 'user' | 'root' = 'user'): Promise<string> {
  const res = await sbx.commands.run(`stat -c %U:%G:%a '${path}'`, { user })
  return res.stdout.trim()
}

async function streamToText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text()
}

describe('read', () => {
  it('reads text, bytes, blob and stream', async () => {
    const dir = await tempDir('read')
    const path = `${dir}/content.txt`
    const text = 'hello sandock\nsecond line ✓\n'
    await sbx.files.write(path, text)

    expect(await sbx.files.read(path)).toBe(text)
    expect(await sbx.files.read(path, { format: 'text' })).toBe(text)

    const bytes = await sbx.files.read(path, { format: 'bytes' })
    expect(bytes).toBeInstanceOf(Uint8Array)
    expect(Buffer.from(bytes).toString('utf8')).toBe(text)

    const blob = await sbx.files.read(path, { format: 'blob' })
    expect(blob).toBeInstanceOf(Blob)
    expect(blob.size).toBe(Buffer.byteLength(text))
    expect(await blob.text()).toBe(text)

    const stream = await sbx.files.read(path, { format: 'stream' })
    expect(await streamToText(stream)).toBe(text)
  })

  it('round-trips binary bytes exactly', async () => {
    const dir = await tempDir('bin')
    const path = `${dir}/all-bytes.bin`
    const data = new Uint8Array(4096)
    for (let i = 0; i < data.length; i++) data[i] = (i * 7 + 3) % 256
    await sbx.files.write(path, data.buffer)
    const back = await sbx.files.read(path, { format: 'bytes' })
    expect(Buffer.from(back).equals(Buffer.from(data))).toBe(true)
    expect((await sbx.files.getInfo(path)).size).toBe(4096)
  })

  it("reads an empty file as '' (and empty bytes / blob / stream)", async () => {
    const dir = await tempDir('empty')
    const path = `${dir}/empty.txt`
    await sbx.files.write(path, '')
    expect((await sbx.files.getInfo(path)).size).toBe(0)
    expect(await sbx.files.read(path)).toBe('')
    expect((await sbx.files.read(path, { format: 'bytes' })).length).toBe(0)
    expect((await sbx.files.read(path, { format: 'blob' })).size).toBe(0)
    expect(await streamToText(await sbx.files.read(path, { format: 'stream' }))).toBe('')
  })

  it('rejects a missing file with FileNotFoundError in every format', async () => {
    const dir = await tempDir('missing')
    const path = `${dir}/does-not-exist.txt`
    await expect(sbx.files.read(path)).rejects.toBeInstanceOf(FileNotFoundError)
    await expect(sbx.files.read(path, { format: 'bytes' })).rejects.toBeInstanceOf(FileNotFoundError)
    await expect(sbx.files.read(path, { format: 'blob' })).rejects.toBeInstanceOf(FileNotFoundError)
    await expect(sbx.files.read(path, { format: 'stream' })).rejects.toBeInstanceOf(FileNotFoundError)
  })

  it('reading a directory is an InvalidArgumentError (400)', async () => {
    const dir = await tempDir('readdir')
    await expect(sbx.files.read(dir)).rejects.toBeInstanceOf(InvalidArgumentError)
  })

  it('read({gzip:true}) returns the original content; the wire body is gzip', async () => {
    const dir = await tempDir('gzread')
    const path = `${dir}/big.txt`
    const text = 'compress me please, '.repeat(10_000)
    await sbx.files.write(path, text)
    expect(await sbx.files.read(path, { gzip: true })).toBe(text)
    expect(await streamToText(await sbx.files.read(path, { gzip: true, format: 'stream' }))).toBe(text)

    // The raw response (no transparent decompression) is really gzip-encoded (contract 5.5 REC).
    const target = await envdTarget(sbx)
    const url = new URL(`${target.url}/files`)
    url.searchParams.set('path', path)
    const raw = await rawGet(url, { ...target.headers, 'accept-encoding': 'gzip' })
    expect(raw.encoding).toBe('gzip')
    expect(raw.body.length).toBeLessThan(Buffer.byteLength(text))
    expect(gunzipSync(raw.body).toString('utf8')).toBe(text)
  })

  it('reads /proc and /sys files, whose size says 0 or 4096, until EOF (plain, gzip, stream)', async () => {
    expect((await sbx.files.getInfo('/proc/cpuinfo')).size).toBe(0)
    const cpuinfo = await sbx.files.read('/proc/cpuinfo')
    expect(cpuinfo).toMatch(/^processor\s*:/m)
    expect(await sbx.files.read('/proc/cpuinfo', { gzip: true })).toMatch(/^processor\s*:/m)
    expect(await streamToText(await sbx.files.read('/proc/self/status', { format: 'stream' }))).toMatch(/^Name:/)
    const version = (await sbx.commands.run('cat /proc/version')).stdout
    expect(await sbx.files.read('/proc/version')).toBe(version)
    const mtu = (await sbx.commands.run('cat /sys/class/net/lo/mtu')).stdout
    expect(mtu).toMatch(/^\d+\n$/)
    expect(await sbx.files.read('/sys/class/net/lo/mtu')).toBe(mtu)
  })

  it('relative paths read from the user home', async () => {
    const name = unique('relread')
    await sbx.files.write(`/home/user/${name}.txt`, 'rel')
    onTestFinished(() => sbx.files.remove(`/home/user/${name}.txt`))
    expect(await sbx.files.read(`${name}.txt`)).toBe('rel')
    expect(await sbx.files.read(`~/${name}.txt`)).toBe('rel')
  })
})

describe('write', () => {
  it('writes a relative path into /home/user as user:user 0644', async () => {
    const name = `${unique('test_write')}.txt`
    onTestFinished(() => sbx.files.remove(`/home/user/${name}`))
    const info = await sbx.files.write(name, 'This is a test file.')
    expect(info.name).toBe(name)
    expect(info.path).toBe(`/home/user/${name}`)
    expect(info.type).toBe('file')

    const entry = await sbx.files.getInfo(name)
    expect(entry.path).toBe(`/home/user/${name}`)
    expect(entry.type).toBe('file')
    expect(entry.mode).toBe(0o644)
    expect(entry.permissions).toBe('-rw-r--r--')
    expect(entry.owner).toBe('user')
    expect(entry.group).toBe('user')
    expect(entry.size).toBe(Buffer.byteLength('This is a test file.'))
    expect(await statInside(`/home/user/${name}`)).toBe('user:user:644')
    expect(await sbx.files.read(`/home/user/${name}`)).toBe('This is a test file.')
  })

  it('writes several files in one call (array form)', async () => {
    const dir = await tempDir('multi')
    const files = [
      { path: `${dir}/one.txt`, data: 'first' },
      { path: `${dir}/nested/two.txt`, data: 'second' },
      { path: `${dir}/three.bin`, data: new Uint8Array([0, 1, 2, 255]).buffer },
    ]
    const infos = await sbx.files.write(files)
    expect(Array.isArray(infos)).toBe(true)
    expect(infos).toHaveLength(3)
    expect(infos.map((i) => i.path).sort()).toEqual(files.map((f) => f.path).sort())
    for (const i of infos) {
      expect(i.type).toBe('file')
      expect(i.name).toBe(i.path.split('/').pop())
    }
    expect(await sbx.files.read(`${dir}/one.txt`)).toBe('first')
    expect(await sbx.files.read(`${dir}/nested/two.txt`)).toBe('second')
    expect([...(await sbx.files.read(`${dir}/three.bin`, { format: 'bytes' }))]).toEqual([0, 1, 2, 255])
    expect(await statInside(`${dir}/nested/two.txt`)).toBe('user:user:644')
    expect(await statInside(`${dir}/nested`)).toBe('user:user:755')

    // writeFiles is the same operation.
    const more = await sbx.files.writeFiles([
      { path: `${dir}/four.txt`, data: '4' },
      { path: `${dir}/five.txt`, data: '5' },
    ])
    expect(more.map((i) => i.path).sort()).toEqual([`${dir}/five.txt`, `${dir}/four.txt`])
    expect(await sbx.files.read(`${dir}/five.txt`)).toBe('5')
  })

  it('writes with useOctetStream', async () => {
    const dir = await tempDir('octet')
    const path = `${dir}/octet.txt`
    const info = await sbx.files.write(path, 'octet body', { useOctetStream: true })
    expect(info).toMatchObject({ name: 'octet.txt', path, type: 'file' })
    expect(await sbx.files.read(path)).toBe('octet body')
    const entry = await sbx.files.getInfo(path)
    expect(entry.mode).toBe(0o644)
    expect(entry.owner).toBe('user')
    expect(entry.group).toBe('user')

    // Several files with octet-stream go as parallel requests; each must land.
    const infos = await sbx.files.write(
      [
        { path: `${dir}/o1.txt`, data: 'o1' },
        { path: `${dir}/o2.txt`, data: 'o2' },
      ],
      { useOctetStream: true },
    )
    expect(infos.map((i) => i.path).sort()).toEqual([`${dir}/o1.txt`, `${dir}/o2.txt`])
    expect(await sbx.files.read(`${dir}/o2.txt`)).toBe('o2')
  })

  it('writes a ReadableStream (streamed octet-stream upload)', async () => {
    const dir = await tempDir('streamw')
    const path = `${dir}/streamed.txt`
    const parts = ['alpha-', 'beta-', 'gamma']
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of parts) controller.enqueue(new TextEncoder().encode(p))
        controller.close()
      },
    })
    const info = await sbx.files.write(path, stream)
    expect(info.path).toBe(path)
    expect(await sbx.files.read(path)).toBe(parts.join(''))
  })

  it('writes with gzip:true (Content-Encoding: gzip)', async () => {
    const dir = await tempDir('gzwrite')
    const path = `${dir}/gz.txt`
    const text = 'gzip upload line\n'.repeat(5000)
    const info = await sbx.files.write(path, text, { gzip: true })
    expect(info).toMatchObject({ name: 'gz.txt', path, type: 'file' })
    expect(await sbx.files.read(path)).toBe(text)
    const entry = await sbx.files.getInfo(path)
    expect(entry.size).toBe(Buffer.byteLength(text))
    expect(entry.mode).toBe(0o644)
    expect(entry.owner).toBe('user')
  })

  it('stores metadata, shows it in getInfo/list, and an overwrite without metadata clears it', async () => {
    const dir = await tempDir('meta')
    const path = `${dir}/meta.txt`
    const info = await sbx.files.write(path, 'with metadata', { metadata: { Author: 'alice', 'build-id': '42' } })
    expect(info.path).toBe(path)
    // Keys come back lowercased (contract 5.6: user.e2b.<lowercased key>).
    expect(info.metadata).toEqual({ author: 'alice', 'build-id': '42' })

    expect((await sbx.files.getInfo(path)).metadata).toEqual({ author: 'alice', 'build-id': '42' })
    const listed = (await sbx.files.list(dir)).find((e) => e.path === path)
    expect(listed?.metadata).toEqual({ author: 'alice', 'build-id': '42' })

    // Replacing metadata: a new set replaces the old one entirely.
    await sbx.files.write(path, 'new metadata', { metadata: { other: 'x' }, useOctetStream: true })
    expect((await sbx.files.getInfo(path)).metadata).toEqual({ other: 'x' })

    // Overwrite without metadata clears it.
    const plain = await sbx.files.write(path, 'no metadata now')
    expect(plain.metadata).toBeUndefined()
    const after = await sbx.files.getInfo(path)
    expect(after.metadata).toBeUndefined()
    expect(await sbx.files.read(path)).toBe('no metadata now')
    const listedAfter = (await sbx.files.list(dir)).find((e) => e.path === path)
    expect(listedAfter?.metadata).toBeUndefined()
  })

  it('creates missing parent directories owned by user (0755)', async () => {
    const dir = await tempDir('parents')
    const path = `${dir}/a/b/c/deep.txt`
    const info = await sbx.files.write(path, 'deep')
    expect(info.path).toBe(path)
    expect(await sbx.files.read(path)).toBe('deep')
    for (const d of [`${dir}/a`, `${dir}/a/b`, `${dir}/a/b/c`]) {
      const e = await sbx.files.getInfo(d)
      expect(e.type).toBe('dir')
      expect(e.mode).toBe(0o755)
      expect(e.permissions).toBe('drwxr-xr-x')
      expect(e.owner).toBe('user')
      expect(e.group).toBe('user')
      expect(await statInside(d)).toBe('user:user:755')
    }
    expect(await statInside(path)).toBe('user:user:644')
  })

  it('overwrites: replaces content (longer then shorter), keeps mode, takes ownership', async () => {
    const dir = await tempDir('overwrite')
    const path = `${dir}/over.txt`
    await sbx.files.write(path, 'a much longer original content')
    await sbx.files.write(path, 'short')
    expect(await sbx.files.read(path)).toBe('short')
    expect((await sbx.files.getInfo(path)).size).toBe(5)

    // A root-owned 0600 file overwritten by `user`: chowned to user, mode unchanged (truncate + write).
    const rootFile = `${dir}/rootowned.txt`
    const prep = await sbx.commands.run(`printf 'root data' > '${rootFile}' && chmod 600 '${rootFile}'`, {
      user: 'root',
    })
    expect(prep.exitCode).toBe(0)
    expect(await statInside(rootFile, 'root')).toBe('root:root:600')
    await sbx.files.write(rootFile, 'user data')
    expect(await statInside(rootFile, 'root')).toBe('user:user:600')
    expect(await sbx.files.read(rootFile)).toBe('user data')
  })

  it("user: 'root' writes into /root and the file is owned by root", async () => {
    const name = `${unique('rootfile')}.txt`
    onTestFinished(async () => {
      await sbx.files.remove(`/root/${name}`, { user: 'root' })
      await sbx.files.remove(`/root/abs-${name}`, { user: 'root' })
    })
    // Relative path resolves against root's home.
    const info = await sbx.files.write(name, 'root content', { user: 'root' })
    expect(info.path).toBe(`/root/${name}`)
    const entry = await sbx.files.getInfo(`/root/${name}`)
    expect(entry.owner).toBe('root')
    expect(entry.group).toBe('root')
    expect(entry.mode).toBe(0o644)
    expect(await statInside(`/root/${name}`, 'root')).toBe('root:root:644')
    expect(await sbx.files.read(name, { user: 'root' })).toBe('root content')

    const abs = await sbx.files.write(`/root/abs-${name}`, 'abs', { user: 'root' })
    expect(abs.path).toBe(`/root/abs-${name}`)
    expect(await statInside(`/root/abs-${name}`, 'root')).toBe('root:root:644')
  })
})

describe('list', () => {
  it('honours depth 1/2/3 on a nested tree; directories are user 0755', async () => {
    const dir = await tempDir('list')
    expect(await sbx.files.makeDir(`${dir}/test-dir/sub-dir-1`)).toBe(true)
    expect(await sbx.files.makeDir(`${dir}/test-dir/sub-dir-2`)).toBe(true)
    await sbx.files.write(`${dir}/test-dir/sub-dir-1/file.txt`, 'leaf')

    const paths = async (depth?: number) =>
      (await sbx.files.list(dir, depth === undefined ? undefined : { depth })).map((e) => e.path).sort()

    expect(await paths()).toEqual([`${dir}/test-dir`])
    expect(await paths(1)).toEqual([`${dir}/test-dir`])
    expect(await paths(2)).toEqual([`${dir}/test-dir`, `${dir}/test-dir/sub-dir-1`, `${dir}/test-dir/sub-dir-2`])
    expect(await paths(3)).toEqual([
      `${dir}/test-dir`,
      `${dir}/test-dir/sub-dir-1`,
      `${dir}/test-dir/sub-dir-1/file.txt`,
      `${dir}/test-dir/sub-dir-2`,
    ])

    const entries = await sbx.files.list(dir, { depth: 3 })
    for (const e of entries) {
      expect(e.name).toBe(e.path.split('/').pop())
      expect(e.owner).toBe('user')
      expect(e.group).toBe('user')
      if (e.name === 'file.txt') {
        expect(e.type).toBe('file')
        expect(e.mode).toBe(0o644)
        expect(e.permissions).toBe('-rw-r--r--')
        expect(e.size).toBe(4)
      } else {
        expect(e.type).toBe('dir')
        expect(e.mode).toBe(0o755)
        expect(e.permissions).toBe('drwxr-xr-x')
      }
    }
  })

  it('returns entries in upstream order (names sorted per directory, depth-first), not directory-read order', async () => {
    const dir = await tempDir('listorder')
    // Created in reverse order, so the directory-read order differs from the expected one.
    const made = await sbx.commands.run(`cd '${dir}' && mkdir subdir2 subdir1 && touch subdir1/b subdir1/a file1.txt`)
    expect(made.exitCode).toBe(0)
    const entries = await sbx.files.list(dir, { depth: 2 })
    expect(entries.map((e) => e.path.slice(dir.length + 1))).toEqual([
      'file1.txt',
      'subdir1',
      'subdir1/a',
      'subdir1/b',
      'subdir2',
    ])
  })

  it('rebases entry paths on a relative request path (resolved under /home/user)', async () => {
    const dir = await tempDir('listrel')
    const rel = dir.slice('/home/user/'.length)
    await sbx.files.write(`${dir}/x/y.txt`, 'y')
    const entries = await sbx.files.list(rel, { depth: 2 })
    expect(entries.map((e) => e.path).sort()).toEqual([`${dir}/x`, `${dir}/x/y.txt`])
  })

  it('rejects depth < 1 client-side, a missing dir with FileNotFoundError, a file with InvalidArgumentError', async () => {
    const dir = await tempDir('listerr')
    await sbx.files.write(`${dir}/f.txt`, 'f')
    await expect(sbx.files.list(dir, { depth: 0 })).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(sbx.files.list(`${dir}/nope`)).rejects.toBeInstanceOf(FileNotFoundError)
    await expect(sbx.files.list(`${dir}/f.txt`)).rejects.toBeInstanceOf(InvalidArgumentError)
  })

  it('omits broken symlinks (type unspecified) but lists working ones with the target type', async () => {
    const dir = await tempDir('listlinks')
    await sbx.files.write(`${dir}/target.txt`, 't')
    const ln = await sbx.commands.run(`cd '${dir}' && ln -s target.txt good && ln -s missing-target broken`)
    expect(ln.exitCode).toBe(0)
    const entries = await sbx.files.list(dir)
    const byName = new Map(entries.map((e) => [e.name, e]))
    expect([...byName.keys()].sort()).toEqual(['good', 'target.txt'])
    expect(byName.get('good')?.type).toBe('file')
    expect(byName.get('good')?.symlinkTarget).toBe(`${dir}/target.txt`)
  })
})

describe('getInfo', () => {
  it('describes a file', async () => {
    const dir = await tempDir('info')
    const path = `${dir}/info.txt`
    const before = Date.now()
    await sbx.files.write(path, '12345')
    const e = await sbx.files.getInfo(path)
    expect(e).toMatchObject({
      name: 'info.txt',
      type: 'file',
      path,
      size: 5,
      mode: 0o644,
      permissions: '-rw-r--r--',
      owner: 'user',
      group: 'user',
    })
    expect(e.symlinkTarget).toBeUndefined()
    expect(e.modifiedTime).toBeInstanceOf(Date)
    // Clocks are shared with the container (same kernel); allow generous slack.
    expect(Math.abs(e.modifiedTime!.getTime() - before)).toBeLessThan(60_000)
  })

  it('describes a directory', async () => {
    const dir = await tempDir('infodir')
    const e = await sbx.files.getInfo(dir)
    expect(e).toMatchObject({
      name: dir.split('/').pop(),
      type: 'dir',
      path: dir,
      mode: 0o755,
      permissions: 'drwxr-xr-x',
      owner: 'user',
      group: 'user',
    })
  })

  it("resolves relative paths under /home/user and '~'", async () => {
    const dir = await tempDir('inforel')
    const rel = dir.slice('/home/user/'.length)
    expect((await sbx.files.getInfo(rel)).path).toBe(dir)
    expect((await sbx.files.getInfo(`~/${rel}`)).path).toBe(dir)
    const home = await sbx.files.getInfo('~')
    expect(home.path).toBe('/home/user')
    expect(home.type).toBe('dir')
  })

  it('describes symlinks with the target type and the fully resolved target', async () => {
    const dir = await tempDir('infolink')
    await sbx.files.write(`${dir}/target.txt`, 'target')
    expect(await sbx.files.makeDir(`${dir}/target-dir`)).toBe(true)
    const ln = await sbx.commands.run(
      `cd '${dir}' && ln -s '${dir}/target.txt' abs-link && ln -s target.txt rel-link && ln -s rel-link chain-link && ln -s target-dir dir-link`,
    )
    expect(ln.exitCode).toBe(0)

    const abs = await sbx.files.getInfo(`${dir}/abs-link`)
    expect(abs.name).toBe('abs-link')
    expect(abs.path).toBe(`${dir}/abs-link`) // symlinks are not followed in `path`
    expect(abs.type).toBe('file')
    expect(abs.symlinkTarget).toBe(`${dir}/target.txt`)
    expect(abs.permissions).toBe('Lrwxrwxrwx')
    expect(abs.mode).toBe(0o777)

    const rel = await sbx.files.getInfo(`${dir}/rel-link`)
    expect(rel.type).toBe('file')
    expect(rel.symlinkTarget).toBe(`${dir}/target.txt`)

    const chain = await sbx.files.getInfo(`${dir}/chain-link`)
    expect(chain.type).toBe('file')
    expect(chain.symlinkTarget).toBe(`${dir}/target.txt`)

    const dirLink = await sbx.files.getInfo(`${dir}/dir-link`)
    expect(dirLink.type).toBe('dir')
    expect(dirLink.symlinkTarget).toBe(`${dir}/target-dir`)
    expect(dirLink.path).toBe(`${dir}/dir-link`)
  })

  it('rejects a missing path with FileNotFoundError', async () => {
    const dir = await tempDir('infomissing')
    await expect(sbx.files.getInfo(`${dir}/nothing-here`)).rejects.toBeInstanceOf(FileNotFoundError)
  })
})

describe('exists / makeDir / rename / remove', () => {
  it('exists is true for files and directories, false otherwise', async () => {
    const dir = await tempDir('exists')
    await sbx.files.write(`${dir}/e.txt`, 'e')
    expect(await sbx.files.exists(`${dir}/e.txt`)).toBe(true)
    expect(await sbx.files.exists(dir)).toBe(true)
    expect(await sbx.files.exists(`${dir}/nope.txt`)).toBe(false)
    expect(await sbx.files.exists(`${dir}/nope/deeper`)).toBe(false)
  })

  it('makeDir returns true, then false for an existing directory; new dirs are user 0755', async () => {
    const dir = await tempDir('mkdir')
    const nested = `${dir}/x/y/z`
    expect(await sbx.files.makeDir(nested)).toBe(true)
    expect(await sbx.files.makeDir(nested)).toBe(false)
    for (const d of [`${dir}/x`, `${dir}/x/y`, nested]) {
      const e = await sbx.files.getInfo(d)
      expect(e.type).toBe('dir')
      expect(e.mode).toBe(0o755)
      expect(e.owner).toBe('user')
      expect(await statInside(d)).toBe('user:user:755')
    }
    // An existing non-directory is invalid_argument (contract 4.5).
    await sbx.files.write(`${dir}/file`, 'f')
    await expect(sbx.files.makeDir(`${dir}/file`)).rejects.toBeInstanceOf(InvalidArgumentError)
  })

  it('rename returns the new entry, the source is gone, missing parents are created', async () => {
    const dir = await tempDir('rename')
    await sbx.files.write(`${dir}/old.txt`, 'moving')
    const entry = await sbx.files.rename(`${dir}/old.txt`, `${dir}/newparent/new.txt`)
    expect(entry).toMatchObject({
      name: 'new.txt',
      type: 'file',
      path: `${dir}/newparent/new.txt`,
      size: 6,
      owner: 'user',
      mode: 0o644,
    })
    expect(await sbx.files.exists(`${dir}/old.txt`)).toBe(false)
    expect(await sbx.files.read(`${dir}/newparent/new.txt`)).toBe('moving')
    expect(await statInside(`${dir}/newparent`)).toBe('user:user:755')

    // Renaming a directory.
    const d = await sbx.files.rename(`${dir}/newparent`, `${dir}/renamed-dir`)
    expect(d).toMatchObject({ name: 'renamed-dir', type: 'dir', path: `${dir}/renamed-dir` })
    expect(await sbx.files.exists(`${dir}/newparent`)).toBe(false)
    expect(await sbx.files.read(`${dir}/renamed-dir/new.txt`)).toBe('moving')

    // Overwrites an existing destination file.
    await sbx.files.write(`${dir}/a.txt`, 'A')
    await sbx.files.write(`${dir}/b.txt`, 'B')
    await sbx.files.rename(`${dir}/a.txt`, `${dir}/b.txt`)
    expect(await sbx.files.read(`${dir}/b.txt`)).toBe('A')

    await expect(sbx.files.rename(`${dir}/missing.txt`, `${dir}/x.txt`)).rejects.toBeInstanceOf(FileNotFoundError)
  })

  it('remove deletes files and whole directories; removing a missing path does not throw', async () => {
    const dir = await tempDir('remove')
    await sbx.files.write(`${dir}/r.txt`, 'r')
    await sbx.files.write(`${dir}/sub/deep/r2.txt`, 'r2')
    await sbx.files.remove(`${dir}/r.txt`)
    expect(await sbx.files.exists(`${dir}/r.txt`)).toBe(false)
    await sbx.files.remove(`${dir}/sub`)
    expect(await sbx.files.exists(`${dir}/sub`)).toBe(false)
    await expect(sbx.files.remove(`${dir}/never-existed`)).resolves.toBeUndefined()
    await expect(sbx.files.remove(`${dir}/never/existed/either`)).resolves.toBeUndefined()
    const ls = await sbx.commands.run(`ls -A '${dir}'`)
    expect(ls.stdout).toBe('')
  })
})
