// A sandbox's mutable state on disk, beside what its container's labels hold (labels cannot
// change): the deadline, how it is paused, its egress rules, and the env vars a reboot must
// re-apply; plus the claim marks of warm-pool containers. The files are 0600 in the 0700 data
// dir: env vars may hold secrets.
import { access, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { NO_EGRESS_RULES, type EgressRules } from './egress.js'
import type { SandboxRecord } from './registry.js'
import type { SandboxSpec } from './types.js'

type PersistedSpec = Omit<SandboxSpec, 'startedAt' | 'volumeMounts'> & {
  startedAt: string
  volumeMounts?: SandboxSpec['volumeMounts']
}
/** `spec` is kept for sandboxes claimed from a warm pool: their labels were set before the create. */
type StateJson = {
  endAt: string
  envVars: Record<string, string>
  pausedAt?: string
  memoryKept: boolean
  egress?: EgressRules
  internetAccess?: boolean
  spec?: PersistedSpec
}

export type LoadedState = {
  endAt?: Date
  envVars: Record<string, string>
  pausedAt?: Date
  memoryKept: boolean
  egress: EgressRules
  internetAccess: boolean | undefined
  spec?: SandboxSpec
}

export class StateFile {
  private readonly dir: string
  private readonly claimsDir: string

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'sandboxes')
    this.claimsDir = join(dataDir, 'sandboxes', 'pool-claims')
  }

  async init(): Promise<void> {
    await mkdir(this.claimsDir, { recursive: true })
  }

  async save(
    record: Pick<
      SandboxRecord,
      'endAt' | 'envVars' | 'pausedAt' | 'memoryKept' | 'pooled' | 'egress' | 'internetAccess'
    > &
      SandboxSpec,
  ): Promise<void> {
    const state: StateJson = {
      endAt: record.endAt.toISOString(),
      envVars: record.envVars,
      pausedAt: record.pausedAt?.toISOString(),
      memoryKept: record.memoryKept,
      egress: record.egress,
      internetAccess: record.internetAccess,
    }
    if (record.pooled) {
      const {
        sandboxId,
        templateId,
        alias,
        metadata,
        timeoutMs,
        onTimeout,
        autoPauseMemory,
        autoResume,
        secure,
        allowPublicTraffic,
        allowInternetAccess,
        cpuCount,
        memoryMB,
        startedAt,
        ingress,
        volumeMounts,
      } = record
      state.spec = {
        sandboxId,
        templateId,
        alias,
        metadata,
        timeoutMs,
        onTimeout,
        ...(autoPauseMemory === false ? { autoPauseMemory } : {}),
        autoResume,
        secure,
        allowPublicTraffic,
        allowInternetAccess,
        cpuCount,
        memoryMB,
        startedAt: startedAt.toISOString(),
        ...(ingress ? { ingress } : {}),
        volumeMounts,
      }
    }
    await writeFile(join(this.dir, `${record.sandboxId}.json`), JSON.stringify(state), { mode: 0o600 })
  }

  /** The saved state; defaults (no deadline, memory kept, no rules) when there is no readable file. */
  async load(sandboxId: string): Promise<LoadedState> {
    const date = (v: string | undefined) => {
      const d = v ? new Date(v) : undefined
      return d && !Number.isNaN(d.getTime()) ? d : undefined
    }
    try {
      const p = JSON.parse(await readFile(join(this.dir, `${sandboxId}.json`), 'utf8')) as Partial<StateJson>
      const egress =
        p.egress && Array.isArray(p.egress.allowOut) && Array.isArray(p.egress.denyOut) ? p.egress : NO_EGRESS_RULES
      const startedAt = date(p.spec?.startedAt)
      // volumeMounts: [] for state files written before volumes (pool sandboxes never mount any).
      const spec =
        p.spec && startedAt && p.spec.sandboxId === sandboxId
          ? { ...p.spec, volumeMounts: p.spec.volumeMounts ?? [], startedAt }
          : undefined
      return {
        endAt: date(p.endAt),
        envVars: p.envVars ?? {},
        pausedAt: date(p.pausedAt),
        memoryKept: p.memoryKept !== false,
        egress,
        internetAccess: p.internetAccess,
        spec,
      }
    } catch {
      return { envVars: {}, memoryKept: true, egress: NO_EGRESS_RULES, internetAccess: undefined }
    }
  }

  async remove(sandboxId: string): Promise<void> {
    await rm(join(this.dir, `${sandboxId}.json`), { force: true })
  }

  /**
   * Marks a pool container as claimed before anything of the sandbox reaches it, and keeps the
   * mark until the container is gone: a restart never puts a claimed container back in the pool.
   */
  async markClaimed(sandboxId: string): Promise<void> {
    await writeFile(join(this.claimsDir, sandboxId), '', { mode: 0o600 })
  }

  async isClaimed(sandboxId: string): Promise<boolean> {
    return access(join(this.claimsDir, sandboxId)).then(
      () => true,
      () => false,
    )
  }

  /** Call only once the container is removed. */
  async unmarkClaimed(sandboxId: string): Promise<void> {
    await rm(join(this.claimsDir, sandboxId), { force: true })
  }

  async claimedIds(): Promise<string[]> {
    return readdir(this.claimsDir).catch(() => [])
  }
}
