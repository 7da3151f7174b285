// How a long-running command ends: SIGTERM/SIGINT close it (sandboxes keep running; the next
// start re-attaches them), and the process exits within 8 s whatever close does: time for a
// warm-pool boot caught in Docker's create/start to be removed on a loaded host, and still before
// the 10 s after which Docker, Compose or a service manager sends SIGKILL.
export function closeOnSignals(close: () => Promise<void>): void {
  let closing = false
  const shutdown = () => {
    if (closing) return
    closing = true
    const force = setTimeout(() => process.exit(0), 8000)
    force.unref()
    void close().finally(() => process.exit(0))
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)
}
