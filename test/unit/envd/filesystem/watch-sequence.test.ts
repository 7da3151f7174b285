// The exact event sequences a watch reports for envd's own operations, as upstream's inotify
// watcher reports the syscalls its envd makes (contract 4.6): an upload creates, chowns and
// writes the file in place (CREATE, CHMOD, WRITE), MakeDir mkdirs and chowns (CREATE, CHMOD),
// Move renames (RENAME old, CREATE new), Remove unlinks (REMOVE).
import { appendFile, mkdir, writeFile } from 'node:fs/promises'
import { describe, expect, it, onTestFinished } from 'vitest'
import { EventType, type FilesystemEvent } from '../../../../src/gen/filesystem/filesystem_pb.js'
import { startEnvd, type InProcessEnvd } from '../../../support/envd-inprocess.js'

const { CREATE, WRITE, CHMOD, RENAME, REMOVE } = EventType
const NAMES: Record<number, string> = {
  [CREATE]: 'CREATE',
  [WRITE]: 'WRITE',
  [CHMOD]: 'CHMOD',
  [RENAME]: 'RENAME',
  [REMOVE]: 'REMOVE',
}

async function envd() {
  const e = await startEnvd()
  onTestFinished(() => e.close())
  return e
}

/** A WatchDir stream on `dir`, recording its filesystem events. */
async function watch(e: InProcessEnvd, dir: string, recursive = false) {
  const abort = new AbortController()
  onTestFinished(() => abort.abort())
  const events: FilesystemEvent[] = []
  const stream = e.filesystem.watchDir({ path: dir, recursive }, { signal: abort.signal })[Symbol.asyncIterator]()
  expect((await stream.next()).value?.event.case).toBe('start')
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await stream.next()
        if (done) return
        if (value.event.case === 'filesystem') events.push(value.event.value)
      }
    } catch {
      // aborted at the end of the test
    }
  })()
  let markers = 0
  return {
    /** `name: TYPE` for every event so far. */
    seen: () => events.map((ev) => `${ev.name}: ${NAMES[ev.type] ?? ev.type}`),
    /**
     * Waits for `count` events, then for a marker file's CREATE, so that whatever the operation
     * still had to report has been reported; returns the events before the marker.
     */
    async settle(count: number): Promise<string[]> {
      await expect
        .poll(() => events.length, { timeout: 5000, interval: 100, message: `${count} events` })
        .toBeGreaterThanOrEqual(count)
      const marker = `zz-marker-${++markers}`
      await writeFile(`${dir}/${marker}`, '')
      await expect
        .poll(() => events.some((ev) => ev.name === marker), { timeout: 5000, interval: 100, message: 'the marker' })
        .toBe(true)
      return this.seen().filter((s) => !s.startsWith('zz-marker-'))
    },
  }
}

/** POST /files multipart, as the SDK's files.write sends it. */
async function upload(e: InProcessEnvd, path: string, content: string): Promise<void> {
  const form = new FormData()
  form.append('file', new Blob([content], { type: 'application/octet-stream' }), path)
  const res = await fetch(`${e.url}/files`, { method: 'POST', body: form })
  expect(res.status).toBe(200)
}

describe('watch event sequences for envd operations', () => {
  it('files.write of a new file: CREATE, CHMOD, WRITE', async () => {
    const e = await envd()
    await e.seed({ 'w/': null })
    const w = await watch(e, e.path('w'))
    await upload(e, e.path('w', 'new.txt'), 'content')
    expect(await w.settle(3)).toEqual(['new.txt: CREATE', 'new.txt: CHMOD', 'new.txt: WRITE'])
  })

  it('files.write of a new empty file: CREATE, CHMOD (nothing written)', async () => {
    const e = await envd()
    await e.seed({ 'w/': null })
    const w = await watch(e, e.path('w'))
    await upload(e, e.path('w', 'empty.txt'), '')
    expect(await w.settle(2)).toEqual(['empty.txt: CREATE', 'empty.txt: CHMOD'])
  })

  it('files.write over an existing file: CHMOD, WRITE', async () => {
    const e = await envd()
    await e.seed({ 'w/old.txt': 'before' })
    const w = await watch(e, e.path('w'))
    await upload(e, e.path('w', 'old.txt'), 'after, longer')
    expect(await w.settle(2)).toEqual(['old.txt: CHMOD', 'old.txt: WRITE'])
  })

  it('an append by a process: WRITE', async () => {
    const e = await envd()
    await e.seed({ 'w/log.txt': 'line 1\n' })
    const w = await watch(e, e.path('w'))
    await appendFile(e.path('w', 'log.txt'), 'line 2\n')
    expect(await w.settle(1)).toEqual(['log.txt: WRITE'])
  })

  it('files.rename within the directory: RENAME of the old name, then CREATE of the new one', async () => {
    const e = await envd()
    await e.seed({ 'w/before.txt': 'x' })
    const w = await watch(e, e.path('w'))
    await e.filesystem.move({ source: e.path('w', 'before.txt'), destination: e.path('w', 'after.txt') })
    expect(await w.settle(2)).toEqual(['before.txt: RENAME', 'after.txt: CREATE'])
  })

  it('files.rename out of and into the watched directory: RENAME, resp. CREATE', async () => {
    const e = await envd()
    await e.seed({ 'w/leaving.txt': 'x', 'elsewhere/arriving.txt': 'y' })
    const w = await watch(e, e.path('w'))
    await e.filesystem.move({ source: e.path('w', 'leaving.txt'), destination: e.path('elsewhere', 'left.txt') })
    await e.filesystem.move({ source: e.path('elsewhere', 'arriving.txt'), destination: e.path('w', 'arrived.txt') })
    expect(await w.settle(2)).toEqual(['leaving.txt: RENAME', 'arrived.txt: CREATE'])
  })

  it('files.remove: REMOVE', async () => {
    const e = await envd()
    await e.seed({ 'w/doomed.txt': 'x' })
    const w = await watch(e, e.path('w'))
    await e.filesystem.remove({ path: e.path('w', 'doomed.txt') })
    expect(await w.settle(1)).toEqual(['doomed.txt: REMOVE'])
  })

  it('files.makeDir: CREATE, CHMOD', async () => {
    const e = await envd()
    await e.seed({ 'w/': null })
    const w = await watch(e, e.path('w'))
    await e.filesystem.makeDir({ path: e.path('w', 'child') })
    expect(await w.settle(2)).toEqual(['child: CREATE', 'child: CHMOD'])
  })

  it('files.write into a new subdirectory, watched non-recursively: the directory CREATE, CHMOD only', async () => {
    const e = await envd()
    await e.seed({ 'w/': null })
    const w = await watch(e, e.path('w'))
    await upload(e, e.path('w', 'sub', 'deep.txt'), 'deep')
    expect(await w.settle(2)).toEqual(['sub: CREATE', 'sub: CHMOD'])
  })

  it('files.write of a new file in a recursive watch: CREATE, CHMOD, WRITE named sub/file', async () => {
    const e = await envd()
    await mkdir(e.path('w', 'sub'), { recursive: true })
    const w = await watch(e, e.path('w'), true)
    await upload(e, e.path('w', 'sub', 'f.txt'), 'nested')
    expect(await w.settle(3)).toEqual(['sub/f.txt: CREATE', 'sub/f.txt: CHMOD', 'sub/f.txt: WRITE'])
  })

  it('a file created by a process (not envd) still gives CREATE, WRITE', async () => {
    const e = await envd()
    await e.seed({ 'w/': null })
    const w = await watch(e, e.path('w'))
    await writeFile(e.path('w', 'by-shell.txt'), 'echo > file')
    expect(await w.settle(2)).toEqual(['by-shell.txt: CREATE', 'by-shell.txt: WRITE'])
  })
})
