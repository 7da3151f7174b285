// The live terminal: xterm.js on a PTY in the sandbox (lib/pty-session.ts), fitted to its box,
// re-attached after a network hiccup or a page reload (the pid is kept in sessionStorage).
import { FitAddon } from '@xterm/addon-fit'
import { Terminal } from '@xterm/xterm'
import '@xterm/xterm/css/xterm.css'
import { useEffect, useRef, useState } from 'preact/hooks'
import { envdClients } from '../api/envd.js'
import { routeStyleElementsToConstructedSheets } from '../lib/constructed-styles.js'
import { PtySession, type PtyStatus } from '../lib/pty-session.js'

// Before the first Terminal exists: its <style> elements would be blocked by the CSP.
routeStyleElementsToConstructedSheets()

const pidKey = (sandboxId: string) => `sandock.pty.${sandboxId}`

function statusText(s: PtyStatus): string {
  switch (s.kind) {
    case 'connecting':
      return 'Connecting…'
    case 'connected':
      return `Connected: bash (pid ${s.pid})`
    case 'reconnecting':
      return `Connection lost; re-attaching to pid ${s.pid} (attempt ${s.attempt})…`
    case 'exited':
      return `The shell exited${s.exitCode !== undefined ? ` with code ${s.exitCode}` : ''}${s.error ? `: ${s.error}` : ''}.`
    case 'failed':
      return `Could not open a shell: ${s.message}`
    case 'closed':
      return 'Shell closed.'
  }
}

export function TerminalView({ sandboxId }: { sandboxId: string }) {
  const box = useRef<HTMLDivElement>(null)
  const session = useRef<PtySession | undefined>(undefined)
  const [status, setStatus] = useState<PtyStatus>({ kind: 'connecting' })
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    const el = box.current!
    const term = new Terminal({
      cursorBlink: true,
      fontFamily: 'ui-monospace, "DejaVu Sans Mono", "Liberation Mono", monospace',
      fontSize: 13,
      scrollback: 5000,
      theme: { background: '#0d1117', foreground: '#e6edf3', cursor: '#e6edf3' },
    })
    const fit = new FitAddon()
    term.loadAddon(fit)
    term.open(el)
    fit.fit()
    const showSize = () => {
      el.dataset.cols = String(term.cols)
      el.dataset.rows = String(term.rows)
    }
    showSize()
    const stored = Number(sessionStorage.getItem(pidKey(sandboxId)))
    const pty = new PtySession(
      envdClients(sandboxId).process,
      {
        data: (bytes) => term.write(bytes),
        status: (s) => {
          setStatus(s)
          if (s.kind === 'connected') el.dataset.pid = String(s.pid)
          if (s.kind === 'exited' || s.kind === 'closed') sessionStorage.removeItem(pidKey(sandboxId))
        },
        pid: (pid) => sessionStorage.setItem(pidKey(sandboxId), String(pid)),
      },
      { cols: term.cols, rows: term.rows },
    )
    session.current = pty
    const input = term.onData((d) => void pty.write(d))
    const binary = term.onBinary((d) => void pty.write(Uint8Array.from(d, (c) => c.charCodeAt(0) & 0xff)))
    const resized = term.onResize(({ cols, rows }) => {
      showSize()
      void pty.resize(cols, rows)
    })
    const observer = new ResizeObserver(() => fit.fit())
    observer.observe(el)
    void pty.open(Number.isInteger(stored) && stored > 0 ? stored : undefined)
    term.focus()
    return () => {
      observer.disconnect()
      input.dispose()
      binary.dispose()
      resized.dispose()
      pty.detach()
      term.dispose()
      session.current = undefined
    }
  }, [sandboxId, generation])

  const ended = status.kind === 'exited' || status.kind === 'failed' || status.kind === 'closed'
  return (
    <div class="terminal-view">
      <div class="terminal-bar">
        <span class={`terminal-status ${status.kind}`} role="status">
          {statusText(status)}
        </span>
        <span class="actions">
          {!ended && (
            <button type="button" onClick={() => void session.current?.kill()}>
              Close shell
            </button>
          )}
          {ended && (
            <button
              type="button"
              onClick={() => {
                sessionStorage.removeItem(pidKey(sandboxId))
                setGeneration((g) => g + 1)
              }}
            >
              New shell
            </button>
          )}
        </span>
      </div>
      <div class="terminal" ref={box} />
    </div>
  )
}
