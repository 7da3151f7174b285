// The one owner of a sandbox's state: every change of a record goes through transition(), which
// applies it, persists it (state-file.ts) and re-arms or clears its deadline (deadlines.ts) as its
// verb says. No other file assigns a record's state, saves its state file or schedules its timer.
import type { Timers } from './deadlines.js'
import type { PersistedState, Registry, SandboxRecord } from './registry.js'
import type { StateFile } from './state-file.js'
import type { Sandbox, SandboxMetric } from './types.js'

/** What a transition may change: the sandbox's state, never its creation spec. */
export type StateChange = Partial<
  Pick<Sandbox, 'state' | 'endAt' | 'ip' | 'diskSizeMB' | 'egress' | 'internetAccess'> &
    Pick<PersistedState, 'pausedAt' | 'memoryKept' | 'memoryOnDisk'>
>

/** Per verb: is the record persisted, and is its timer re-armed for its new state (else left alone)? */
const VERBS = {
  /**
   * Pause under way: marked paused (the proxy refuses traffic), timer cleared, and persisted as
   * meant before its container stops, so that a server that dies meanwhile finds it paused.
   */
  pausing: { persist: true, arm: false, disarm: true },
  /** The pause failed: running again, its deadline re-armed. */
  pauseFailed: { persist: true, arm: true, disarm: false },
  paused: { persist: true, arm: true, disarm: false },
  /** A frozen sandbox past the paused retention: stopped, filesystem kept. */
  memoryDropped: { persist: true, arm: true, disarm: false },
  /** A reboot gave it a new address (before envd is reached at it). */
  readdressed: { persist: false, arm: false, disarm: false },
  resumed: { persist: true, arm: true, disarm: false },
  /** setTimeout, a refresh or a connect moved the deadline. */
  deadlineMoved: { persist: true, arm: true, disarm: false },
  /** `PUT .../network` replaced the egress rules (the deadline is unchanged). */
  networkChanged: { persist: true, arm: false, disarm: false },
  /**
   * A running sandbox about to be saved to disk for a snapshot (memory-snapshots.ts): still running
   * to its users, but a server that dies before it is back finds it paused with its memory on disk.
   */
  savingForSnapshot: { persist: true, arm: false, disarm: false },
  /** Back (restored, or rebooted) after its save for a snapshot. */
  backFromSnapshot: { persist: true, arm: false, disarm: false },
  /** A metrics sample measured the disk (kept in memory only). */
  measured: { persist: false, arm: false, disarm: false },
} as const satisfies Record<string, { persist: boolean; arm: boolean; disarm: boolean }>

export type Verb = keyof typeof VERBS

/** The record's fields a transition writes; only this file sees the record as writable. */
type Writable = { -readonly [K in keyof StateChange]-?: StateChange[K] }

export type SandboxStates = ReturnType<typeof createSandboxStates>

export function createSandboxStates({
  registry,
  stateFile,
  timers,
}: {
  registry: Registry
  stateFile: StateFile
  timers: Timers
}) {
  return {
    /**
     * Registers a new sandbox (a create: persisted, deadline armed) or a recovered one (`recovered`:
     * its state file is read already, so only the deadline is armed).
     */
    async adopt(
      sandbox: Sandbox,
      persisted: PersistedState,
      opts: { recovered?: boolean; firstMetric?: SandboxMetric } = {},
    ): Promise<SandboxRecord> {
      const record = registry.adopt(sandbox, persisted, opts.firstMetric ? [opts.firstMetric] : [])
      timers.schedule(record)
      if (!opts.recovered) await stateFile.save(record)
      return record
    },

    /** Applies `change` to the record, then persists it and (re-)arms or clears its timer as `verb` says. */
    async transition(record: SandboxRecord, verb: Verb, change: StateChange): Promise<void> {
      const how = VERBS[verb]
      if (how.disarm) timers.clear(record)
      Object.assign(record as unknown as Writable, change)
      if (how.persist) await stateFile.save(record)
      if (how.arm) timers.schedule(record)
    },

    /** Stops the record's timer (a kill under way, or the server closing); the record stays. */
    disarm: (record: SandboxRecord) => timers.clear(record),

    /** Forgets a killed (or leftover) sandbox: not found from now on, its state file removed. */
    async forget(sandboxId: string): Promise<void> {
      registry.remove(sandboxId)
      await stateFile.remove(sandboxId)
    },
  }
}
