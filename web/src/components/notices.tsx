// Short-lived messages after an action (text only).
import { useCallback, useState } from 'preact/hooks'
import type { Notify } from './sandbox-actions.js'

type Notice = { id: number; message: string; kind: 'info' | 'error' }
let nextId = 1

export function useNotices(): [Notice[], Notify] {
  const [notices, setNotices] = useState<Notice[]>([])
  const notify = useCallback<Notify>((message, kind = 'info') => {
    const id = nextId++
    setNotices((n) => [...n.slice(-4), { id, message, kind }])
    setTimeout(() => setNotices((n) => n.filter((x) => x.id !== id)), kind === 'error' ? 10_000 : 5000)
  }, [])
  return [notices, notify]
}

export function Notices({ notices }: { notices: Notice[] }) {
  return (
    <div class="notices" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} class={`notice ${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
          {n.message}
        </div>
      ))}
    </div>
  )
}
