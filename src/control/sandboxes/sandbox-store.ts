// Live sandbox records, their mutable state on disk (labels cannot change: the deadline, how it
// is paused, and the env vars a reboot must re-apply), and the proxied connections to cut when a
// sandbox goes away. The state files are 0600 in the 0700 data dir: env vars may hold secrets.
import { access, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { NO_EGRESS_RULES, type EgressRules } from './egress.js'
import type { Sandbox, SandboxSpec } from './types.js'

export type SandboxMetric = {
  timestamp: string; timestampUnix: number; cpuCount: number; cpuUsedPct: number
  memUsed: number; memTotal: number; memCache: number; diskUsed: number; diskTotal: number
}

type PersistedSpec = Omit<SandboxSpec, 'startedAt'> & { startedAt: string }
/** `spec` is kept for sandboxes claimed from a warm pool: their labels were set before the create. */
type PersistedState = {
  endAt: string; envVars: Record<string, string>; pausedAt?: string; memoryKept: boolean
  egress?: EgressRules; internetAccess?: boolean; spec?: PersistedSpec
}

export type LoadedState = {
  endAt?: Date; envVars: Record<string, string>; pausedAt?: Date; memoryKept: boolean
  egress: EgressRules; internetAccess: boolean | undefined; spec?: SandboxSpec
}

export type SandboxRecord = Sandbox & {
  /** The create's env vars: a reboot (filesystem-only resume) sends them to the new envd again. */
  envVars: Record<string, string>
  /** When the sandbox was paused; the paused-retention clock runs from here. */
  pausedAt: Date | undefined
  /** Paused with memory (frozen) or filesystem-only (stopped); true while running. */
  memoryKept: boolean
  /** Claimed from a warm pool: the container's labels describe the pool, the state file the sandbox. */
  pooled: boolean
  log: Logger
  timer: NodeJS.Timeout | undefined
  connections: Set<() => void>
  metrics: SandboxMetric[]
  /** Set while kill/pause/resume runs, so concurrent calls queue behind it. */
  transition: Promise<unknown> | undefined
}

export class SandboxStore {
  readonly records = new Map<string, SandboxRecord>()
  private readonly dir: string
  private readonly claimsDir: string

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'sandboxes')
    this.claimsDir = join(dataDir, 'sandboxes', 'pool-claims')
  }

  async init(): Promise<void> {
    await mkdir(this.claimsDir, { recursive: true })
  }

  async save(record: Pick<SandboxRecord, 'endAt' | 'envVars' | 'pausedAt' | 'memoryKept' | 'pooled' | 'egress' | 'internetAccess'> & SandboxSpec): Promise<void> {
    const state: PersistedState = {
      endAt: record.endAt.toISOString(),
      envVars: record.envVars,
      pausedAt: record.pausedAt?.toISOString(),
      memoryKept: record.memoryKept,
      egress: record.egress,
      internetAccess: record.internetAccess,
    }
    if (record.pooled) {
      const { sandboxId, templateId, alias, metadata, timeoutMs, onTimeout, autoResume, secure, allowPublicTraffic, allowInternetAccess, cpuCount, memoryMB, startedAt } = record
      state.spec = { sandboxId, templateId, alias, metadata, timeoutMs, onTimeout, autoResume, secure, allowPublicTraffic, allowInternetAccess, cpuCount, memoryMB, startedAt: startedAt.toISOString() }
    }
    await writeFile(join(this.dir, `${record.sandboxId}.json`), JSON.stringify(state), { mode: 0o600 })
  }

  async load(sandboxId: string): Promise<LoadedState> {
    const date = (v: string | undefined) => {
      const d = v ? new Date(v) : undefined
      return d && !Number.isNaN(d.getTime()) ? d : undefined
    }
    try {
      const p = JSON.parse(await readFile(join(this.dir, `${sandboxId}.json`), 'utf8')) as Partial<PersistedState>
      const egress = p.egress && Array.isArray(p.egress.allowOut) && Array.isArray(p.egress.denyOut) ? p.egress : NO_EGRESS_RULES
      const startedAt = date(p.spec?.startedAt)
      const spec = p.spec && startedAt && p.spec.sandboxId === sandboxId ? { ...p.spec, startedAt } : undefined
      return { endAt: date(p.endAt), envVars: p.envVars ?? {}, pausedAt: date(p.pausedAt), memoryKept: p.memoryKept !== false, egress, internetAccess: p.internetAccess, spec }
    } catch {
      return { envVars: {}, memoryKept: true, egress: NO_EGRESS_RULES, internetAccess: undefined }
    }
  }

  /**
   * Marks a pool container as claimed before anything of the sandbox reaches it, and keeps the
   * mark until the container is gone: a restart never puts a claimed container back in the pool.
   */
  async markClaimed(sandboxId: string): Promise<void> {
    await writeFile(join(this.claimsDir, sandboxId), '', { mode: 0o600 })
  }

  async isClaimed(sandboxId: string): Promise<boolean> {
    return access(join(this.claimsDir, sandboxId)).then(() => true, () => false)
  }

  /** Call only once the container is removed. */
  async unmarkClaimed(sandboxId: string): Promise<void> {
    await rm(join(this.claimsDir, sandboxId), { force: true })
  }

  async claimedIds(): Promise<string[]> {
    return readdir(this.claimsDir).catch(() => [])
  }

  async forget(sandboxId: string): Promise<void> {
    this.records.delete(sandboxId)
    await rm(join(this.dir, `${sandboxId}.json`), { force: true })
  }

  /** Cuts every proxied connection to the sandbox (kill/expiry/pause: no graceful end). */
  cutConnections(record: SandboxRecord): void {
    for (const close of [...record.connections]) close()
    record.connections.clear()
  }
}
