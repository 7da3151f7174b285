// A sandbox's state changes, each serialised per sandbox: kill, pause (with memory: frozen, or on
// disk under runsc-netstack; without: stopped, filesystem kept), the retention's drop of memory,
// resume (unfreeze, restore from disk, or reboot) and connect.
import { AppError } from '../../shared/errors.js'
import { hasTransforms } from '../egress/policy.js'
import type { SandboxContext } from './context.js'
import { sendCa } from './egress-rules.js'
import { createMemoryOnDisk, type MemoryOnDisk } from './memory-on-disk.js'
import type { SandboxRecord } from './registry.js'
import { extendDeadline } from './timeouts.js'

export type Lifecycle = ReturnType<typeof createLifecycle>

/** The newest lines of the container's log, up to the kept size; a failure only loses the log. */
async function keepLog({ settings, runtime, keptLogs }: SandboxContext, record: SandboxRecord): Promise<void> {
  const keepBytes = settings.keptLogs?.keepBytes ?? 0
  if (!settings.keptLogs?.retentionMs || keepBytes <= 0) return
  // A kept line is at least its 24-character time, a space and a newline: more never fit.
  const lines = await runtime
    .logs(record.containerId, { limit: Math.ceil(keepBytes / 26), newestFirst: true })
    .catch(() => [])
  await keptLogs
    .keep(record.sandboxId, lines)
    .catch((err: unknown) => record.log.warn({ err }, "keeping the killed sandbox's log failed"))
}

/** A pause in the sandbox's turn. memory: freeze (or write to disk); false: stop, keeping the filesystem only. */
async function pauseNow(
  { registry, state, runtime, settings, firewall }: SandboxContext,
  disk: MemoryOnDisk,
  record: SandboxRecord,
  opts: { memory: boolean },
): Promise<void> {
  const { sandboxId } = record
  if (record.state === 'paused')
    throw new AppError('conflict', `Error pausing sandbox - sandbox '${sandboxId}' is already paused`)
  // Paused first, so the proxy refuses new traffic, then cut what is in flight. Persisted as
  // meant: a server that dies while the container stops finds it paused, not a leftover.
  await state.transition(record, 'pausing', {
    state: 'paused',
    pausedAt: new Date(),
    memoryKept: opts.memory,
    memoryOnDisk: opts.memory && disk.enabled,
  })
  registry.cutConnections(record)
  let how: 'disk' | 'frozen' | 'lost' | 'stopped'
  try {
    // With memory: frozen, or (runsc-netstack) written to disk and stopped (memory-on-disk.ts).
    how = opts.memory ? await disk.pause(record) : 'stopped'
    if (how === 'stopped') await runtime.stop(record.containerId)
    // Stopped: its address goes back to Docker, so the gateway stops serving it.
    if (how !== 'frozen') await firewall.release(record)
  } catch (e) {
    await state.transition(record, 'pauseFailed', {
      state: 'running',
      pausedAt: undefined,
      memoryKept: true,
      memoryOnDisk: false,
    })
    throw e
  }
  const pausedAt = new Date()
  // compat: while frozen, endAt says when its memory goes (SANDOCK_PAUSED_RETENTION; then it
  // is stopped, filesystem kept); no deadline runs while paused, and a resume sets a new one.
  await state.transition(record, 'paused', {
    pausedAt,
    memoryKept: how === 'disk' || how === 'frozen',
    memoryOnDisk: how === 'disk',
    ...(how === 'frozen' ? { endAt: new Date(pausedAt.getTime() + settings.pausedRetentionMs) } : {}),
  })
  record.log.info({ memory: opts.memory, how }, 'sandbox paused')
}

export function createLifecycle(ctx: SandboxContext, disk: MemoryOnDisk = createMemoryOnDisk(ctx)) {
  const { registry, stateFile, state, timers, runtime, boot, settings, firewall, egress } = ctx

  async function kill(sandboxId: string): Promise<void> {
    const record = registry.get(sandboxId)
    await registry.serially(record, async () => {
      state.disarm(record)
      disk.cancelSpill(sandboxId)
      // Its log outlives it (for the retention): saved while the route still finds the sandbox.
      await keepLog(ctx, record)
      // Forget first: the proxy answers 502 from now on, then in-flight streams are cut.
      await state.forget(sandboxId)
      registry.cutConnections(record)
      // gVisor: a SIGKILL to a paused sandbox waits out Docker's 10 s kill timeout and may leave a
      // zombie Docker cannot remove; thaw it first (runc handles a paused container's kill itself).
      if (settings.gvisor && record.state === 'paused' && record.memoryKept && !record.memoryOnDisk) {
        await runtime
          .unpause(record.containerId)
          .catch((err: unknown) => record.log.warn({ err }, 'unpause before kill failed'))
      }
      await firewall.release(record).catch((err: unknown) => record.log.warn({ err }, 'egress gateway release failed'))
      await egress.forget(sandboxId)
      await boot.removeContainer(record)
      // Only now: had the removal failed, a restart would still know this container was used.
      if (record.pooled) await stateFile.unmarkClaimed(sandboxId)
      record.log.info({}, 'sandbox killed')
    })
  }

  /** memory: freeze (processes and memory kept); false: stop, keeping the filesystem only. */
  async function pause(sandboxId: string, opts: { memory: boolean }): Promise<void> {
    const record = registry.get(sandboxId)
    await registry.serially(record, () => pauseNow(ctx, disk, record, opts))
  }

  /** A frozen sandbox past its retention becomes a stopped one (filesystem kept, memory freed). */
  async function dropMemory(sandboxId: string): Promise<void> {
    const record = registry.get(sandboxId)
    await registry.serially(record, async () => {
      if (record.state !== 'paused' || !record.memoryKept || record.memoryOnDisk) return
      disk.cancelSpill(sandboxId)
      await runtime.unpause(record.containerId)
      await runtime.stop(record.containerId)
      await firewall.release(record)
      await state.transition(record, 'memoryDropped', { memoryKept: false })
    })
  }

  /**
   * Resumes a paused sandbox with a fresh deadline: unfreezes it, or (when it was paused without
   * memory or `reboot` is asked) boots it again and re-sends its env vars and token to envd.
   * Resolves undefined when it is running by its turn (a racing resume got there first).
   */
  async function resumePaused(
    sandboxId: string,
    timeoutS: number | undefined,
    opts: { reboot?: boolean } = {},
  ): Promise<SandboxRecord | undefined> {
    const record = registry.get(sandboxId)
    return registry.serially(record, async () => {
      if (record.state === 'running') return undefined
      ctx.moving.assertFree(sandboxId)
      disk.cancelSpill(sandboxId)
      // Memory back: restored from disk (runsc-netstack), or thawed; else a reboot from the filesystem.
      const fromDisk = record.memoryOnDisk === true && !opts.reboot && (await disk.restoreRunning(record))
      const thaw = !fromDisk && record.memoryKept && !record.memoryOnDisk && !opts.reboot
      if (thaw) await runtime.unpause(record.containerId)
      if (fromDisk || thaw) {
        // A transform rule set while it was paused needs its CA in the trust store (idempotent).
        if (hasTransforms(record.egress))
          await sendCa(ctx.envd, record, await egress.caBundle(sandboxId, record.egress))
      } else {
        if (record.memoryOnDisk) await disk.discard(record)
        else if (record.memoryKept) {
          await runtime.unpause(record.containerId)
          await runtime.stop(record.containerId)
        }
        // A reboot lost the template's start command with the rest of memory: it starts again.
        await boot.reboot(record, await ctx.templates(record.templateId).catch(() => undefined))
      }
      await state.transition(record, 'resumed', {
        state: 'running',
        memoryKept: true,
        memoryOnDisk: false,
        pausedAt: undefined,
        endAt: timers.deadlineIn(timeoutS ?? settings.defaultTimeoutS),
      })
      record.log.info({ reboot: Boolean(opts.reboot) }, 'sandbox resumed')
      return record
    })
  }

  /** resumePaused, where a running sandbox is a conflict (409). */
  async function resume(sandboxId: string, timeoutS: number | undefined): Promise<SandboxRecord> {
    const record = await resumePaused(sandboxId, timeoutS)
    if (!record) throw new AppError('conflict', `Sandbox ${sandboxId} is already running`)
    return record
  }

  /**
   * Running: extends the deadline (never shortens). Paused: resumes it (`resumed`); `memory: false`
   * reboots even when memory was kept. compat: a connect racing another resume joins it (200).
   */
  async function connect(
    sandboxId: string,
    timeoutS: number | undefined,
    opts: { memory?: boolean } = {},
  ): Promise<{ record: SandboxRecord; resumed: boolean }> {
    const record = registry.get(sandboxId)
    // compat: memory:false (onResume 'reboot') cold-boots from the filesystem even if memory was kept.
    if (record.state === 'paused') {
      const resumed = await resumePaused(sandboxId, timeoutS, { reboot: opts.memory === false })
      if (resumed) return { record: resumed, resumed: true }
    }
    await extendDeadline(ctx, record, timeoutS ?? settings.defaultTimeoutS)
    return { record, resumed: false }
  }

  return { kill, pause, dropMemory, resumePaused, resume, connect }
}
