// POST /files with every odd multipart shape (contract 5.6): upstream's rules, and never a 2xx
// for a file that was not written.
import { readdir, readFile } from 'node:fs/promises'
import { describe, expect, it, onTestFinished } from 'vitest'
import { startEnvd, type InProcessEnvd } from '../../../support/envd-inprocess.js'

async function envd() {
  const e = await startEnvd()
  onTestFinished(() => e.close())
  return e
}

const filesUrl = (e: InProcessEnvd, query: Record<string, string> = {}) =>
  `${e.url}/files?${new URLSearchParams(query)}`

const B = 'oddb0undary'
type RawPart = { name?: string; filename?: string; type?: string; content: string | Buffer }

/** A multipart body built by hand, for shapes FormData cannot make. */
function rawMultipart(parts: RawPart[]): { headers: Record<string, string>; body: Buffer } {
  const chunks: Buffer[] = []
  for (const p of parts) {
    let disposition = 'form-data'
    if (p.name !== undefined) disposition += `; name="${p.name}"`
    if (p.filename !== undefined) disposition += `; filename="${p.filename}"`
    const head = `--${B}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`
    chunks.push(Buffer.from(head), Buffer.from(p.content), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${B}--\r\n`))
  return { headers: { 'content-type': `multipart/form-data; boundary=${B}` }, body: Buffer.concat(chunks) }
}

async function post(
  e: InProcessEnvd,
  query: Record<string, string>,
  init: { headers?: Record<string, string>; body: RequestInit['body'] },
) {
  const res = await fetch(filesUrl(e, query), { method: 'POST', ...init })
  return { status: res.status, body: (await res.json()) as unknown }
}

describe('POST /files multipart: a file part without a filename', () => {
  it('is written to the path query (FormData string value, as posted to a signed upload URL)', async () => {
    const e = await envd()
    const form = new FormData()
    form.append('file', 'text')
    const res = await post(e, { path: e.path('from-string.txt') }, { body: form })
    expect(res).toEqual({
      status: 200,
      body: [{ name: 'from-string.txt', type: 'file', path: e.path('from-string.txt') }],
    })
    expect(await readFile(e.path('from-string.txt'), 'utf8')).toBe('text')
  })

  it('keeps binary and large content byte for byte (no text decoding, no field size limit)', async () => {
    const e = await envd()
    const content = Buffer.alloc(3 << 20)
    for (let i = 0; i < content.length; i++) content[i] = (i * 7) & 0xff
    const { headers, body } = rawMultipart([{ name: 'file', type: 'text/plain; charset=utf-8', content }])
    const res = await post(e, { path: e.path('bin.dat') }, { headers, body })
    expect(res.status).toBe(200)
    expect((await readFile(e.path('bin.dat'))).equals(content)).toBe(true)
  })

  it('without a path query is a 400 naming the missing filename, and writes nothing', async () => {
    const e = await envd()
    const form = new FormData()
    form.append('file', 'orphan')
    const res = await post(e, {}, { body: form })
    expect(res).toEqual({
      status: 400,
      body: { code: 400, message: expect.stringContaining('filename not found in Content-Disposition header') },
    })
    expect(await readdir(e.root)).toEqual([])
  })
})

describe('POST /files multipart: other shapes', () => {
  it('answers 400 when no part is named file, instead of 200 [] for nothing written', async () => {
    const e = await envd()
    const form = new FormData()
    form.append('upload', new Blob(['x']), e.path('other-name.txt'))
    form.append('note', 'hello')
    const res = await post(e, {}, { body: form })
    expect(res).toEqual({ status: 400, body: { code: 400, message: expect.stringContaining("no part named 'file'") } })
    expect(await readdir(e.root)).toEqual([])
  })

  it.each([
    ['an empty body', Buffer.alloc(0)],
    ['only the closing boundary', Buffer.from(`--${B}--\r\n`)],
  ])('answers 400 to %s and writes nothing', async (_name, body) => {
    const e = await envd()
    const res = await post(
      e,
      { path: e.path('nothing.txt') },
      { headers: { 'content-type': `multipart/form-data; boundary=${B}` }, body },
    )
    expect(res.status).toBe(400)
    expect(await readdir(e.root)).toEqual([])
  })

  it('writes a file part with empty content as an empty file', async () => {
    const e = await envd()
    const { headers, body } = rawMultipart([{ name: 'file', filename: e.path('empty.txt'), content: '' }])
    const res = await post(e, {}, { headers, body })
    expect(res.status).toBe(200)
    expect(await readFile(e.path('empty.txt'), 'utf8')).toBe('')
  })

  it('writes the file parts and ignores other fields riding along', async () => {
    const e = await envd()
    const form = new FormData()
    form.append('note', 'a form field')
    form.append('file', new Blob(['kept']), e.path('kept.txt'))
    const res = await post(e, {}, { body: form })
    expect(res).toEqual({ status: 200, body: [{ name: 'kept.txt', type: 'file', path: e.path('kept.txt') }] })
    expect(await readdir(e.root)).toEqual(['kept.txt'])
  })

  it('with a path query and several file parts: the first is written whole, then 400 saying so', async () => {
    const e = await envd()
    const form = new FormData()
    form.append('file', new Blob(['first']), 'a.txt')
    form.append('file', new Blob(['second']), 'b.txt')
    const res = await post(e, { path: e.path('one.txt') }, { body: form })
    expect(res).toEqual({
      status: 400,
      body: { code: 400, message: expect.stringContaining('only the first specified file was uploaded') },
    })
    expect(await readFile(e.path('one.txt'), 'utf8')).toBe('first')
    expect(await readdir(e.root)).toEqual(['one.txt'])
  })

  it('a part without a filename among named ones (no path query): 400, and no temp file is left', async () => {
    const e = await envd()
    const { headers, body } = rawMultipart([
      { name: 'file', filename: e.path('named.txt'), content: 'named' },
      { name: 'file', content: 'nameless' },
    ])
    const res = await post(e, {}, { headers, body })
    expect(res.status).toBe(400)
    expect((await readdir(e.root)).filter((n) => n.startsWith('.'))).toEqual([])
  })
})

describe('POST /files multipart: a part whose write fails', () => {
  it('answers the failure at once, even with body still to come, and leaves no temp file', async () => {
    const e = await envd()
    await e.seed({ 'taken/': null })
    // The failing part is larger than any stream buffer: it must be drained or cut, never waited on.
    const { headers, body } = rawMultipart([
      { name: 'file', filename: e.path('taken'), content: Buffer.alloc(16 << 20, 1) },
      { name: 'file', filename: e.path('after.txt'), content: 'after' },
    ])
    const res = await post(e, {}, { headers, body })
    expect(res).toEqual({ status: 400, body: { code: 400, message: expect.stringContaining('is a directory') } })
    expect((await readdir(e.root)).filter((n) => n.startsWith('.'))).toEqual([])
    expect(await readdir(e.path('taken'))).toEqual([])
    // The daemon still answers uploads afterwards.
    const form = new FormData()
    form.append('file', new Blob(['ok']), e.path('later.txt'))
    expect((await post(e, {}, { body: form })).status).toBe(200)
    expect(await readFile(e.path('later.txt'), 'utf8')).toBe('ok')
  })
})
