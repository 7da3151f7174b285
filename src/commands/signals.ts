// How a long-running command ends: SIGTERM/SIGINT close it (sandboxes keep running; the next
// start re-attaches them), and the process exits within 5 s whatever close does.
export function closeOnSignals(close: () => Promise<void>): void {
  let closing = false
  const shutdown = () => {
    if (closing) return
    closing = true
    const force = setTimeout(() => process.exit(0), 5000)
    force.unref()
    void close().finally(() => process.exit(0))
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)
}
