// A sandbox's state on disk, the one source a restart rebuilds it from: its creation spec, the
// deadline, how it is paused, its egress rules, and the env vars a reboot must re-apply; plus the
// claim marks of warm-pool containers. Only sandbox-state.ts saves it. The files are 0600 in the
// 0700 data dir: env vars may hold secrets.
import { access, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { NO_EGRESS_RULES, type EgressRules } from './egress.js'
import type { PersistedState } from './registry.js'
import type { Sandbox, SandboxSpec } from './types.js'

type PersistedSpec = Omit<SandboxSpec, 'startedAt' | 'volumeMounts'> & {
  startedAt: string
  volumeMounts?: SandboxSpec['volumeMounts']
}
/**
 * `spec` is what the sandbox was created with, whether it was claimed from a warm pool (whose
 * labels were set before the create) or cold-started. Files written before every sandbox kept it
 * hold it for pooled sandboxes only, and no `pooled` (then: pooled when `spec` is there).
 */
type StateJson = {
  endAt: string
  envVars: Record<string, string>
  pausedAt?: string
  memoryKept: boolean
  memoryOnDisk?: boolean
  pooled?: boolean
  egress?: EgressRules
  internetAccess?: boolean
  spec?: PersistedSpec
  /** The sandbox's envd and traffic tokens as issued (a moved sandbox's came from another node's seed). */
  tokens?: SandboxTokenValues
}

/** A sandbox's tokens as issued: what the SDK holds; absent when it has none of the kind. */
export type SandboxTokenValues = { envd?: string; traffic?: string }

/** A creation spec as JSON (its date as ISO text). */
export type SpecJson = Omit<SandboxSpec, 'startedAt'> & { startedAt: string }

/** The spec as JSON, field by field (a record holds more than its spec): the state file's, and a moved sandbox's (move.ts). */
export function specJson(s: SandboxSpec): SpecJson {
  return {
    sandboxId: s.sandboxId,
    templateId: s.templateId,
    alias: s.alias,
    metadata: s.metadata,
    timeoutMs: s.timeoutMs,
    onTimeout: s.onTimeout,
    ...(s.autoPauseMemory === false ? { autoPauseMemory: false } : {}),
    autoResume: s.autoResume,
    secure: s.secure,
    allowPublicTraffic: s.allowPublicTraffic,
    allowInternetAccess: s.allowInternetAccess,
    cpuCount: s.cpuCount,
    memoryMB: s.memoryMB,
    startedAt: s.startedAt.toISOString(),
    ...(s.ingress ? { ingress: s.ingress } : {}),
    volumeMounts: s.volumeMounts,
  }
}

/** Tokens read back from a file: only string values count. */
function tokensFrom(t: unknown): SandboxTokenValues | undefined {
  if (!t || typeof t !== 'object') return undefined
  const { envd, traffic } = t as Record<string, unknown>
  return { ...(typeof envd === 'string' && { envd }), ...(typeof traffic === 'string' && { traffic }) }
}

export type LoadedState = {
  endAt?: Date
  envVars: Record<string, string>
  pausedAt?: Date
  memoryKept: boolean
  /** Paused with memory on disk (a gVisor checkpoint next to its stopped container). */
  memoryOnDisk: boolean
  /** Claimed from a warm pool (its container's labels describe the pool, not the sandbox). */
  pooled: boolean
  egress: EgressRules
  internetAccess: boolean | undefined
  /** The creation spec; undefined when there is no file, or an older one of a cold-started sandbox. */
  spec?: SandboxSpec
  /** The tokens as issued; undefined in files written before they were kept (derive them then). */
  tokens?: SandboxTokenValues
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

  /** Writes the sandbox's whole state: its creation spec (whatever its history) and what changes. */
  async save(
    record: PersistedState &
      SandboxSpec &
      Pick<Sandbox, 'endAt' | 'egress' | 'internetAccess' | 'envdAccessToken' | 'trafficAccessToken'>,
  ): Promise<void> {
    const state: StateJson = {
      endAt: record.endAt.toISOString(),
      envVars: record.envVars,
      pausedAt: record.pausedAt?.toISOString(),
      memoryKept: record.memoryKept,
      ...(record.memoryOnDisk ? { memoryOnDisk: true } : {}),
      pooled: record.pooled,
      egress: record.egress,
      internetAccess: record.internetAccess,
      spec: specJson(record),
      // JSON leaves out a kind the sandbox has none of (undefined).
      tokens: { envd: record.envdAccessToken, traffic: record.trafficAccessToken },
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
        memoryOnDisk: p.memoryOnDisk === true,
        pooled: p.pooled ?? p.spec !== undefined,
        egress,
        internetAccess: p.internetAccess,
        spec,
        tokens: tokensFrom(p.tokens),
      }
    } catch {
      return {
        envVars: {},
        memoryKept: true,
        memoryOnDisk: false,
        pooled: false,
        egress: NO_EGRESS_RULES,
        internetAccess: undefined,
      }
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
