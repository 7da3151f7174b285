// The control API's wire shapes the dashboard reads (E2B contract 2.5).
export type SandboxState = 'running' | 'paused'

export type ListedSandbox = {
  sandboxID: string
  templateID: string
  alias?: string
  startedAt: string
  endAt: string
  cpuCount: number
  memoryMB: number
  metadata?: Record<string, string>
  state: SandboxState
  envdVersion: string
}

export type SandboxDetail = ListedSandbox & {
  diskSizeMB: number
  allowInternetAccess?: boolean | null
  domain?: string | null
  network?: { allowPublicTraffic?: boolean; allowOut?: string[]; denyOut?: string[]; maskRequestHost?: string }
  lifecycle?: { autoResume: boolean; onTimeout: 'kill' | 'pause' }
  volumeMounts?: { name: string; path: string }[]
}

export type SandboxMetric = {
  timestamp: string
  timestampUnix: number
  cpuCount: number
  cpuUsedPct: number
  memUsed: number
  memTotal: number
  memCache: number
  diskUsed: number
  diskTotal: number
}

export type SandboxLogEntry = { timestamp: string; message: string; level: string; fields: Record<string, string> }

export type Template = {
  templateID: string
  buildID: string
  cpuCount: number
  memoryMB: number
  names: string[]
  aliases: string[]
  createdAt: string
  updatedAt: string
  lastSpawnedAt: string | null
  spawnCount: number
  buildCount: number
  buildStatus: string
}

export type TemplateBuild = {
  buildID: string
  status: string
  createdAt: string
  updatedAt: string
  finishedAt?: string
  cpuCount: number
  memoryMB: number
}

export type TemplateWithBuilds = {
  templateID: string
  names: string[]
  createdAt: string
  updatedAt: string
  spawnCount: number
  builds: TemplateBuild[]
}

export type BuildLogEntry = { timestamp: string; level: string; message: string; step?: string }

export type BuildStatus = {
  templateID: string
  buildID: string
  status: 'building' | 'waiting' | 'ready' | 'error' | string
  logs: string[]
  logEntries: BuildLogEntry[]
  reason?: { message: string; step?: string }
}

export type TemplateTag = { tag: string; buildID: string; createdAt: string }
