// How a sandbox's spec and a snapshot's description are kept on Docker objects: as labels, so a
// restarted server rebuilds its state from Docker alone. Pure; the label keys are in labels.ts.
import type { SandboxSpec, VolumeMountSpec } from '../sandboxes/types.js'
import { LABELS } from './labels.js'
import type { SnapshotImage } from './types.js'

type Labels = Readonly<Record<string, string | undefined>>

/** The labels of a sandbox container (beside managed-by, instance and sandbox id, which the runtime adds). */
export function specLabels(s: SandboxSpec, opts: { pool: boolean }): Record<string, string> {
  return {
    [LABELS.templateId]: s.templateId,
    // Always set: a container from a snapshot image would otherwise inherit its source's alias.
    [LABELS.alias]: s.alias ?? '',
    [LABELS.metadata]: JSON.stringify(s.metadata),
    [LABELS.timeoutMs]: String(s.timeoutMs),
    [LABELS.onTimeout]: s.onTimeout,
    // Always set: a container from a snapshot image would otherwise inherit its source's.
    [LABELS.autoPauseMemory]: s.autoPauseMemory === false ? 'false' : '',
    [LABELS.autoResume]: String(s.autoResume),
    [LABELS.secure]: String(s.secure),
    [LABELS.publicTraffic]: String(s.allowPublicTraffic),
    [LABELS.allowInternet]: String(s.allowInternetAccess),
    [LABELS.cpuCount]: String(s.cpuCount),
    [LABELS.memoryMB]: String(s.memoryMB),
    [LABELS.startedAt]: s.startedAt.toISOString(),
    // Always set: a container from a snapshot image would otherwise inherit its source's.
    [LABELS.ingress]: s.ingress ? JSON.stringify(s.ingress) : '',
    // Always set: a container from a snapshot image would otherwise inherit it.
    [LABELS.pool]: opts.pool ? 'true' : '',
    [LABELS.volumeMounts]: JSON.stringify(s.volumeMounts),
  }
}

/** The spec a container was started with; undefined when its labels are incomplete or malformed. */
export function specFromLabels(l: Labels): SandboxSpec | undefined {
  const sandboxId = l[LABELS.sandboxId]
  const templateId = l[LABELS.templateId]
  const startedAt = new Date(l[LABELS.startedAt] ?? '')
  if (!sandboxId || !templateId || Number.isNaN(startedAt.getTime())) return undefined
  let metadata: Record<string, string> = {}
  let ingress: SandboxSpec['ingress']
  let volumeMounts: VolumeMountSpec[] = []
  try {
    metadata = JSON.parse(l[LABELS.metadata] ?? '{}') as Record<string, string>
    ingress = l[LABELS.ingress] ? (JSON.parse(l[LABELS.ingress]!) as SandboxSpec['ingress']) : undefined
    // Absent on containers from before volumes: none.
    volumeMounts = (JSON.parse(l[LABELS.volumeMounts] || '[]') as VolumeMountSpec[]).map(
      ({ name, path, volumeId }) => ({ name, path, volumeId }),
    )
  } catch {
    return undefined
  }
  return {
    sandboxId,
    templateId,
    alias: l[LABELS.alias] || undefined,
    metadata,
    timeoutMs: Number(l[LABELS.timeoutMs] ?? 300_000),
    onTimeout: l[LABELS.onTimeout] === 'pause' ? 'pause' : 'kill',
    ...(l[LABELS.autoPauseMemory] === 'false' ? { autoPauseMemory: false } : {}),
    autoResume: l[LABELS.autoResume] === 'true',
    secure: l[LABELS.secure] === 'true',
    allowPublicTraffic: l[LABELS.publicTraffic] !== 'false',
    allowInternetAccess: l[LABELS.allowInternet] !== 'false',
    cpuCount: Number(l[LABELS.cpuCount] ?? 1),
    memoryMB: Number(l[LABELS.memoryMB] ?? 512),
    startedAt,
    ...(ingress ? { ingress } : {}),
    volumeMounts,
  }
}

export const isPoolContainer = (l: Labels) => l[LABELS.pool] === 'true'

export function snapshotLabels(s: Omit<SnapshotImage, 'createdS'>): Record<string, string> {
  return {
    [LABELS.snapshotId]: s.snapshotId,
    [LABELS.snapshotNames]: JSON.stringify(s.names),
    [LABELS.snapshotOf]: s.sandboxId,
    [LABELS.templateId]: s.templateId,
    [LABELS.cpuCount]: String(s.cpuCount),
    [LABELS.memoryMB]: String(s.memoryMB),
    // Always set: a commit keeps the labels of the image its container runs, so a snapshot of a
    // forked sandbox would otherwise inherit its fork image's mark (unlisted, and released with it).
    [LABELS.forkOf]: s.forkOf ?? '',
    // Always set, as forkOf: a snapshot of a sandbox restored from one has memory of its own or none.
    [LABELS.snapshotMemory]: s.memory ? 'true' : '',
  }
}

export function snapshotFromLabels(l: Labels, createdS: number): SnapshotImage {
  return {
    snapshotId: l[LABELS.snapshotId]!,
    names: JSON.parse(l[LABELS.snapshotNames] ?? '[]') as string[],
    sandboxId: l[LABELS.snapshotOf] ?? '',
    templateId: l[LABELS.templateId] ?? '',
    cpuCount: Number(l[LABELS.cpuCount] ?? 1),
    memoryMB: Number(l[LABELS.memoryMB] ?? 512),
    forkOf: l[LABELS.forkOf] || undefined,
    ...(l[LABELS.snapshotMemory] === 'true' ? { memory: true } : {}),
    createdS,
  }
}
