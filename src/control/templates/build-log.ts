// A build's output as stored: bounded whatever the build prints. Each line is cut at
// MAX_BUILD_LOG_LINE_CHARS; the first half of `maxLines` is stored as it comes (in batches, one
// write at a time); past it only the last half is held, in a ring, and stored when the build ends
// (after one line counting what was left out), so a failure's last lines are always there. A build
// printing millions of lines holds at most half of `maxLines` lines, and the store gets `maxLines` + 1.
import type { Logger } from 'pino'
import type { BuildLog } from '../../node/builds/build-types.js'
import type { LogEntry, TemplateStore } from './template-store.js'

export const MAX_BUILD_LOG_LINE_CHARS = 4096
export const DEFAULT_BUILD_LOG_MAX_LINES = 10_000

export type BuildLogWriter = Readonly<{
  emit: BuildLog
  /** Stores the held tail (and the count of lines left out) and waits for every write. */
  close(): Promise<void>
}>

export function createBuildLogWriter(o: {
  store: Pick<TemplateStore, 'appendLogs'>
  buildId: string
  maxLines?: number
  log: Logger
}): BuildLogWriter {
  const maxLines = Math.max(2, o.maxLines ?? DEFAULT_BUILD_LOG_MAX_LINES)
  const headMax = Math.ceil(maxLines / 2)
  const tailMax = maxLines - headMax
  let headCount = 0
  let pending: LogEntry[] = []
  let scheduled = false
  let written = Promise.resolve()
  // The ring of the last tailMax lines past the head.
  const ring: LogEntry[] = []
  let ringStart = 0
  let omitted = 0
  let closed = false

  const flush = () => {
    scheduled = false
    if (pending.length === 0) return
    const batch = pending
    pending = []
    written = written
      .then(() => o.store.appendLogs(o.buildId, batch))
      .catch((err: unknown) => o.log.warn({ err, lines: batch.length }, 'build log lines were not stored'))
  }

  return {
    emit(level, step, message) {
      if (closed) return
      const text =
        message.length > MAX_BUILD_LOG_LINE_CHARS
          ? `${message.slice(0, MAX_BUILD_LOG_LINE_CHARS)}… (line cut at ${MAX_BUILD_LOG_LINE_CHARS} characters)`
          : message
      const entry: LogEntry = {
        timestamp: new Date().toISOString(),
        level,
        message: text,
        ...(step === undefined ? {} : { step }),
      }
      if (headCount < headMax) {
        headCount++
        pending.push(entry)
        if (!scheduled) {
          scheduled = true
          setImmediate(flush)
        }
        return
      }
      if (ring.length < tailMax) ring.push(entry)
      else {
        ring[ringStart] = entry
        ringStart = (ringStart + 1) % tailMax
        omitted++
      }
    },

    async close() {
      if (!closed) {
        closed = true
        if (omitted > 0) {
          const last = ring[ringStart]
          pending.push({
            timestamp: new Date().toISOString(),
            level: 'warn',
            message: `… ${omitted} lines of output not kept (a build keeps its first ${headMax} and last ${tailMax} lines) …`,
            ...(last?.step === undefined ? {} : { step: last.step }),
          })
        }
        for (let i = 0; i < ring.length; i++) pending.push(ring[(ringStart + i) % ring.length]!)
        ring.length = 0
        flush()
      }
      await written
    },
  }
}
