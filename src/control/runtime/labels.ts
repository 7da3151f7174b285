// Every Docker label key Sandock sets: state is rebuilt from these at boot, tests clean up by them.
export const LABELS = {
  managedBy: 'sandock.managed-by',
  sandboxId: 'sandock.sandbox-id',
  templateId: 'sandock.template-id',
  alias: 'sandock.alias',
  metadata: 'sandock.metadata',
  timeoutMs: 'sandock.timeout-ms',
  onTimeout: 'sandock.on-timeout',
  autoResume: 'sandock.auto-resume',
  secure: 'sandock.secure',
  allowInternet: 'sandock.allow-internet',
  cpuCount: 'sandock.cpu-count',
  memoryMB: 'sandock.memory-mb',
  startedAt: 'sandock.started-at',
} as const

export const MANAGED_BY = 'sandock'
