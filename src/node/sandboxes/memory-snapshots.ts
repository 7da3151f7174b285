// Snapshots and forks that keep processes (runsc-netstack): a running source is saved to disk for
// the commit, so that its memory image and its filesystem are of one instant, the image is kept with
// the snapshot (runtime/kept-memory.ts), and the source is restored; one paused to disk already is
// committed as it is. A sandbox created from such a snapshot starts from the image
// (boot-memory.ts): the source's processes, on its own address, with its own ids and token.
//
// The source's connections with the outside are reset by the save (as a pause's are), and it is
// away for the save, the commit, the image's copy and the restore: ~3 s idle, more with the memory it holds
// (docs/security.md). A source whose save is refused (connections runsc cannot save: a runtime
// without --net-disconnect-ok) is snapshotted as before, its filesystem only, while it runs.
import { hasTransforms } from '../egress/policy.js'
import { sendCa } from './egress-rules.js'
import type { SandboxContext } from './context.js'
import type { MemoryOnDisk } from './memory-on-disk.js'
import type { SandboxRecord } from './registry.js'
import type { SnapshotInfo, SnapshotService } from './snapshots.js'

/** How long a snapshot tries to save its source before it commits the filesystem only. */
const SAVE_WITHIN_MS = 1_200

export function createMemorySnapshots(ctx: SandboxContext, disk: MemoryOnDisk, snapshots: SnapshotService) {
  const { registry, firewall, boot, state } = ctx

  /** The source back after its save: restored, else (a failed restore, a lost save) rebooted from its filesystem. */
  async function bringBack(record: SandboxRecord, saved: 'disk' | 'lost'): Promise<void> {
    if (saved === 'disk' && (await disk.restoreRunning(record))) {
      if (hasTransforms(record.egress))
        await sendCa(ctx.envd, record, await ctx.egress.caBundle(record.sandboxId, record.egress))
    } else {
      await disk.discard(record).catch(() => undefined)
      await boot.reboot(record, await ctx.templates(record.templateId).catch(() => undefined))
    }
    await backFromSnapshot(record)
  }

  const backFromSnapshot = (record: SandboxRecord) =>
    state.transition(record, 'backFromSnapshot', { pausedAt: undefined, memoryOnDisk: false, memoryKept: true })

  /**
   * A snapshot of `record` (called in its turn: registry.serially), with its memory when it can be:
   * the source stays in the state it was in.
   */
  return async function take(record: SandboxRecord, opts: { name?: string; forkOf?: string }): Promise<SnapshotInfo> {
    const memory = { token: record.envdAccessToken }
    if (!disk.enabled || record.state === 'paused')
      return snapshots.create(record, record.state === 'paused' && record.memoryOnDisk ? { ...opts, memory } : opts)
    // A bad name is refused before the source is touched.
    await snapshots.checkName?.(opts.name)
    // Persisted first: a server that dies before the source is back finds it paused with its
    // memory on disk (a resume restores it), not a stopped leftover to remove.
    await state.transition(record, 'savingForSnapshot', { pausedAt: new Date(), memoryOnDisk: true, memoryKept: true })
    // As a pause: the proxy's exchanges in flight are cut first (the save would reset them).
    registry.cutConnections(record)
    const t0 = performance.now()
    const saved = await disk.save(record, SAVE_WITHIN_MS).catch(async (e: unknown) => {
      await backFromSnapshot(record)
      throw e
    })
    if (saved === 'busy') {
      await backFromSnapshot(record)
      record.log.info({}, 'the sandbox could not be saved now: the snapshot keeps its filesystem only')
      return snapshots.create(record, opts)
    }
    // Stopped: its address goes back to Docker, so the gateway stops serving it.
    await firewall.release(record)
    const ms = [performance.now() - t0]
    try {
      return await snapshots.create(record, saved === 'disk' ? { ...opts, memory } : opts)
    } finally {
      ms.push(performance.now() - t0)
      await bringBack(record, saved)
      const [saveMs, committedMs] = ms.map(Math.round)
      const backMs = Math.round(performance.now() - t0)
      record.log.info(
        { memory: saved === 'disk', saveMs, committedMs, backMs },
        'sandbox saved for a snapshot and back',
      )
    }
  }
}
