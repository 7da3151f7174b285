// A killed sandbox's log, kept as upstream keeps logs after a kill: the last `keepBytes` of its
// output, saved just before its container is removed, as `<RFC 3339> <line>` lines in
// <dataDir>/sandbox-logs/<sandboxId>.log. A file older than the retention (its mtime, so a restart
// honours it) answers as absent and is removed on the next read or sweep; all files together stay
// under `totalBytes` (the oldest go first). Reads are the same bounded reads as a live log.
import { mkdir, open, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { collectLogStream, createLogCollector } from '../runtime/log-reader.js'
import type { ContainerLogLine, LogRead } from '../runtime/types.js'
import { Readable } from 'node:stream'

export type KeptLogsOptions = Readonly<{
  dir: string
  /** 0: nothing is kept. */
  retentionMs: number
  keepBytes: number
  totalBytes: number
  log: Logger
}>

export type KeptLogs = ReturnType<typeof createKeptLogs>

const SAFE_ID = /^[a-zA-Z0-9_-]{1,128}$/

export function createKeptLogs(o: KeptLogsOptions) {
  const fileOf = (sandboxId: string) => join(o.dir, `${sandboxId}.log`)
  let timer: NodeJS.Timeout | undefined

  /** Removes expired files, then the oldest while all together exceed the total. */
  async function sweep(): Promise<void> {
    const names = await readdir(o.dir).catch(() => [] as string[])
    const files: { path: string; mtimeMs: number; size: number }[] = []
    for (const n of names) {
      if (!n.endsWith('.log')) continue
      const path = join(o.dir, n)
      const s = await stat(path).catch(() => undefined)
      if (!s) continue
      if (Date.now() - s.mtimeMs >= o.retentionMs) await rm(path, { force: true })
      else files.push({ path, mtimeMs: s.mtimeMs, size: s.size })
    }
    let total = files.reduce((a, f) => a + f.size, 0)
    files.sort((a, b) => a.mtimeMs - b.mtimeMs)
    for (const f of files) {
      if (total <= o.totalBytes) break
      await rm(f.path, { force: true })
      total -= f.size
    }
  }

  return {
    /** Sweeps now, then every half retention (at least 1 s, at most 10 min). */
    async start(): Promise<void> {
      if (o.retentionMs <= 0) return
      await mkdir(o.dir, { recursive: true, mode: 0o700 })
      await sweep().catch((err: unknown) => o.log.warn({ err }, 'sweeping kept sandbox logs failed'))
      const every = Math.min(600_000, Math.max(1000, Math.floor(o.retentionMs / 2)))
      timer = setInterval(
        () => void sweep().catch((err: unknown) => o.log.warn({ err }, 'sweeping kept sandbox logs failed')),
        every,
      )
      timer.unref()
    },

    stop(): void {
      clearInterval(timer)
    },

    /** Keeps `lines` (newest first, as read) up to keepBytes, written oldest first. */
    async keep(sandboxId: string, newestFirst: readonly ContainerLogLine[]): Promise<void> {
      if (o.retentionMs <= 0 || !SAFE_ID.test(sandboxId)) return
      const out: string[] = []
      let bytes = 0
      for (const l of newestFirst) {
        const text = `${l.timestamp.toISOString()} ${l.line}\n`
        bytes += Buffer.byteLength(text)
        if (bytes > o.keepBytes) break
        out.push(text)
      }
      await mkdir(o.dir, { recursive: true, mode: 0o700 })
      await writeFile(fileOf(sandboxId), out.reverse().join(''), { mode: 0o600 })
    },

    /** The kept log's lines for `read`; undefined when none is kept (never was, expired, removed). */
    async read(sandboxId: string, read: LogRead): Promise<ContainerLogLine[] | undefined> {
      if (o.retentionMs <= 0 || !SAFE_ID.test(sandboxId)) return undefined
      const path = fileOf(sandboxId)
      const file = await open(path, 'r').catch(() => undefined)
      if (!file) return undefined
      try {
        const s = await file.stat()
        if (Date.now() - s.mtimeMs >= o.retentionMs) {
          await rm(path, { force: true })
          return undefined
        }
        // Bounded by keepBytes when written; read at most that much again whatever the file holds.
        const buf = Buffer.alloc(Math.min(s.size, o.keepBytes))
        const { bytesRead } = await file.read(buf, 0, buf.length, Math.max(0, s.size - buf.length))
        return await collectLogStream(Readable.from([buf.subarray(0, bytesRead)]), createLogCollector(read))
      } finally {
        await file.close()
      }
    },

    sweep,
  }
}
