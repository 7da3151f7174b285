// GET /v2/sandboxes' pure parts: the SDK's double-encoded metadata filter, ordering (ties by id),
// filters, and cursor paging whose tokens carry their order.
import { describe, expect, it } from 'vitest'
import { listPage, parseMetadataFilter, type ListFilter } from '../../../../src/node/sandboxes/list-query.js'
import type { SandboxInfo } from '../../../../src/node/sandboxes/types.js'
import { rejection } from '../../../support/async.js'

describe('parseMetadataFilter', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['a=1', { a: '1' }],
    ['a=1&b=2&', { a: '1', b: '2' }],
    ['team+name=x+y', { 'team name': 'x y' }],
    [
      `${encodeURIComponent(encodeURIComponent('k&=/ü'))}=${encodeURIComponent(encodeURIComponent('v=1&2 %'))}`,
      { 'k&=/ü': 'v=1&2 %' },
    ],
    ['a=', { a: '' }],
  ])('decodes %j', (raw, want) => expect(parseMetadataFilter(raw)).toEqual(want))

  it.each([
    ['novalue', "malformed pair 'novalue'"],
    ['=x', "malformed pair '=x'"],
    ['a=%E0%A4%A', 'malformed encoding'],
  ])('refuses %j', async (raw, message) => {
    const err = await rejection(() => parseMetadataFilter(raw))
    expect(err).toMatchObject({ kind: 'invalid_argument', message: expect.stringContaining(message) })
  })
})

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s))
const sbx = (id: string, s: number, more: Partial<SandboxInfo> = {}) =>
  ({
    sandboxId: id,
    startedAt: at(s),
    state: 'running',
    templateId: 'base',
    alias: 'base',
    metadata: {},
    ...more,
  }) as SandboxInfo
const ALL = [
  sbx('b', 2),
  sbx('a', 2),
  sbx('c', 1, { state: 'paused', metadata: { k: 'v' } }),
  sbx('d', 3, { templateId: 'tid', alias: 'app' }),
  sbx('e', 0),
]
const filter = (f: Partial<ListFilter> = {}): ListFilter => ({
  states: ['running', 'paused'],
  order: 'desc',
  limit: 100,
  ...f,
})

describe('listPage', () => {
  it('orders newest first with ties by id, and exactly the reverse for asc', () => {
    expect(listPage(ALL, filter()).items.map((s) => s.sandboxId)).toEqual(['d', 'a', 'b', 'c', 'e'])
    expect(listPage(ALL, filter({ order: 'asc' })).items.map((s) => s.sandboxId)).toEqual(['e', 'c', 'b', 'a', 'd'])
  })

  it('pages with tokens in both orders, visiting every sandbox once, and counts running over all pages', () => {
    for (const order of ['desc', 'asc'] as const) {
      const seen: string[] = []
      let nextToken: string | undefined
      do {
        const page = listPage(ALL, filter({ order, limit: 2, nextToken }))
        expect(page.totalRunning).toBe(4)
        seen.push(...page.items.map((s) => s.sandboxId))
        nextToken = page.nextToken
      } while (nextToken)
      expect(seen).toEqual(listPage(ALL, filter({ order })).items.map((s) => s.sandboxId))
    }
  })

  it('filters by state, template id or alias, start time and metadata', () => {
    const ids = (f: Partial<ListFilter>) => listPage(ALL, filter(f)).items.map((s) => s.sandboxId)
    expect(ids({ states: ['paused'] })).toEqual(['c'])
    expect(ids({ templateIds: ['app'] })).toEqual(['d'])
    expect(ids({ templateIds: ['tid'] })).toEqual(['d'])
    expect(ids({ startedAfter: at(2) })).toEqual(['d', 'a', 'b'])
    expect(ids({ metadata: { k: 'v' } })).toEqual(['c'])
    expect(ids({ metadata: { k: 'other' } })).toEqual([])
  })

  it('refuses a token of the other order or of nothing', async () => {
    const { nextToken } = listPage(ALL, filter({ limit: 1 }))
    expect(await rejection(() => listPage(ALL, filter({ order: 'asc', nextToken })))).toMatchObject({
      kind: 'invalid_argument',
      message: 'Invalid next token',
    })
    expect(await rejection(() => listPage(ALL, filter({ nextToken: 'garbage' })))).toMatchObject({
      message: 'Invalid next token',
    })
  })

  it('answers no token on the last page, and an empty page after a cursor past the end', () => {
    expect(listPage(ALL, filter({ limit: 5 })).nextToken).toBeUndefined()
    const { nextToken } = listPage([sbx('x', 1), sbx('y', 0)], filter({ limit: 1 }))
    expect(listPage([sbx('x', 1)], filter({ limit: 1, nextToken })).items).toEqual([])
  })
})
