// The bounded log read: Docker's stream (frames or raw) into lines whatever the chunking, long
// lines cut, and only a page held: the first `limit` forward (the stream then dropped), a ring of
// the last `limit` backward, never more than MAX_LOG_READ_CHARS of text.
import { PassThrough, Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import {
  collectLogStream,
  createLogCollector,
  createLogLineParser,
  MAX_LOG_LINE_CHARS,
  MAX_LOG_READ_CHARS,
} from '../../../../src/node/runtime/log-reader.js'

const frame = (stream: 1 | 2, text: string) => {
  const body = Buffer.from(text)
  const h = Buffer.alloc(8)
  h[0] = stream
  h.writeUInt32BE(body.length, 4)
  return Buffer.concat([h, body])
}
const ts = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString()

function parseAll(chunks: Buffer[]): string[] {
  const out: string[] = []
  const p = createLogLineParser((l) => (out.push(l), true))
  for (const c of chunks) p.write(c)
  p.end()
  return out
}

describe('createLogLineParser', () => {
  it('reads frames split anywhere (headers, UTF-8 characters) and raw text alike', () => {
    const all = Buffer.concat([frame(1, `${ts(1)} héllo\n${ts(2)} wo`), frame(2, `rld\n${ts(3)} last`)])
    const want = [`${ts(1)} héllo`, `${ts(2)} world`, `${ts(3)} last`]
    for (let size = 1; size <= 9; size++) {
      const chunks: Buffer[] = []
      for (let i = 0; i < all.length; i += size) chunks.push(all.subarray(i, i + size))
      expect(parseAll(chunks)).toEqual(want)
    }
    expect(parseAll([Buffer.from(`${ts(1)} a\r\n${ts(2)} b\n`)])).toEqual([`${ts(1)} a`, `${ts(2)} b`])
  })

  it('cuts a line at MAX_LOG_LINE_CHARS and goes on with the next', () => {
    const long = 'x'.repeat(MAX_LOG_LINE_CHARS * 3)
    const lines = parseAll([
      frame(1, `${ts(1)} ${long.slice(0, 70_000)}`),
      frame(1, `${long.slice(70_000)}\n${ts(2)} next\n`),
    ])
    expect(lines.map((l) => l.length)).toEqual([MAX_LOG_LINE_CHARS, `${ts(2)} next`.length])
  })
})

describe('createLogCollector / collectLogStream', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `${ts(i)} line ${i}\n`).join('')

  it('forward: the first `limit` at or after sinceMs, and drops the stream once it has them', async () => {
    const src = new PassThrough()
    const page = collectLogStream(
      src,
      createLogCollector({ sinceMs: Date.parse(ts(10)), limit: 3, newestFirst: false }),
    )
    src.write(lines(100))
    const got = await page
    expect(got.map((l) => l.line)).toEqual(['line 10', 'line 11', 'line 12'])
    expect(src.destroyed).toBe(true)
  })

  it('backward: the last `limit` at or before untilMs, newest first; `match` filters', async () => {
    const read = async (q: Parameters<typeof createLogCollector>[0]) =>
      (await collectLogStream(Readable.from([Buffer.from(lines(100))]), createLogCollector(q))).map((l) => l.line)
    expect(await read({ limit: 3, newestFirst: true })).toEqual(['line 99', 'line 98', 'line 97'])
    expect(await read({ untilMs: Date.parse(ts(50)), limit: 2, newestFirst: true })).toEqual(['line 50', 'line 49'])
    expect(await read({ limit: 2, newestFirst: true, match: (l) => l.line.endsWith('7') })).toEqual([
      'line 97',
      'line 87',
    ])
    expect(await read({ limit: 0, newestFirst: true })).toEqual([])
    expect(await read({ limit: 1000, newestFirst: true })).toHaveLength(100)
  })

  it('holds at most MAX_LOG_READ_CHARS of text, however long the lines', () => {
    for (const newestFirst of [true, false]) {
      const c = createLogCollector({ limit: 1000, newestFirst })
      const line = 'y'.repeat(MAX_LOG_LINE_CHARS)
      for (let i = 0; i < 1000; i++) if (!c.push({ timestamp: new Date(i), line })) break
      const got = c.result()
      expect(got.length * MAX_LOG_LINE_CHARS).toBeLessThanOrEqual(MAX_LOG_READ_CHARS)
      expect(got.length).toBeGreaterThan(100)
      expect(got[0]!.timestamp.getTime()).toBe(newestFirst ? 999 : 0)
    }
  })
})
