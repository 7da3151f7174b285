// Each sandbox's one timer: its timeout while running, the paused retention while frozen; what
// happens when it passes (Expiry) is the lifecycle's. Armed and cleared through sandbox-state.ts.
import type { SandboxSettings } from './settings.js'
import type { SandboxRecord } from './registry.js'

const MAX_TIMER_MS = 2 ** 31 - 1

/** What a passed deadline does; the lifecycle provides it. */
export type Expiry = Readonly<{
  /** The timeout passed: pause or kill, as the sandbox was created to. */
  onDeadline(record: SandboxRecord): Promise<unknown>
  /** A pause with memory outlived the retention: keep the filesystem only. */
  onRetention(record: SandboxRecord): Promise<unknown>
}>

export type Timers = ReturnType<typeof createDeadlines>

/**
 * The timers are built before the lifecycle (which needs them, through the state owner) and fire
 * into it: `expireWith` wires the two once both exist, before any timer is armed.
 */
export function createDeadlines(settings: Pick<SandboxSettings, 'pausedRetentionMs' | 'maxTimeoutS'>) {
  let expiry: Expiry = {
    onDeadline: () => Promise.reject(new Error('deadline passed before the lifecycle was wired')),
    onRetention: () => Promise.reject(new Error('retention passed before the lifecycle was wired')),
  }
  function schedule(record: SandboxRecord): void {
    clearTimeout(record.timer)
    record.timer = undefined
    if (record.state === 'paused') {
      // Memory is the scarce thing: after the retention a frozen sandbox is stopped, never deleted
      // (memory on disk has no retention).
      if (!record.memoryKept || record.memoryOnDisk || !record.pausedAt) return
      const ms = Math.max(0, record.pausedAt.getTime() + settings.pausedRetentionMs - Date.now())
      record.timer = setTimeout(
        () => {
          record.log.info({}, 'paused retention reached: keeping the filesystem only')
          expiry
            .onRetention(record)
            .catch((err: unknown) => record.log.error({ err }, 'stopping a paused sandbox failed'))
        },
        Math.min(ms, MAX_TIMER_MS),
      )
      record.timer.unref()
      return
    }
    const ms = Math.max(0, record.endAt.getTime() - Date.now())
    record.timer = setTimeout(
      () => {
        if (Date.now() < record.endAt.getTime()) return schedule(record)
        record.log.info({ onTimeout: record.onTimeout }, 'sandbox timed out')
        expiry.onDeadline(record).catch((err: unknown) => record.log.error({ err }, 'sandbox expiry failed'))
      },
      Math.min(ms, MAX_TIMER_MS),
    )
    record.timer.unref()
  }

  return {
    /** What a passed deadline or retention does (the lifecycle's verbs); set once, at assembly. */
    expireWith(e: Expiry): void {
      expiry = e
    },
    /** (Re)arms the record's timer for its state: the deadline, or the paused retention. */
    schedule,
    /** Stops the record's timer (the handle stays, spent, until the next schedule). */
    clear: (record: SandboxRecord) => clearTimeout(record.timer),
    /** now + `timeoutS` seconds, clamped to [0, SANDOCK_MAX_TIMEOUT]. */
    deadlineIn: (timeoutS: number) =>
      new Date(Date.now() + Math.min(Math.max(0, timeoutS), settings.maxTimeoutS) * 1000),
  }
}

/** Moves the deadline to now + `timeoutS` when that is later (never shortens). */
