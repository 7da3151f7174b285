// Killed sandboxes' kept logs: each at most keepBytes (the newest lines), read back with the same
// bounded reads, forgotten after the retention (by file time, so a restart honours it), and all of
// them under totalBytes (the oldest removed first); ids that are not plain names are never paths.
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createKeptLogs } from '../../../../src/node/sandboxes/kept-logs.js'
import { createLogger } from '../../../../src/shared/logging.js'

const log = createLogger({ level: 'silent', name: 'unit' })
const dirs: string[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})
const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n - i)),
    line: `line ${n - i}`,
  }))

describe('createKeptLogs', () => {
  it('keeps the newest lines that fit, reads them back bounded, and forgets them after the retention', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandock-kept-'))
    dirs.push(dir)
    const kept = createKeptLogs({ dir, retentionMs: 60_000, keepBytes: 400, totalBytes: 1 << 20, log })
    await kept.keep('sbx1', lines(100))
    const all = await kept.read('sbx1', { limit: 1000, newestFirst: false })
    // 34 bytes for 'line 100', 33 for the next: twelve fit in 400.
    expect(all!.length).toBe(12)
    expect(all!.at(-1)!.line).toBe('line 100')
    expect((await kept.read('sbx1', { limit: 2, newestFirst: true }))!.map((l) => l.line)).toEqual([
      'line 100',
      'line 99',
    ])
    expect(await kept.read('nope', { limit: 1, newestFirst: true })).toBeUndefined()
    expect(await kept.read('../sbx1', { limit: 1, newestFirst: true })).toBeUndefined()
    // Older than the retention (its mtime): absent, and removed.
    const old = new Date(Date.now() - 61_000)
    await utimes(join(dir, 'sbx1.log'), old, old)
    expect(await kept.read('sbx1', { limit: 1, newestFirst: true })).toBeUndefined()
    expect(await readdir(dir)).toEqual([])
  })

  it('sweeps expired files and keeps all of them under totalBytes, oldest removed first', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandock-kept-'))
    dirs.push(dir)
    const kept = createKeptLogs({ dir, retentionMs: 60_000, keepBytes: 1000, totalBytes: 2500, log })
    for (const [i, id] of ['a', 'b', 'c', 'd'].entries()) {
      await kept.keep(id, lines(100))
      const t = new Date(Date.now() - (10 - i) * 1000)
      await utimes(join(dir, `${id}.log`), t, t)
    }
    const expired = new Date(Date.now() - 120_000)
    await utimes(join(dir, 'a.log'), expired, expired)
    await kept.sweep()
    // a expired; b, c, d are ~1000 bytes each: b (the oldest) goes to fit 2500.
    expect((await readdir(dir)).sort()).toEqual(['c.log', 'd.log'])
  })
})
