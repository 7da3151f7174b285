// files.watchDir conformance through the official SDK (contract 4.5 WatchDir, 4.6, 4.8, 8.2 files/watch).
import {
  FileNotFoundError,
  FilesystemEventType,
  InvalidArgumentError,
  SandboxError,
  type FilesystemEvent,
  type Sandbox,
  type WatchHandle,
} from 'e2b'
import { createClient } from '@connectrpc/connect'
import { createConnectTransport } from '@connectrpc/connect-node'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { EventType, Filesystem } from '../../src/gen/filesystem/filesystem_pb.js'
import { connectSandbox, envdTarget } from '../support/sdk.js'
import { unique } from '../support/async.js'

const EVENT_TIMEOUT_MS = 10_000

let sbx: Sandbox

beforeAll(async () => {
  sbx = await connectSandbox()
})

async function tempDir(prefix = 'watch'): Promise<string> {
  const dir = `/home/user/${unique(prefix)}`
  expect(await sbx.files.makeDir(dir)).toBe(true)
  onTestFinished(async () => {
    await sbx.files.remove(dir)
  })
  return dir
}

type Pred = (e: FilesystemEvent) => boolean

/** Collects events of one watch and lets a test await the first event matching a predicate. */
class Recorder {
  readonly events: FilesystemEvent[] = []
  private waiters: { pred: Pred; resolve: (e: FilesystemEvent) => void }[] = []
  exited: { err?: Error } | undefined
  private exitWaiters: (() => void)[] = []

  readonly onEvent = (e: FilesystemEvent) => {
    this.events.push(e)
    for (const w of [...this.waiters]) {
      if (w.pred(e)) {
        this.waiters = this.waiters.filter((x) => x !== w)
        w.resolve(e)
      }
    }
  }

  readonly onExit = (err?: Error) => {
    this.exited = { err }
    for (const w of this.exitWaiters) w()
  }

  /** Resolves with the first (past or future) event matching `pred`; rejects after the timeout. */
  waitFor(pred: Pred, what: string, timeoutMs = EVENT_TIMEOUT_MS): Promise<FilesystemEvent> {
    const seen = this.events.find(pred)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x.pred !== pred)
        reject(
          new Error(
            `timed out after ${timeoutMs} ms waiting for ${what}; got ${JSON.stringify(this.events.map((e) => [e.type, e.name]))}`,
          ),
        )
      }, timeoutMs)
      this.waiters.push({
        pred,
        resolve: (e) => {
          clearTimeout(timer)
          resolve(e)
        },
      })
    })
  }

  waitEvent(type: FilesystemEventType, name: string): Promise<FilesystemEvent> {
    return this.waitFor((e) => e.type === type && e.name === name, `${type} ${name}`)
  }

  /** `name: type` of every event so far. */
  seen(): string[] {
    return this.events.map((e) => `${e.name}: ${e.type}`)
  }

  /**
   * Waits for `count` events, then for a marker file's CREATE written after them, so whatever the
   * operation still had to report has arrived; returns the events before the marker.
   */
  async settle(dir: string, count: number): Promise<string[]> {
    await this.waitFor(() => this.events.length >= count, `${count} events`)
    const marker = `zz-marker-${++this.markers}`
    await sbx.commands.run(`touch '${dir}/${marker}'`)
    await this.waitEvent(FilesystemEventType.CREATE, marker)
    return this.seen().filter((s) => !s.startsWith('zz-marker-'))
  }

  private markers = 0

  waitExit(timeoutMs = EVENT_TIMEOUT_MS): Promise<{ err?: Error }> {
    if (this.exited) return Promise.resolve(this.exited)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('watch did not exit')), timeoutMs)
      this.exitWaiters.push(() => {
        clearTimeout(timer)
        resolve(this.exited!)
      })
    })
  }
}

async function watch(
  dir: string,
  opts: { recursive?: boolean; includeEntry?: boolean } = {},
): Promise<{ rec: Recorder; handle: WatchHandle }> {
  const rec = new Recorder()
  const handle = await sbx.files.watchDir(dir, rec.onEvent, { ...opts, onExit: rec.onExit, timeoutMs: 0 })
  onTestFinished(() => handle.stop())
  return { rec, handle }
}

describe('watchDir events', () => {
  // Upstream's sequences (contract 4.6): its envd writes an upload in place (create, chown,
  // write), MakeDir mkdirs and chowns, Move renames, Remove unlinks; inotify reports each syscall.
  const { CREATE, CHMOD, WRITE, RENAME, REMOVE } = FilesystemEventType

  it('files.write of a new file gives CREATE, CHMOD, WRITE', async () => {
    const dir = await tempDir()
    const { rec } = await watch(dir)
    await sbx.files.write(`${dir}/test.txt`, 'new file content')
    // Upload temp files must never leak into events.
    expect(await rec.settle(dir, 3)).toEqual([`test.txt: ${CREATE}`, `test.txt: ${CHMOD}`, `test.txt: ${WRITE}`])
  })

  it('files.write of a new empty file gives CREATE, CHMOD', async () => {
    const dir = await tempDir()
    const { rec } = await watch(dir)
    await sbx.files.write(`${dir}/empty.txt`, '')
    expect(await rec.settle(dir, 2)).toEqual([`empty.txt: ${CREATE}`, `empty.txt: ${CHMOD}`])
  })

  it('files.write over an existing file gives CHMOD, WRITE (never CREATE)', async () => {
    const dir = await tempDir()
    await sbx.files.write(`${dir}/existing.txt`, 'initial')
    const { rec } = await watch(dir)
    await sbx.files.write(`${dir}/existing.txt`, 'updated content')
    expect(await rec.settle(dir, 2)).toEqual([`existing.txt: ${CHMOD}`, `existing.txt: ${WRITE}`])
    expect(rec.events.every((e) => e.entry === undefined)).toBe(true) // includeEntry not requested
  })

  it('appending from a process to an existing file gives WRITE', async () => {
    const dir = await tempDir()
    await sbx.files.write(`${dir}/log.txt`, 'line 1\n')
    const { rec } = await watch(dir)
    const res = await sbx.commands.run(`echo 'line 2' >> '${dir}/log.txt'`)
    expect(res.exitCode).toBe(0)
    expect(await rec.settle(dir, 1)).toEqual([`log.txt: ${WRITE}`])
  })

  it('files.remove gives REMOVE', async () => {
    const dir = await tempDir()
    await sbx.files.write(`${dir}/doomed.txt`, 'bye')
    const { rec } = await watch(dir)
    await sbx.files.remove(`${dir}/doomed.txt`)
    expect(await rec.settle(dir, 1)).toEqual([`doomed.txt: ${REMOVE}`])
    expect(rec.events[0]!.entry).toBeUndefined()
  })

  it('a file written during the watch and then removed gives CREATE, CHMOD, WRITE, then REMOVE (not RENAME)', async () => {
    // The SDK's own watch test: write a new file, wait for its events, remove it, expect REMOVE.
    const dir = await tempDir()
    const { rec } = await watch(dir)
    await sbx.files.write(`${dir}/test.txt`, 'short-lived')
    await rec.waitEvent(WRITE, 'test.txt')
    await sbx.files.remove(`${dir}/test.txt`)
    expect(await rec.settle(dir, 4)).toEqual([
      `test.txt: ${CREATE}`,
      `test.txt: ${CHMOD}`,
      `test.txt: ${WRITE}`,
      `test.txt: ${REMOVE}`,
    ])
  })

  it('files.rename gives RENAME for the old name, then CREATE for the new one', async () => {
    const dir = await tempDir()
    await sbx.files.write(`${dir}/before.txt`, 'rename me')
    const { rec } = await watch(dir)
    await sbx.files.rename(`${dir}/before.txt`, `${dir}/after.txt`)
    expect(await rec.settle(dir, 2)).toEqual([`before.txt: ${RENAME}`, `after.txt: ${CREATE}`])
  })

  it('files.makeDir gives CREATE, CHMOD with its name (non-recursive)', async () => {
    const dir = await tempDir()
    const { rec } = await watch(dir)
    expect(await sbx.files.makeDir(`${dir}/child`)).toBe(true)
    expect(await rec.settle(dir, 2)).toEqual([`child: ${CREATE}`, `child: ${CHMOD}`])
  })
})

describe('recursive watch', () => {
  it("reports nested names like 'sub/file.txt'", async () => {
    const dir = await tempDir()
    expect(await sbx.files.makeDir(`${dir}/sub/inner`)).toBe(true)
    await sbx.files.write(`${dir}/sub/pre.txt`, 'existed before the watch')
    const { rec } = await watch(dir, { recursive: true })
    await sbx.files.write(`${dir}/sub/file.txt`, 'nested')
    await rec.waitEvent(FilesystemEventType.CREATE, 'sub/file.txt')
    await rec.waitEvent(FilesystemEventType.WRITE, 'sub/file.txt')
    await sbx.files.write(`${dir}/sub/inner/deep.txt`, 'deeper')
    await rec.waitEvent(FilesystemEventType.WRITE, 'sub/inner/deep.txt')
    await sbx.files.remove(`${dir}/sub/pre.txt`)
    await rec.waitEvent(FilesystemEventType.REMOVE, 'sub/pre.txt')
  })

  it('watches a directory created after the watch started', async () => {
    const dir = await tempDir()
    const { rec } = await watch(dir, { recursive: true })
    expect(await sbx.files.makeDir(`${dir}/later`)).toBe(true)
    await rec.waitEvent(FilesystemEventType.CREATE, 'later')
    await sbx.files.write(`${dir}/later/file.txt`, 'in the new dir')
    await rec.waitEvent(FilesystemEventType.WRITE, 'later/file.txt')
    // And a second write after the subtree is certainly watched.
    const writesBefore = rec.events.filter(
      (e) => e.type === FilesystemEventType.WRITE && e.name === 'later/file.txt',
    ).length
    await sbx.commands.run(`echo more >> '${dir}/later/file.txt'`)
    await rec.waitFor(
      (e) =>
        e.type === FilesystemEventType.WRITE &&
        e.name === 'later/file.txt' &&
        rec.events.filter((x) => x.type === FilesystemEventType.WRITE && x.name === 'later/file.txt').length >
          writesBefore,
      'a second WRITE later/file.txt',
    )
  })

  it('a non-recursive watch does not report changes inside subdirectories', async () => {
    const dir = await tempDir()
    expect(await sbx.files.makeDir(`${dir}/sub`)).toBe(true)
    const { rec } = await watch(dir)
    await sbx.files.write(`${dir}/sub/hidden.txt`, 'not reported')
    // A marker at the top level proves events up to this point were delivered.
    await sbx.files.write(`${dir}/marker.txt`, 'marker')
    await rec.waitEvent(FilesystemEventType.WRITE, 'marker.txt')
    expect(rec.events.some((e) => e.name.includes('hidden.txt'))).toBe(false)
  })
})

describe('includeEntry', () => {
  it('attaches the entry for CREATE and WRITE', async () => {
    const dir = await tempDir()
    await sbx.files.write(`${dir}/pre.txt`, 'existed before the watch')
    const { rec } = await watch(dir, { includeEntry: true })
    await sbx.files.write(`${dir}/entry.txt`, 'entry content')
    const create = await rec.waitEvent(FilesystemEventType.CREATE, 'entry.txt')
    const write = await rec.waitEvent(FilesystemEventType.WRITE, 'entry.txt')
    for (const ev of [create, write]) {
      expect(ev.entry).toBeDefined()
      expect(ev.entry!.path).toBe(`${dir}/entry.txt`)
      expect(ev.entry!.name).toBe('entry.txt')
      expect(ev.entry!.type).toBe('file')
      expect(ev.entry!.owner).toBe('user')
    }
    expect(write.entry!.size).toBe(Buffer.byteLength('entry content'))

    expect(await sbx.files.makeDir(`${dir}/entry-dir`)).toBe(true)
    const dirCreate = await rec.waitEvent(FilesystemEventType.CREATE, 'entry-dir')
    expect(dirCreate.entry?.type).toBe('dir')
    expect(dirCreate.entry?.path).toBe(`${dir}/entry-dir`)

    // Never an entry for REMOVE (contract 4.6).
    await sbx.files.remove(`${dir}/pre.txt`)
    const removed = await rec.waitEvent(FilesystemEventType.REMOVE, 'pre.txt')
    expect(removed.entry).toBeUndefined()
  })

  it('gives entries with full paths in a recursive watch', async () => {
    const dir = await tempDir()
    expect(await sbx.files.makeDir(`${dir}/sub`)).toBe(true)
    const { rec } = await watch(dir, { recursive: true, includeEntry: true })
    await sbx.files.write(`${dir}/sub/r.txt`, 'r')
    const ev = await rec.waitEvent(FilesystemEventType.WRITE, 'sub/r.txt')
    expect(ev.entry?.path).toBe(`${dir}/sub/r.txt`)
    expect(ev.entry?.name).toBe('r.txt')
    expect(ev.entry?.type).toBe('file')
  })
})

describe('watchDir errors and lifecycle', () => {
  it('watching a missing directory rejects with FileNotFoundError', async () => {
    const dir = await tempDir()
    const rec = new Recorder()
    await expect(sbx.files.watchDir(`${dir}/does-not-exist`, rec.onEvent, { timeoutMs: 0 })).rejects.toBeInstanceOf(
      FileNotFoundError,
    )
  })

  it('watching a file rejects with SandboxError (invalid_argument)', async () => {
    const dir = await tempDir()
    await sbx.files.write(`${dir}/plain.txt`, 'not a dir')
    const rec = new Recorder()
    const attempt = sbx.files.watchDir(`${dir}/plain.txt`, rec.onEvent, { timeoutMs: 0 })
    await expect(attempt).rejects.toBeInstanceOf(SandboxError)
    await expect(attempt).rejects.toBeInstanceOf(InvalidArgumentError)
  })

  it('stop() ends the watch: onExit fires and later changes are not delivered to it', async () => {
    const dir = await tempDir()
    const stopped = await watch(dir)
    const still = await watch(dir)
    await sbx.files.write(`${dir}/first.txt`, '1')
    await stopped.rec.waitEvent(FilesystemEventType.WRITE, 'first.txt')
    await still.rec.waitEvent(FilesystemEventType.WRITE, 'first.txt')

    await stopped.handle.stop()
    await stopped.rec.waitExit()
    const countAtStop = stopped.rec.events.length

    await sbx.files.write(`${dir}/second.txt`, '2')
    // The live watch sees the change, so it has happened; the stopped one must not.
    await still.rec.waitEvent(FilesystemEventType.CREATE, 'second.txt')
    await still.rec.waitEvent(FilesystemEventType.WRITE, 'second.txt')
    expect(stopped.rec.events.length).toBe(countAtStop)
    expect(stopped.rec.events.some((e) => e.name === 'second.txt')).toBe(false)
  })

  it('many watches opened and stopped leave the daemon responsive', async () => {
    const dir = await tempDir()
    const handles: WatchHandle[] = []
    for (let i = 0; i < 20; i++) handles.push(await sbx.files.watchDir(dir, () => undefined, { timeoutMs: 0 }))
    await Promise.all(handles.map((h) => h.stop()))
    const { rec } = await watch(dir)
    await sbx.files.write(`${dir}/after-many.txt`, 'ok')
    await rec.waitEvent(FilesystemEventType.WRITE, 'after-many.txt')
  })
})

describe("polling watchers (the Python SDK's sync watch_dir: CreateWatcher, then GetWatcherEvents)", () => {
  /** envd's Filesystem service as the sync client calls it: unary Connect over HTTP/1.1, as user `user`. */
  async function pollingClient() {
    const { url, headers } = await envdTarget(sbx)
    const transport = createConnectTransport({
      baseUrl: url,
      httpVersion: '1.1',
      interceptors: [
        (next) => async (req) => {
          for (const [k, v] of Object.entries(headers)) req.header.set(k, v)
          req.header.set('authorization', `Basic ${Buffer.from('user:').toString('base64')}`)
          return next(req)
        },
      ],
    })
    return createClient(Filesystem, transport)
  }

  // Upstream's inotify has queued a write's events by the time files.write returns, so the sync
  // client's first poll right after it already has them (E2B's test_watch_recursive_directory_changes).
  it.each([false, true])(
    'a poll right after files.write has its CREATE, CHMOD, WRITE (recursive: %s)',
    async (recursive) => {
      const fs = await pollingClient()
      for (let round = 0; round < 5; round++) {
        const dir = await tempDir('poll')
        const sub = recursive ? 'nested/' : ''
        if (recursive) await sbx.files.makeDir(`${dir}/nested`)
        const { watcherId } = await fs.createWatcher({ path: dir, recursive })
        onTestFinished(async () => void (await fs.removeWatcher({ watcherId }).catch(() => undefined)))
        await sbx.files.write(`${dir}/${sub}watched.txt`, 'This file will be watched.')
        const { events } = await fs.getWatcherEvents({ watcherId })
        expect(events.map((e) => [e.type, e.name])).toEqual([
          [EventType.CREATE, `${sub}watched.txt`],
          [EventType.CHMOD, `${sub}watched.txt`],
          [EventType.WRITE, `${sub}watched.txt`],
        ])
      }
    },
  )
})
