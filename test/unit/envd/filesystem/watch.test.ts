// WatchDir streams and the polling watchers (contract 4.5, 4.6, 4.8).
import { writeFile } from 'node:fs/promises'
import { Code } from '@connectrpc/connect'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { EventType, type FilesystemEvent } from '../../../../src/gen/filesystem/filesystem_pb.js'
import { collectStream, rpcError, startEnvd } from '../../../support/envd-inprocess.js'

async function envd() {
  const e = await startEnvd()
  onTestFinished(() => e.close())
  return e
}

describe('WatchDir', () => {
  it('ends the stream with not_found and no start for a missing directory', async () => {
    const e = await envd()
    const { messages, error } = await collectStream(e.filesystem.watchDir({ path: e.path('missing') }))
    expect(messages).toEqual([])
    expect(error?.code).toBe(Code.NotFound)
  })

  it('ends the stream with invalid_argument for a file', async () => {
    const e = await envd()
    await e.seed({ 'f.txt': 'x' })
    const { messages, error } = await collectStream(e.filesystem.watchDir({ path: e.path('f.txt') }))
    expect(messages).toEqual([])
    expect(error?.code).toBe(Code.InvalidArgument)
  })

  it('sends start first, then a CREATE event named relative to the directory', async () => {
    const e = await envd()
    await e.seed({ 'watched/': null })
    const abort = new AbortController()
    onTestFinished(() => abort.abort())
    const stream = e.filesystem.watchDir({ path: e.path('watched') }, { signal: abort.signal })[Symbol.asyncIterator]()
    const first = await stream.next()
    expect(first.value?.event.case).toBe('start')
    await writeFile(e.path('watched', 'new.txt'), 'hello')
    for (;;) {
      const { value, done } = await stream.next()
      expect(done).toBe(false)
      if (value?.event.case !== 'filesystem') continue
      expect(value.event.value).toMatchObject({ name: 'new.txt', type: EventType.CREATE })
      break
    }
  })
})

describe('polling watchers', () => {
  it('buffers events until GetWatcherEvents drains them, then returns only newer ones', async () => {
    const e = await envd()
    await e.seed({ 'dir/': null })
    const { watcherId } = await e.filesystem.createWatcher({ path: e.path('dir') })
    expect(watcherId).toMatch(/^w[a-z0-9]{20}$/)
    await writeFile(e.path('dir', 'a.txt'), 'a')
    const seen: FilesystemEvent[] = []
    await vi.waitFor(
      async () => {
        seen.push(...(await e.filesystem.getWatcherEvents({ watcherId })).events)
        expect(
          seen.some((ev) => ev.name === 'a.txt' && ev.type === EventType.CREATE),
          'CREATE a.txt',
        ).toBe(true)
      },
      { timeout: 5000, interval: 100 },
    )
    const { events: after } = await e.filesystem.getWatcherEvents({ watcherId })
    expect(after.filter((ev) => ev.type === EventType.CREATE && ev.name === 'a.txt')).toEqual([])
    await e.filesystem.removeWatcher({ watcherId })
  })

  it('includes entries for CREATE events when asked', async () => {
    const e = await envd()
    await e.seed({ 'dir/': null })
    const { watcherId } = await e.filesystem.createWatcher({ path: e.path('dir'), includeEntry: true })
    await writeFile(e.path('dir', 'b.txt'), 'bb')
    const ev = await vi.waitFor(
      async () => {
        const { events } = await e.filesystem.getWatcherEvents({ watcherId })
        const created = events.find((x) => x.name === 'b.txt' && x.type === EventType.CREATE)
        expect(created, 'CREATE b.txt').toBeDefined()
        return created!
      },
      { timeout: 5000, interval: 100 },
    )
    expect(ev.entry?.path).toBe(e.path('dir', 'b.txt'))
  })

  it('removes a watcher, after which its id is not_found', async () => {
    const e = await envd()
    await e.seed({ 'dir/': null })
    const { watcherId } = await e.filesystem.createWatcher({ path: e.path('dir') })
    await e.filesystem.removeWatcher({ watcherId })
    expect((await rpcError(e.filesystem.getWatcherEvents({ watcherId }))).code).toBe(Code.NotFound)
    expect((await rpcError(e.filesystem.removeWatcher({ watcherId }))).code).toBe(Code.NotFound)
  })

  it.each([['getWatcherEvents'], ['removeWatcher']] as const)(
    '%s with an unknown id returns not_found',
    async (method) => {
      const e = await envd()
      const err = await rpcError(e.filesystem[method]({ watcherId: 'wdoesnotexist' }))
      expect(err.code).toBe(Code.NotFound)
      expect(err.rawMessage).toBe('watcher with id wdoesnotexist not found')
    },
  )

  it('returns not_found from CreateWatcher for a missing directory', async () => {
    const e = await envd()
    const err = await rpcError(e.filesystem.createWatcher({ path: e.path('missing') }))
    expect(err.code).toBe(Code.NotFound)
  })
})
