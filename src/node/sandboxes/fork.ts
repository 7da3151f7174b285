// Snapshots and forks: a sandbox's filesystem committed as a template (serialised with its other
// state changes), and `count` new sandboxes started from an unlisted snapshot of it; under
// runsc-netstack with the memory of its processes too (memory-snapshots.ts).
import { AppError } from '../../shared/errors.js'
import type { SandboxContext } from './context.js'
import type { SandboxRecord } from './registry.js'
import type { SnapshotInfo, SnapshotService } from './snapshots.js'
import type { CreateSandboxRequest } from './types.js'

/** Starting containers is mostly Docker's work on a 2-core host: forks start two at a time. */
const FORKS_AT_ONCE = 2

export type ForkResult = { record: SandboxRecord } | { error: AppError }

export function createForks(
  { registry, log }: SandboxContext,
  parts: {
    snapshots: SnapshotService
    create: (req: CreateSandboxRequest) => Promise<SandboxRecord>
    /** A snapshot in the source's turn: with its processes' memory when it can be (memory-snapshots.ts). */
    take: (record: SandboxRecord, opts: { name?: string; forkOf?: string }) => Promise<SnapshotInfo>
  },
) {
  /** Fork snapshot ids whose forks are still being created: their image is needed. */
  const forking = new Set<string>()

  /**
   * Removes the image of the fork snapshot `templateId` when no sandbox of this server runs from
   * it and no fork from it is under way (a no-op for any other template). Docker keeps it while a
   * container uses it, and a snapshot taken of a fork keeps its layers.
   */
  async function releaseForkImage(templateId: string): Promise<void> {
    if (!parts.snapshots.releaseFork || forking.has(templateId)) return
    for (const r of registry.all()) if (r.templateId === templateId) return
    await parts.snapshots.releaseFork(templateId).then(
      (removed) => removed && log.info({ snapshotId: templateId }, 'fork image removed: no sandbox uses it'),
      (err: unknown) => log.warn({ err, snapshotId: templateId }, 'removing a fork image failed'),
    )
  }

  return {
    releaseForkImage,

    /** At a start: the fork images no sandbox uses any more (left by a crash, or an older version). */
    async releaseUnusedForkImages(): Promise<void> {
      for (const id of (await parts.snapshots.forkIds?.().catch(() => [])) ?? []) await releaseForkImage(id)
      await parts.snapshots
        .forgetOrphanMemory?.()
        .catch((err: unknown) => log.warn({ err }, 'dropping the memory of removed snapshots failed'))
    },

    /** Commits the sandbox's filesystem as a snapshot usable as a template. */
    async snapshot(sandboxId: string, name: string | undefined): Promise<SnapshotInfo> {
      const record = registry.get(sandboxId)
      return registry.serially(record, () => parts.take(record, { name }))
    },

    /**
     * `count` new sandboxes from the source's filesystem, each with its own id and tokens and the
     * source's settings. Each item is a sandbox or the error that stopped it (contract: per item).
     */
    async fork(sandboxId: string, opts: { timeoutS: number; count: number }): Promise<ForkResult[]> {
      const source = registry.get(sandboxId)
      const base = await registry.serially(source, () => parts.take(source, { forkOf: sandboxId }))
      forking.add(base.snapshotId)
      const results: ForkResult[] = new Array(opts.count)
      let next = 0
      const worker = async () => {
        for (let i = next++; i < opts.count; i = next++) {
          try {
            results[i] = {
              record: await parts.create({
                templateRef: base.snapshotId,
                timeoutS: opts.timeoutS,
                metadata: { ...source.metadata },
                envVars: { ...source.envVars },
                secure: source.secure,
                allowPublicTraffic: source.allowPublicTraffic,
                allowInternetAccess: source.allowInternetAccess,
                onTimeout: source.onTimeout,
                autoPauseMemory: source.autoPauseMemory,
                autoResume: source.autoResume,
                egress: source.egress,
                ingress: source.ingress,
                // The same volumes (shared, never copied: a snapshot holds no volume data), by name now.
                volumeMounts: source.volumeMounts.map(({ name, path }) => ({ name, path })),
              }),
            }
          } catch (e) {
            results[i] = {
              error:
                e instanceof AppError
                  ? e
                  : new AppError('internal', `fork failed: ${(e as Error).message}`, { cause: e }),
            }
          }
        }
      }
      try {
        await Promise.all(Array.from({ length: FORKS_AT_ONCE }, worker))
      } finally {
        forking.delete(base.snapshotId)
      }
      // Every fork failed (or was killed already): nothing needs the image.
      await releaseForkImage(base.snapshotId)
      source.log.info({ count: opts.count, failed: results.filter((r) => 'error' in r).length }, 'sandbox forked')
      return results
    },
  }
}
