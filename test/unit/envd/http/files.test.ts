// POST /files and GET /files against the in-process envd (contract 5.5, 5.6).
import { execFileSync } from 'node:child_process'
import { chmod, readFile, stat, writeFile } from 'node:fs/promises'
import { rawGet } from '../../../support/raw-http.js'
import { userInfo } from 'node:os'
import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it, onTestFinished } from 'vitest'
import { startEnvd, type InProcessEnvd } from '../../../support/envd-inprocess.js'

// Node's global fetch, FormData and Blob are undici's; undici keeps directories in multipart
// filenames (it escapes only quotes and CR/LF), which is what the SDK relies on.

async function envd() {
  const e = await startEnvd()
  onTestFinished(() => e.close())
  return e
}

const filesUrl = (e: InProcessEnvd, query: Record<string, string> = {}) =>
  `${e.url}/files?${new URLSearchParams(query)}`

function multipart(parts: [filename: string, content: string][], field = 'file'): FormData {
  const form = new FormData()
  for (const [filename, content] of parts)
    form.append(field, new Blob([content], { type: 'application/octet-stream' }), filename)
  return form
}

describe('POST /files', () => {
  it('writes every multipart part to the full path in its filename and lists them in the response', async () => {
    const e = await envd()
    const one = e.path('a', 'one.txt')
    const two = e.path('b', 'c', 'two.txt')
    const res = await fetch(filesUrl(e), {
      method: 'POST',
      body: multipart([
        [one, 'first'],
        [two, 'second'],
      ]),
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { name: string; type: string; path: string }[]
    expect([...body].sort((x, y) => x.path.localeCompare(y.path))).toEqual([
      { name: 'one.txt', type: 'file', path: one },
      { name: 'two.txt', type: 'file', path: two },
    ])
    expect(await readFile(one, 'utf8')).toBe('first')
    expect(await readFile(two, 'utf8')).toBe('second')
  })

  it('creates new files with mode 0666 & ~umask and new parents with 0755', async () => {
    const e = await envd()
    const target = e.path('new-parent', 'f.txt')
    const res = await fetch(filesUrl(e), { method: 'POST', body: multipart([[target, 'x']]) })
    expect(res.status).toBe(200)
    expect((await stat(target)).mode & 0o777).toBe(0o666 & ~process.umask())
    expect((await stat(e.path('new-parent'))).mode & 0o777).toBe(0o755)
  })

  it('uses the path query over the part filename for a single file', async () => {
    const e = await envd()
    const res = await fetch(filesUrl(e, { path: e.path('from-query.txt') }), {
      method: 'POST',
      body: multipart([['ignored-name.txt', 'q']]),
    })
    expect(res.status).toBe(200)
    expect(await readFile(e.path('from-query.txt'), 'utf8')).toBe('q')
    expect(((await res.json()) as { path: string }[])[0]!.path).toBe(e.path('from-query.txt'))
  })

  it("resolves a relative multipart filename against the user's home", async () => {
    const e = await envd()
    // Without touching the real home: a relative name that climbs back into the temp root.
    const rel = `${'../'.repeat(userInfo().homedir.split('/').length)}${e.root.slice(1)}/rel.txt`
    const res = await fetch(filesUrl(e), { method: 'POST', body: multipart([[rel, 'r']]) })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { path: string }[])[0]!.path).toBe(e.path('rel.txt'))
    expect(await readFile(e.path('rel.txt'), 'utf8')).toBe('r')
  })

  it('ignores multipart parts not named file', async () => {
    const e = await envd()
    const form = multipart([[e.path('kept.txt'), 'k']])
    form.append('other', new Blob(['o']), e.path('other.txt'))
    const res = await fetch(filesUrl(e), { method: 'POST', body: form })
    expect(res.status).toBe(200)
    expect(await res.json()).toHaveLength(1)
    await expect(stat(e.path('other.txt'))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('returns 400 for two parts resolving to the same path', async () => {
    const e = await envd()
    const p = e.path('dup.txt')
    const res = await fetch(filesUrl(e), {
      method: 'POST',
      body: multipart([
        [p, '1'],
        [p, '2'],
      ]),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toContain(
      'you cannot upload multiple files to the same path',
    )
  })

  it('writes an octet-stream body to the path query', async () => {
    const e = await envd()
    const res = await fetch(filesUrl(e, { path: e.path('raw.bin') }), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from([0, 1, 2, 255]),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([{ name: 'raw.bin', type: 'file', path: e.path('raw.bin') }])
    expect([...(await readFile(e.path('raw.bin')))]).toEqual([0, 1, 2, 255])
  })

  it('decompresses an octet-stream body sent with Content-Encoding gzip', async () => {
    const e = await envd()
    const text = 'compressed payload '.repeat(100)
    const res = await fetch(filesUrl(e, { path: e.path('gz.txt') }), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip' },
      body: gzipSync(text),
    })
    expect(res.status).toBe(200)
    expect(await readFile(e.path('gz.txt'), 'utf8')).toBe(text)
  })

  it('returns 400 for a gzip body that is not gzip, leaving no file behind and the daemon alive', async () => {
    const e = await envd()
    // envd runs in this process: an unhandled stream error here would crash the real daemon.
    const uncaught: unknown[] = []
    const onUncaught = (err: unknown) => uncaught.push(err)
    process.on('uncaughtException', onUncaught)
    onTestFinished(() => void process.off('uncaughtException', onUncaught))
    const res = await fetch(filesUrl(e, { path: e.path('bad.txt') }), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip' },
      body: 'definitely not gzip',
    })
    expect(res.status).toBe(400)
    await expect(stat(e.path('bad.txt'))).rejects.toMatchObject({ code: 'ENOENT' })
    await new Promise((r) => setTimeout(r, 100))
    expect(uncaught.map(String), 'errors thrown outside the request (fatal for the daemon)').toEqual([])
  })

  it('returns 400 for an octet-stream upload without a path', async () => {
    const e = await envd()
    const res = await fetch(filesUrl(e), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'x',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 400, message: expect.any(String) })
  })

  it('returns 400 for an unsupported content type', async () => {
    const e = await envd()
    const res = await fetch(filesUrl(e, { path: e.path('t.txt') }), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    })
    expect(res.status).toBe(400)
  })

  it('returns 400 when the target is a directory', async () => {
    const e = await envd()
    await e.seed({ 'a-dir/': null })
    const res = await fetch(filesUrl(e, { path: e.path('a-dir') }), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'x',
    })
    expect(res.status).toBe(400)
    expect((await stat(e.path('a-dir'))).isDirectory()).toBe(true)
  })

  it('returns 401 for an unknown username', async () => {
    const e = await envd()
    const res = await fetch(filesUrl(e, { path: e.path('u.txt'), username: 'no-such-user-xyz' }), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'x',
    })
    expect(res.status).toBe(401)
    expect(((await res.json()) as { message: string }).message).toMatch(/^error looking up user 'no-such-user-xyz'/)
  })

  it('stores X-Metadata-* headers, returns them, and Stat shows them as metadata', async () => {
    const e = await envd()
    const target = e.path('meta.txt')
    const res = await fetch(filesUrl(e, { path: target }), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'X-Metadata-Foo': 'bar baz', 'X-Metadata-Team': 'infra' },
      body: 'm',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      { name: 'meta.txt', type: 'file', path: target, metadata: { foo: 'bar baz', team: 'infra' } },
    ])
    const { entry } = await e.filesystem.stat({ path: target })
    expect(entry?.metadata).toEqual({ foo: 'bar baz', team: 'infra' })
  })

  it('stores metadata for every part of a multipart upload', async () => {
    const e = await envd()
    const res = await fetch(filesUrl(e), {
      method: 'POST',
      headers: { 'x-metadata-k': 'v' },
      body: multipart([
        [e.path('m1'), '1'],
        [e.path('m2'), '2'],
      ]),
    })
    expect(res.status).toBe(200)
    for (const p of [e.path('m1'), e.path('m2')])
      expect((await e.filesystem.stat({ path: p })).entry?.metadata).toEqual({ k: 'v' })
  })

  it('clears metadata when a file is overwritten without X-Metadata-* headers', async () => {
    const e = await envd()
    const target = e.path('meta.txt')
    const post = (headers: Record<string, string>) =>
      fetch(filesUrl(e, { path: target }), {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', ...headers },
        body: 'x',
      })
    expect((await post({ 'x-metadata-foo': 'bar' })).status).toBe(200)
    expect((await post({})).status).toBe(200)
    expect((await e.filesystem.stat({ path: target })).entry?.metadata).toEqual({})
  })

  it('returns 400 for non-printable metadata and writes nothing', async () => {
    const e = await envd()
    const res = await fetch(filesUrl(e, { path: e.path('x.txt') }), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-metadata-foo': 'a\tb' },
      body: 'x',
    })
    expect(res.status).toBe(400)
    await expect(stat(e.path('x.txt'))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('keeps the mode of an existing file it overwrites', async () => {
    const e = await envd()
    await e.seed({ 'script.sh': 'old' })
    await chmod(e.path('script.sh'), 0o750)
    const res = await fetch(filesUrl(e, { path: e.path('script.sh') }), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'new',
    })
    expect(res.status).toBe(200)
    expect((await stat(e.path('script.sh'))).mode & 0o777).toBe(0o750)
    expect(await readFile(e.path('script.sh'), 'utf8')).toBe('new')
  })
})

describe('GET /files', () => {
  it('returns the file bytes with Content-Length', async () => {
    const e = await envd()
    await e.seed({ 'hello.txt': 'hello, files' })
    const res = await fetch(filesUrl(e, { path: e.path('hello.txt') }))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('12')
    expect(await res.text()).toBe('hello, files')
  })

  it('returns an empty body with Content-Length 0 for an empty file', async () => {
    const e = await envd()
    await e.seed({ 'empty.txt': '' })
    const res = await fetch(filesUrl(e, { path: e.path('empty.txt') }))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('0')
    expect(await res.text()).toBe('')
  })

  it.each([
    ['/proc/version', 0],
    ['/proc/self/status', 0],
    ['/sys/class/net/lo/mtu', 4096],
  ])('reads %s, which reports size %i, until EOF', async (path, size) => {
    const e = await envd()
    expect((await stat(path)).size).toBe(size)
    const res = await fetch(filesUrl(e, { path }))
    expect(res.status).toBe(200)
    const text = await res.text()
    const firstLine = (await readFile(path, 'utf8')).split('\n')[0]!
    expect(text.length).toBeGreaterThan(0)
    expect(text.split('\n')[0]!.split(':')[0]).toBe(firstLine.split(':')[0])
    // Unknown length: streamed, so no Content-Length that could cut it short.
    expect(res.headers.get('content-length')).toBeNull()
  })

  it('gzips a size-0 /proc file read until EOF', async () => {
    const e = await envd()
    const raw = await rawGet(filesUrl(e, { path: '/proc/version' }), { 'accept-encoding': 'gzip' })
    expect(raw.encoding).toBe('gzip')
    expect(gunzipSync(raw.body).toString()).toBe(await readFile('/proc/version', 'utf8'))
  })

  it('streams a FIFO until its writer closes it', async () => {
    const e = await envd()
    const fifo = e.path('pipe')
    execFileSync('mkfifo', [fifo])
    const got = fetch(filesUrl(e, { path: fifo })).then(async (r) => ({ status: r.status, text: await r.text() }))
    // Opening for writing blocks until envd opens the FIFO for reading.
    await writeFile(fifo, 'through a fifo\n')
    expect(await got).toEqual({ status: 200, text: 'through a fifo\n' })
  })

  it.each([['/dev/zero'], ['/dev/null']])(
    'answers 400 for a device (%s), which has no end to read to',
    async (path) => {
      const e = await envd()
      const res = await fetch(filesUrl(e, { path }))
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ code: 400, message: `path '${path}' is a device, not a file` })
    },
  )

  it('answers 400, not 500, for a size-0 file whose read fails (/proc/self/mem)', async () => {
    const e = await envd()
    const res = await fetch(filesUrl(e, { path: '/proc/self/mem' }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 400, message: "path '/proc/self/mem' cannot be read: EIO" })
  })

  it('never sends more than the Content-Length it announced for a regular file', async () => {
    const e = await envd()
    await e.seed({ 'grows.txt': 'x'.repeat(10) })
    const res = await fetch(filesUrl(e, { path: e.path('grows.txt') }), { headers: { 'accept-encoding': 'identity' } })
    expect(res.headers.get('content-length')).toBe('10')
    expect((await res.text()).length).toBe(10)
  })

  it('returns 404 with the E2B body for a missing path', async () => {
    const e = await envd()
    const missing = e.path('nope.txt')
    const res = await fetch(filesUrl(e, { path: missing }))
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ code: 404, message: `path '${missing}' does not exist` })
  })

  it('returns 404 when a parent of the path is a file', async () => {
    const e = await envd()
    await e.seed({ 'f.txt': 'x' })
    const res = await fetch(filesUrl(e, { path: e.path('f.txt', 'child') }))
    expect(res.status).toBe(404)
  })

  it('returns 400 for a directory', async () => {
    const e = await envd()
    await e.seed({ 'd/': null })
    const res = await fetch(filesUrl(e, { path: e.path('d') }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 400, message: `path '${e.path('d')}' is a directory` })
  })

  it('returns 206 with Content-Range for a Range request', async () => {
    const e = await envd()
    await e.seed({ 'digits.txt': '0123456789' })
    const res = await fetch(filesUrl(e, { path: e.path('digits.txt') }), { headers: { range: 'bytes=2-5' } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe('bytes 2-5/10')
    expect(await res.text()).toBe('2345')
  })

  it('returns 206 for a suffix range', async () => {
    const e = await envd()
    await e.seed({ 'digits.txt': '0123456789' })
    const res = await fetch(filesUrl(e, { path: e.path('digits.txt') }), { headers: { range: 'bytes=-3' } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe('bytes 7-9/10')
    expect(await res.text()).toBe('789')
  })

  it('returns 416 for a range past the end', async () => {
    const e = await envd()
    await e.seed({ 'digits.txt': '0123456789' })
    const res = await fetch(filesUrl(e, { path: e.path('digits.txt') }), { headers: { range: 'bytes=50-60' } })
    expect(res.status).toBe(416)
  })

  it('gzips the body when the client accepts only gzip', async () => {
    const e = await envd()
    const text = 'gzip me '.repeat(200)
    await e.seed({ 'big.txt': text })
    // fetch() would decompress transparently; read the raw bytes through node:http instead.
    const raw = await rawGet(filesUrl(e, { path: e.path('big.txt') }), { 'accept-encoding': 'gzip' })
    expect(raw.encoding).toBe('gzip')
    expect(gunzipSync(raw.body).toString()).toBe(text)
  })

  it('returns 401 for an unknown username', async () => {
    const e = await envd()
    await e.seed({ 'f.txt': 'x' })
    const res = await fetch(filesUrl(e, { path: e.path('f.txt'), username: 'no-such-user-xyz' }))
    expect(res.status).toBe(401)
  })

  it('reads back what POST /files wrote', async () => {
    const e = await envd()
    const content = 'round trip ✓'
    await fetch(filesUrl(e), { method: 'POST', body: multipart([[e.path('rt', 'x.txt'), content]]) })
    const res = await fetch(filesUrl(e, { path: e.path('rt', 'x.txt') }))
    expect(await res.text()).toBe(content)
  })
})
