// Live sandbox records, their deadlines on disk (endAt changes; labels cannot), and the
// proxied connections to cut when a sandbox goes away.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import type { Sandbox } from './types.js'

export type SandboxMetric = {
  timestamp: string; timestampUnix: number; cpuCount: number; cpuUsedPct: number
  memUsed: number; memTotal: number; memCache: number; diskUsed: number; diskTotal: number
}

export type SandboxRecord = Sandbox & {
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

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'sandboxes')
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true })
  }

  async saveEndAt(sandboxId: string, endAt: Date): Promise<void> {
    await writeFile(join(this.dir, `${sandboxId}.json`), JSON.stringify({ endAt: endAt.toISOString() }))
  }

  async loadEndAt(sandboxId: string): Promise<Date | undefined> {
    try {
      const { endAt } = JSON.parse(await readFile(join(this.dir, `${sandboxId}.json`), 'utf8')) as { endAt?: string }
      const d = endAt ? new Date(endAt) : undefined
      return d && !Number.isNaN(d.getTime()) ? d : undefined
    } catch {
      return undefined
    }
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
