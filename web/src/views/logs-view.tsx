// The sandbox's logs (envd and container output), streamed by polling the v2 logs route with a
// cursor every LOGS_POLL_MS; lines are text, scrolled to the newest while the view is at the bottom.
import { useEffect, useRef, useState } from 'preact/hooks'
import { sandboxLogs } from '../api/sandboxes.js'
import type { SandboxLogEntry } from '../api/types.js'
import { formatTimestamp } from '../lib/format.js'
import { mergeLogs, nextCursor } from '../lib/log-buffer.js'

export const LOGS_POLL_MS = 2000

export function LogsView({ sandboxId }: { sandboxId: string }) {
  const [entries, setEntries] = useState<SandboxLogEntry[]>([])
  const [error, setError] = useState<string | undefined>(undefined)
  const [level, setLevel] = useState('')
  const box = useRef<HTMLDivElement>(null)
  const stick = useRef(true)

  useEffect(() => {
    const abort = new AbortController()
    let timer: ReturnType<typeof setTimeout>
    let current: SandboxLogEntry[] = []
    const poll = async () => {
      try {
        if (!document.hidden) {
          const incoming = await sandboxLogs(sandboxId, nextCursor(current), abort.signal)
          const merged = mergeLogs(current, incoming)
          if (merged !== current) {
            current = merged
            setEntries(merged)
          }
          setError(undefined)
        }
      } catch (e) {
        if (!abort.signal.aborted) setError((e as Error).message)
      }
      if (!abort.signal.aborted) timer = setTimeout(() => void poll(), LOGS_POLL_MS)
    }
    void poll()
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
  }, [sandboxId])

  useEffect(() => {
    const el = box.current
    if (el && stick.current) el.scrollTop = el.scrollHeight
  }, [entries])

  const shown = level ? entries.filter((e) => e.level === level) : entries
  return (
    <div class="logs">
      <div class="files-bar">
        <label>
          Level
          <select value={level} onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}>
            <option value="">all</option>
            <option value="debug">debug</option>
            <option value="info">info</option>
            <option value="warn">warn</option>
            <option value="error">error</option>
          </select>
        </label>
        <span class="muted small">
          {shown.length} lines; polled every {LOGS_POLL_MS / 1000} s
        </span>
      </div>
      {error && (
        <p class="error" role="alert">
          Could not load logs: {error}
        </p>
      )}
      <div
        class="log-lines"
        ref={box}
        onScroll={(e) => {
          const el = e.currentTarget as HTMLDivElement
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24
        }}
      >
        {shown.map((e, i) => (
          <div class={`log-line level-${e.level}`} key={i}>
            <span class="log-time">{formatTimestamp(e.timestamp)}</span>
            <span class="log-level">{e.level}</span>
            <span class="log-message">{e.message}</span>
            {Object.keys(e.fields).length > 0 && (
              <span class="log-fields">
                {Object.entries(e.fields)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(' ')}
              </span>
            )}
          </div>
        ))}
        {shown.length === 0 && !error && <p class="muted">No log lines yet.</p>}
      </div>
    </div>
  )
}
