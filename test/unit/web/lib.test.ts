// The dashboard's pure modules: formatting, the metadata filter's wire encoding, log merging,
// metric series, file paths and hash routes.
import { describe, expect, it } from 'vitest'
import type { SandboxLogEntry, SandboxMetric } from '../../../web/src/api/types.js'
import { formatBytes, formatDuration, formatPct, formatRelative } from '../../../web/src/lib/format.js'
import { mergeLogs, nextCursor } from '../../../web/src/lib/log-buffer.js'
import { encodeMetadataQuery, parseMetadataFilter } from '../../../web/src/lib/metadata-filter.js'
import { cpuMemSeries, mergeSamples } from '../../../web/src/lib/metrics-series.js'
import { baseName, breadcrumbs, joinPath, parentPath } from '../../../web/src/lib/paths.js'
import { parseRoute, routeHref, type Route } from '../../../web/src/lib/routes.js'

describe('format', () => {
  it.each([
    [0, '0s'],
    [-5000, '0s'],
    [42_900, '42s'],
    [245_000, '4m 05s'],
    [7_380_000, '2h 03m'],
    [273_600_000, '3d 4h'],
  ])('formatDuration(%d) = %s', (ms, want) => {
    expect(formatDuration(ms)).toBe(want)
  })
  it.each([
    [512, '512 B'],
    [1536, '1.5 KiB'],
    [24_536_678, '23 MiB'],
    [1073741824, '1.0 GiB'],
    [-1, '—'],
  ])('formatBytes(%d) = %s', (n, want) => {
    expect(formatBytes(n)).toBe(want)
  })
  it('formats percentages and relative times', () => {
    expect(formatPct(3.14159)).toBe('3.1%')
    expect(formatPct(42.6)).toBe('43%')
    const now = Date.parse('2026-01-01T00:10:00Z')
    expect(formatRelative('2026-01-01T00:05:00Z', now)).toBe('5m 00s ago')
    expect(formatRelative('2026-01-01T00:10:30Z', now)).toBe('in 30s')
    // A few seconds ahead is the page's clock tick or skew, not the future.
    expect(formatRelative('2026-01-01T00:10:04Z', now)).toBe('just now')
    expect(formatRelative('not a date', now)).toBe('—')
  })
})

describe('metadata filter', () => {
  it('parses key=value pairs, splitting each on its first "="', () => {
    expect(parseMetadataFilter(' app = web , q=a=b,')).toEqual({ ok: true, metadata: { app: 'web', q: 'a=b' } })
    expect(parseMetadataFilter('')).toEqual({ ok: true, metadata: {} })
    expect(parseMetadataFilter('novalue')).toMatchObject({ ok: false, error: expect.stringContaining('key=value') })
    expect(parseMetadataFilter('=v')).toMatchObject({ ok: false })
  })

  it('encodes the query exactly as SDK 2.51.0 does (contract 2.4)', () => {
    const q = new URLSearchParams()
    q.set('metadata', encodeMetadataQuery({ user: 'a b', 'k&': 'v=' })!)
    expect(q.toString()).toBe('metadata=user%3Da%252520b%26k%252526%3Dv%25253D')
    expect(encodeMetadataQuery({})).toBeUndefined()
  })
})

describe('log buffer', () => {
  const entry = (t: string, message: string, fields: Record<string, string> = {}): SandboxLogEntry => ({
    timestamp: t,
    message,
    level: 'info',
    fields,
  })

  it('merges a repeated second without duplicates, oldest first', () => {
    const first = [entry('2026-01-01T00:00:01.100Z', 'a'), entry('2026-01-01T00:00:01.200Z', 'b')]
    const again = [
      entry('2026-01-01T00:00:01.200Z', 'b'),
      entry('2026-01-01T00:00:02.000Z', 'c'),
      entry('2026-01-01T00:00:01.500Z', 'late'),
    ]
    const merged = mergeLogs(first, again)
    expect(merged.map((e) => e.message)).toEqual(['a', 'b', 'late', 'c'])
    expect(nextCursor(merged)).toBe(Date.parse('2026-01-01T00:00:02.000Z'))
    expect(mergeLogs(merged, again)).toBe(merged)
  })

  it('keeps lines that differ only in their fields, and at most `max` (the newest)', () => {
    const merged = mergeLogs(
      [entry('2026-01-01T00:00:01Z', 'x', { a: '1' })],
      [entry('2026-01-01T00:00:01Z', 'x', { a: '2' })],
    )
    expect(merged).toHaveLength(2)
    const many = Array.from({ length: 10 }, (_, i) => entry(`2026-01-01T00:00:${String(i).padStart(2, '0')}Z`, `m${i}`))
    expect(mergeLogs([], many, 3).map((e) => e.message)).toEqual(['m7', 'm8', 'm9'])
    expect(nextCursor([])).toBeUndefined()
  })
})

describe('metric series', () => {
  const sample = (t: number, cpu: number): SandboxMetric => ({
    timestamp: new Date(t * 1000).toISOString(),
    timestampUnix: t,
    cpuCount: 2,
    cpuUsedPct: cpu,
    memUsed: 64 * 1024 * 1024,
    memTotal: 1024 * 1024 * 1024,
    memCache: 0,
    diskUsed: 0,
    diskTotal: 0,
  })

  it('merges by timestamp (newer copy wins), sorted and bounded', () => {
    const merged = mergeSamples([sample(10, 1), sample(20, 2)], [sample(20, 5), sample(15, 3)])
    expect(merged.map((m) => [m.timestampUnix, m.cpuUsedPct])).toEqual([
      [10, 1],
      [15, 3],
      [20, 5],
    ])
    expect(mergeSamples(merged, [sample(30, 1)], 2).map((m) => m.timestampUnix)).toEqual([20, 30])
  })

  it('builds uPlot columns: unix seconds, CPU %, memory in MiB', () => {
    const { cpu, mem } = cpuMemSeries([sample(10, 1.5), sample(15, 2.5)])
    expect(cpu).toEqual([
      [10, 15],
      [1.5, 2.5],
    ])
    expect(mem).toEqual([
      [10, 15],
      [64, 64],
      [1024, 1024],
    ])
  })
})

describe('paths', () => {
  it('joins, climbs and splits absolute paths', () => {
    expect(joinPath('/home/user', 'a.txt')).toBe('/home/user/a.txt')
    expect(joinPath('/home/user', '../x/./y')).toBe('/home/x/y')
    expect(joinPath('/home/user', '/etc//passwd')).toBe('/etc/passwd')
    expect(parentPath('/home/user/')).toBe('/home')
    expect(parentPath('/')).toBe('/')
    expect(baseName('/home/user/a.txt')).toBe('a.txt')
    expect(breadcrumbs('/home/user')).toEqual([
      { name: '/', path: '/' },
      { name: 'home', path: '/home' },
      { name: 'user', path: '/home/user' },
    ])
  })
})

describe('routes', () => {
  it.each<[string, Route]>([
    ['', { view: 'sandboxes' }],
    ['#/sandboxes', { view: 'sandboxes' }],
    ['#/sandboxes/abc123', { view: 'sandbox', sandboxId: 'abc123', tab: 'terminal' }],
    ['#/sandboxes/abc123/files', { view: 'sandbox', sandboxId: 'abc123', tab: 'files' }],
    ['#/sandboxes/abc123/nope', { view: 'sandbox', sandboxId: 'abc123', tab: 'terminal' }],
    ['#/templates', { view: 'templates' }],
    ['#/templates/t1/builds/b-1', { view: 'templates', templateId: 't1', buildId: 'b-1' }],
    ['#/secrets', { view: 'secrets' }],
    ['#/sandboxes/%3Cimg%3E', { view: 'sandboxes' }],
    ['#/%E0%A4%A', { view: 'sandboxes' }],
  ])('parses %s', (hash, want) => {
    expect(parseRoute(hash)).toEqual(want)
  })

  it('round-trips every route through its href', () => {
    for (const r of [
      { view: 'sandbox', sandboxId: 'x1', tab: 'logs' },
      { view: 'templates', templateId: 't', buildId: 'b' },
      { view: 'volumes' },
    ] as Route[]) {
      expect(parseRoute(routeHref(r))).toEqual(r)
    }
  })
})
