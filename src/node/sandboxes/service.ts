// The sandbox service of one node: assembles the per-verb modules over one context. It
// implements nothing itself; each verb lives in its own file.
import { join } from 'node:path'
import { disabledEgressPort } from '../egress/port.js'
import { createBoot } from './boot.js'
import type { SandboxContext } from './context.js'
import type { SandboxServiceDeps } from './settings.js'
import { createCreates } from './create.js'
import { createForks } from './fork.js'
import { createLifecycle } from './lifecycle.js'
import { createMemoryOnDisk } from './memory-on-disk.js'
import { createMemorySnapshots } from './memory-snapshots.js'
import { createMetrics } from './metrics.js'
import { createMoveHolds } from './move-holds.js'
import { createMoves, type NodeMover } from './move.js'
import { createDeadlines } from './deadlines.js'
import { createNetworkUpdates } from './egress-rules.js'
import { createFirewall } from './firewall.js'
import { createKeptLogs } from './kept-logs.js'
import { createProxyResolver } from './proxy-resolver.js'
import { createRecovery } from './recover.js'
import { createRegistry } from './registry.js'
import { createSandboxStates } from './sandbox-state.js'
import type { SnapshotService } from './snapshots.js'
import { StateFile } from './state-file.js'
import { createTimeouts } from './timeouts.js'
import { createWarmPool } from './warm-pool.js'
import type { ContainerLogLine } from '../runtime/types.js'
import { logMatcher, type SandboxLogQuery } from './log-entries.js'

/** The parts every verb shares; its timers fire into the lifecycle once it is wired (expireWith). */
export function createContext(deps: SandboxServiceDeps): SandboxContext {
  const egress = deps.egress ?? disabledEgressPort()
  const firewall = createFirewall(deps.runtime, egress, deps.settings.egressDnsServers, {
    netstack: deps.settings.netstack === true,
  })
  const registry = createRegistry(deps.log)
  const stateFile = new StateFile(deps.settings.dataDir)
  const timers = createDeadlines(deps.settings)
  const state = createSandboxStates({ registry, stateFile, timers })
  return {
    ...deps,
    egress,
    registry,
    stateFile,
    firewall,
    timers,
    state,
    boot: createBoot({ ...deps, egress, firewall, state }),
    moving: createMoveHolds(),
    keptLogs: createKeptLogs({
      dir: join(deps.settings.dataDir, 'sandbox-logs'),
      retentionMs: 0,
      keepBytes: 256 * 1024,
      totalBytes: 256 * 1048576,
      ...deps.settings.keptLogs,
      log: deps.log,
    }),
  }
}

export function createSandboxService(deps: SandboxServiceDeps & { snapshots: SnapshotService; mover?: NodeMover }) {
  const ctx = createContext(deps)
  const disk = createMemoryOnDisk(ctx)
  const lifecycle = createLifecycle(ctx, disk)
  const { settings } = deps
  const pool = createWarmPool({
    node: { resolve: deps.templates, boot: ctx.boot.pooled, discard: ctx.boot.removeContainer },
    sizing: {
      bounds: () => settings.pools,
      memoryBudgetBytes: settings.poolMemoryMB * 1048576,
      idleMs: settings.poolIdleMs,
      refillDelayMs: settings.poolRefillDelayMs,
    },
    log: deps.log,
  })
  const creates = createCreates(ctx, pool)
  const metrics = createMetrics(ctx)
  const { registry } = ctx
  const forks = createForks(ctx, {
    snapshots: deps.snapshots,
    create: creates.create,
    take: createMemorySnapshots(ctx, disk, deps.snapshots),
  })
  const recovery = createRecovery(ctx, { pool, metrics })
  /** A kill, then the fork image it ran from when no other sandbox needs it. */
  async function kill(sandboxId: string): Promise<void> {
    const { templateId } = registry.get(sandboxId)
    await lifecycle.kill(sandboxId)
    await forks.releaseForkImage(templateId)
  }

  // Deadlines fire into the lifecycle: a timeout pauses or kills as the sandbox was created to
  // (autoPauseMemory false: a filesystem-only pause, processes dropped, as upstream).
  ctx.timers.expireWith({
    onDeadline: (r) =>
      r.onTimeout === 'pause'
        ? lifecycle.pause(r.sandboxId, { memory: r.autoPauseMemory !== false })
        : kill(r.sandboxId),
    onRetention: (r) => lifecycle.dropMemory(r.sandboxId),
  })

  return {
    ...lifecycle,
    ...createTimeouts(ctx),
    ...createNetworkUpdates(ctx),
    kill,
    ...createMoves(ctx, { lifecycle, mover: deps.mover }),
    snapshot: forks.snapshot,
    fork: forks.fork,
    /** Re-attaches after a restart (recover.ts), then removes the fork images nothing uses. */
    async recover(): ReturnType<typeof recovery.recover> {
      const out = await recovery.recover()
      await forks.releaseUnusedForkImages()
      return out
    },
    create: creates.create,
    metrics: metrics.metrics,
    lastMetrics: metrics.lastMetrics,
    startSampling: metrics.startSampling,
    /** Sweeps killed sandboxes' kept logs now and for the retention from then on. */
    startKeptLogs: () => ctx.keptLogs.start(),
    resolver: createProxyResolver(ctx, lifecycle),
    get: registry.get,
    list: () => [...registry.all()],
    /** A bounded page of the sandbox's log; a killed one's from its kept log while it is kept. */
    async logs(sandboxId: string, q: SandboxLogQuery): Promise<ContainerLogLine[]> {
      const read = {
        sinceMs: q.sinceMs,
        untilMs: q.untilMs,
        limit: q.limit,
        newestFirst: q.newestFirst,
        match: logMatcher(q),
      }
      const record = registry.find(sandboxId)
      if (record) return deps.runtime.logs(record.containerId, read)
      const kept = await ctx.keptLogs.read(sandboxId, read)
      if (kept) return kept
      return deps.runtime.logs(registry.get(sandboxId).containerId, read)
    },
    /** Is any sandbox (running or paused) created from this template? */
    usesTemplate: (templateId: string) => [...registry.all()].some((r) => r.templateId === templateId),
    /** Starts filling the warm pools in the background (after the base image exists). */
    startPool: () => {
      ctx.boot.slots.kick()
      pool.kick()
    },
    /** Target, ready count and bounds per pooled template reference. */
    poolStatus: () => pool.sizes(),
    /**
     * Stops timers and the pool refill; sandboxes keep running and are re-attached by the next
     * start. Unclaimed pool containers are removed with `discardPool` (a clean shutdown), else kept.
     */
    async close(opts: { discardPool?: boolean } = {}): Promise<void> {
      metrics.stopSampling()
      ctx.keptLogs.stop()
      for (const r of registry.all()) ctx.state.disarm(r)
      await pool.close()
      if (opts.discardPool) {
        await pool.discardReady()
        await ctx.boot.slots.close()
      }
    },
  }
}

export type SandboxService = ReturnType<typeof createSandboxService>
