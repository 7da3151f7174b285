// The warm pool's pass loop: one pass at a time, a kick during one asks for another, a ticker so
// an idle pool is looked at without creates, and waiters for the moment nothing runs or boots.
import type { Logger } from 'pino'

export type PassLoop = ReturnType<typeof createPassLoop>

export function createPassLoop(o: {
  /** One pass over every pool. */
  pass: () => Promise<void>
  /** Whether a pool container is booting (the loop is not settled while one is). */
  booting: () => boolean
  tickMs: number
  log: Logger
}) {
  let running: Promise<void> | undefined
  let again = false
  let stopped = false
  let ticker: NodeJS.Timeout | undefined
  let settledWaiters: (() => void)[] = []

  const notifySettled = () => {
    if (running || o.booting()) return
    const waiters = settledWaiters
    settledWaiters = []
    for (const w of waiters) w()
  }

  /** Runs a pass now, or asks the running one for another. */
  function kick(): void {
    if (stopped) return
    ticker ??= setInterval(kick, o.tickMs).unref()
    if (running) {
      again = true
      return
    }
    running = (async () => {
      try {
        do {
          again = false
          await o.pass()
        } while (again && !stopped)
      } catch (err) {
        o.log.error({ err }, 'pool refill failed')
      } finally {
        // In the same turn as the last check of `again`: a kick from now on starts a new run.
        running = undefined
        notifySettled()
      }
    })()
  }

  return {
    kick,
    /** Tells the waiters when nothing runs or boots any more (a boot ended). */
    notifySettled,
    /** Resolves once no pass runs and no pool container is booting. */
    settled(): Promise<void> {
      return new Promise((resolve) => {
        settledWaiters.push(resolve)
        notifySettled()
      })
    },
    /** No pass starts from now on; resolves when the running one ends. */
    async stop(): Promise<void> {
      stopped = true
      clearInterval(ticker)
      await running
    },
  }
}
