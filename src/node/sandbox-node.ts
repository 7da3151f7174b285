// The node seam: what the API (routes, auth, the proxy's edge, placement) asks of a node (its
// runtime, sandbox lifecycle, warm pool, template builds, and the forwarding to its containers).
// In one-host mode LocalNode (local-node.ts) answers in process, with no extra hop. Every method
// takes and returns plain data (Dates included) and fails with AppError kinds, so a RemoteNode (a
// node agent in another process reached over HTTP, for a cluster mode: design/scale-out.md §3.2)
// can implement it without a route changing. Three parameters are streams or handles on the wire
// rather than values: a build's `log` and `signal`, and the proxy resolver's `track`, which a
// remote node keeps to itself (its own proxy forwards to its containers).
import type { AppError } from '../shared/errors.js'
import type { ContainerLogLine, RemoveImageResult } from './runtime/types.js'
import type { SandboxLogQuery } from './sandboxes/log-entries.js'
import type { SnapshotInfo } from './sandboxes/snapshots.js'
import type {
  CreateSandboxRequest,
  NetworkUpdate,
  ProxyResolver,
  SandboxInfo,
  SandboxMetric,
} from './sandboxes/types.js'
import type { BuildJob, BuildLog, BuildResult } from './builds/build-types.js'

/**
 * What the template catalog asks of the node that builds and runs templates (SandboxNode below
 * has the whole seam). Plain data in and out; `log` and `signal` are a stream and a cancel on the wire.
 */
export interface TemplateNode {
  /** Runs a build to its end: resolves with the final image, rejects (StepError: with its step) on failure. */
  build(job: BuildJob, out: { log: BuildLog; signal: AbortSignal }): Promise<BuildResult>
  /** Removes a template's image; a missing or still used image is an answer, not an error. */
  removeImage(image: string): Promise<RemoveImageResult>
  /** Removes the build containers a restart left behind; resolves with how many. */
  removeBuildContainers(): Promise<number>
  /** Is any sandbox (running or paused) created from this template? */
  usesTemplate(templateId: string): Promise<boolean>
}

/** One fork's outcome: a sandbox, or the error that stopped it (the contract answers per item). */
export type ForkItem = { sandbox: SandboxInfo } | { error: AppError }

export type PoolStatus = Record<string, { size: number; ready: number }>

export interface SandboxNode extends TemplateNode {
  /** A new sandbox from a template (or snapshot) reference: a warm-pool container when one fits, else a cold start. */
  create(req: CreateSandboxRequest): Promise<SandboxInfo>
  /** Running or paused; not_found (SandboxNotFoundError) otherwise, as for every per-sandbox verb. */
  get(sandboxId: string): Promise<SandboxInfo>
  /** Every sandbox on the node, running and paused (the API filters and pages). */
  list(): Promise<SandboxInfo[]>
  kill(sandboxId: string): Promise<void>
  /** `memory`: freeze (processes kept); false: stop, keeping the filesystem. conflict when paused. */
  pause(sandboxId: string, opts: { memory: boolean }): Promise<void>
  /** conflict when running. */
  resume(sandboxId: string, timeoutS: number | undefined): Promise<SandboxInfo>
  /** Running: extends the deadline; paused: resumes (`resumed`), rebooting when `memory` is false. */
  connect(
    sandboxId: string,
    timeoutS: number | undefined,
    opts: { memory?: boolean },
  ): Promise<{ sandbox: SandboxInfo; resumed: boolean }>
  /** Deadline = now + timeout (may shorten). */
  setTimeout(sandboxId: string, timeoutS: number): Promise<void>
  /** Deadline = max(deadline, now + duration). */
  refresh(sandboxId: string, durationS: number): Promise<void>
  /** Replaces the egress rules live; conflict while a state change is in flight. */
  updateNetwork(sandboxId: string, update: NetworkUpdate): Promise<void>
  /** Kept samples within [startS, endS] (unix seconds). */
  metrics(sandboxId: string, range: { startS?: number; endS?: number }): Promise<SandboxMetric[]>
  /** The latest sample of each known sandbox among `sandboxIds` (unknown ones and those without a sample are left out). */
  lastMetrics(sandboxIds: readonly string[]): Promise<Record<string, SandboxMetric>>
  /** A bounded page of the container's output lines (envd's log); a killed sandbox's while its log is kept. */
  logs(sandboxId: string, query: SandboxLogQuery): Promise<ContainerLogLine[]>
  /** Commits the sandbox's filesystem as a snapshot usable as a template. */
  snapshot(sandboxId: string, name: string | undefined): Promise<SnapshotInfo>
  /** Listed snapshots, newest first. */
  listSnapshots(filter: { sandboxId?: string; name?: string }): Promise<SnapshotInfo[]>
  /** not_found when unknown; conflict while a sandbox runs from it. */
  removeSnapshot(snapshotId: string): Promise<void>
  /** `count` sandboxes from a snapshot of the source. */
  fork(sandboxId: string, opts: { timeoutS: number; count: number }): Promise<ForkItem[]>
  /** Warm pool target and ready count per template reference. */
  poolStatus(): Promise<PoolStatus>
  /** What the proxy asks to forward to this node's containers: look-up, auto-resume, connection tracking. */
  readonly proxy: ProxyResolver
}
