// Kill, pause/resume, extend timeout and snapshot buttons for one sandbox (list rows and detail page).
import { useEffect, useState } from 'preact/hooks'
import { killSandbox, pauseSandbox, resumeSandbox, setSandboxTimeout, snapshotSandbox } from '../api/sandboxes.js'
import type { ListedSandbox } from '../api/types.js'

export const EXTEND_S = 300

export type Notify = (message: string, kind?: 'info' | 'error') => void

export function SandboxActions({
  sandbox,
  onChanged,
  notify,
}: {
  sandbox: ListedSandbox
  onChanged: () => void
  notify: Notify
}) {
  const [busy, setBusy] = useState<string | undefined>(undefined)
  const [confirmKill, setConfirmKill] = useState(false)
  useEffect(() => {
    if (!confirmKill) return
    const t = setTimeout(() => setConfirmKill(false), 5000)
    return () => clearTimeout(t)
  }, [confirmKill])

  const act = (name: string, fn: () => Promise<string | void>) => async () => {
    setBusy(name)
    try {
      const message = await fn()
      if (message) notify(message)
    } catch (e) {
      notify(`${name} ${sandbox.sandboxID} failed: ${(e as Error).message}`, 'error')
    } finally {
      setBusy(undefined)
      setConfirmKill(false)
      onChanged()
    }
  }
  const remainingS = Math.max(0, (Date.parse(sandbox.endAt) - Date.now()) / 1000)
  const running = sandbox.state === 'running'
  return (
    <div class="actions">
      {running ? (
        <button type="button" disabled={!!busy} onClick={act('Pause', () => pauseSandbox(sandbox.sandboxID))}>
          Pause
        </button>
      ) : (
        <button type="button" disabled={!!busy} onClick={act('Resume', () => resumeSandbox(sandbox.sandboxID))}>
          Resume
        </button>
      )}
      <button
        type="button"
        disabled={!!busy || !running}
        title={`Set the timeout to ${EXTEND_S / 60} minutes past the current deadline`}
        onClick={act('Extend', () => setSandboxTimeout(sandbox.sandboxID, remainingS + EXTEND_S))}
      >
        +{EXTEND_S / 60} min
      </button>
      <button
        type="button"
        disabled={!!busy}
        onClick={act('Snapshot', async () => {
          const snap = await snapshotSandbox(sandbox.sandboxID)
          return `Snapshot ${snap.snapshotID} of ${sandbox.sandboxID} created (usable as a template)`
        })}
      >
        Snapshot
      </button>
      {confirmKill ? (
        <button
          type="button"
          class="danger"
          disabled={!!busy}
          onClick={act('Kill', async () => {
            await killSandbox(sandbox.sandboxID)
            return `Sandbox ${sandbox.sandboxID} killed`
          })}
        >
          Confirm kill
        </button>
      ) : (
        <button type="button" class="danger-outline" disabled={!!busy} onClick={() => setConfirmKill(true)}>
          Kill
        </button>
      )}
    </div>
  )
}
