// The live sandboxes of this node: their records, look-up by id, per-sandbox serialisation of
// state changes, and the proxied connections a state change cuts.
import type { Logger } from 'pino'
import { SandboxNotFoundError } from '../../shared/errors.js'
import { echoPolicy } from '../egress/validate.js'
import type { Sandbox, SandboxInfo, SandboxMetric } from './types.js'

/** What a record adds to a sandbox that outlives a restart (the state file keeps it). */
export type PersistedState = {
  /** The create's env vars: a reboot (filesystem-only resume) sends them to the new envd again. */
  envVars: Record<string, string>
  /** When the sandbox was paused; the paused-retention clock runs from here. */
  pausedAt: Date | undefined
  /** Paused with memory (frozen) or filesystem-only (stopped); true while running. */
  memoryKept: boolean
  /**
   * Paused with its memory written to disk (gVisor's checkpoint, runsc-netstack): the container is
   * stopped, and a resume restores its processes. No retention: the image lasts as long as the sandbox.
   */
  memoryOnDisk?: boolean
  /** Claimed from a warm pool: the container's labels describe the pool, the state file the sandbox. */
  pooled: boolean
}

/**
 * A live sandbox. Its state is read-only here: only sandbox-state.ts changes it (and persists it
 * and re-arms its timer with the change). The rest is the node's bookkeeping of it: its timer
 * (deadlines.ts), proxied connections and the verb in flight (this file), metrics samples.
 */
export type SandboxRecord = Readonly<Sandbox & PersistedState> & {
  log: Logger
  timer: NodeJS.Timeout | undefined
  connections: Set<() => void>
  metrics: SandboxMetric[]
  /** Set while kill/pause/resume runs, so concurrent calls queue behind it. */
  inFlight: Promise<unknown> | undefined
}

/** The record as plain data for the API: a copy, without what stays on the node. */
export function infoOf(r: SandboxRecord): SandboxInfo {
  return {
    sandboxId: r.sandboxId,
    templateId: r.templateId,
    alias: r.alias,
    metadata: { ...r.metadata },
    timeoutMs: r.timeoutMs,
    onTimeout: r.onTimeout,
    ...(r.autoPauseMemory === false ? { autoPauseMemory: false } : {}),
    autoResume: r.autoResume,
    secure: r.secure,
    allowPublicTraffic: r.allowPublicTraffic,
    allowInternetAccess: r.allowInternetAccess,
    cpuCount: r.cpuCount,
    memoryMB: r.memoryMB,
    startedAt: r.startedAt,
    state: r.state,
    endAt: r.endAt,
    envdAccessToken: r.envdAccessToken,
    trafficAccessToken: r.trafficAccessToken,
    envdVersion: r.envdVersion,
    diskSizeMB: r.diskSizeMB,
    egress: echoPolicy(r.egress),
    internetAccess: r.internetAccess,
    ...(r.ingress ? { ingress: r.ingress } : {}),
    volumeMounts: r.volumeMounts.map((m) => ({ ...m })),
  }
}

export type Registry = ReturnType<typeof createRegistry>

export function createRegistry(log: Logger) {
  const records = new Map<string, SandboxRecord>()
  return {
    /** The sandbox's record; throws SandboxNotFoundError (404) for an unknown or killed one. */
    get(sandboxId: string): SandboxRecord {
      const r = records.get(sandboxId)
      if (!r) throw new SandboxNotFoundError(sandboxId)
      return r
    },
    find: (sandboxId: string): SandboxRecord | undefined => records.get(sandboxId),
    has: (sandboxId: string) => records.has(sandboxId),
    all: () => records.values(),
    get size() {
      return records.size
    },

    /** Registers a sandbox (sandbox-state.ts's adopt); its logger carries its id and template from now on. */
    adopt(sandbox: Sandbox, persisted: PersistedState, metrics: SandboxMetric[] = []): SandboxRecord {
      const record: SandboxRecord = {
        ...sandbox,
        ...persisted,
        log: log.child({ sandboxId: sandbox.sandboxId, templateId: sandbox.templateId }),
        timer: undefined,
        connections: new Set(),
        metrics,
        inFlight: undefined,
      }
      records.set(sandbox.sandboxId, record)
      return record
    },

    /** Forgets the sandbox (sandbox-state.ts's forget): from now on it is not found (the proxy answers 502). */
    remove(sandboxId: string): void {
      records.delete(sandboxId)
    },

    /**
     * Runs `fn` after any transition in flight on the same sandbox (kill, pause, resume, network,
     * snapshot); when its turn comes the sandbox may be gone (a kill queued first): then it throws
     * SandboxNotFoundError instead of running `fn`.
     */
    async serially<T>(record: SandboxRecord, fn: () => Promise<T>): Promise<T> {
      const before = record.inFlight ?? Promise.resolve()
      const run = before
        .catch(() => undefined)
        .then(() => {
          if (records.get(record.sandboxId) !== record) throw new SandboxNotFoundError(record.sandboxId)
          return fn()
        })
      record.inFlight = run
      try {
        return await run
      } finally {
        if (record.inFlight === run) record.inFlight = undefined
      }
    },

    /** Cuts every proxied connection to the sandbox (kill/expiry/pause: no graceful end). */
    cutConnections(record: SandboxRecord): void {
      for (const close of [...record.connections]) close()
      record.connections.clear()
    },
  }
}
