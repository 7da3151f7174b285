// Every Docker label key Sandock sets: state is rebuilt from these at boot, tests clean up by them.
export const LABELS = {
  managedBy: 'sandock.managed-by',
  /** Which server (data dir) owns the container: a server only re-attaches its own. */
  instance: 'sandock.instance',
  sandboxId: 'sandock.sandbox-id',
  templateId: 'sandock.template-id',
  alias: 'sandock.alias',
  metadata: 'sandock.metadata',
  timeoutMs: 'sandock.timeout-ms',
  onTimeout: 'sandock.on-timeout',
  /** 'false': the timeout's pause keeps the filesystem only (autoPauseMemory); empty: memory kept. */
  autoPauseMemory: 'sandock.auto-pause-memory',
  autoResume: 'sandock.auto-resume',
  secure: 'sandock.secure',
  publicTraffic: 'sandock.public-traffic',
  allowInternet: 'sandock.allow-internet',
  cpuCount: 'sandock.cpu-count',
  memoryMB: 'sandock.memory-mb',
  startedAt: 'sandock.started-at',
  /** network.maskRequestHost / httpsPorts (JSON), empty when none. */
  ingress: 'sandock.ingress',
  snapshotId: 'sandock.snapshot-id',
  snapshotNames: 'sandock.snapshot-names',
  snapshotOf: 'sandock.snapshot-of',
  /** Set on the snapshot a fork starts from: not listed among the user's snapshots. */
  forkOf: 'sandock.fork-of',
  /** 'true' on a snapshot whose memory is kept with it (checkpoints.ts); on that memory's volume, the snapshot's id. */
  snapshotMemory: 'sandock.snapshot-memory',
  /** A warm-pool container, started before any create asked for it (its sandbox id is pre-assigned). */
  pool: 'sandock.pool',
  /** The Docker runtime (runc, runsc) a sandbox container was created with. */
  runtime: 'sandock.runtime',
  /** A template build's cached step layer. */
  layer: 'sandock.layer',
  /** A sandbox's volumeMounts (JSON [{name, path, volumeId}]). */
  volumeMounts: 'sandock.volume-mounts',
  /** A user volume (POST /volumes): its id, name and creation time. */
  volumeId: 'sandock.volume-id',
  volumeName: 'sandock.volume-name',
  volumeCreatedAt: 'sandock.volume-created-at',
  /** Images that already carry envd under /opt/sandock (base, built templates). */
  envd: 'sandock.envd',
} as const

export const MANAGED_BY = 'sandock'
