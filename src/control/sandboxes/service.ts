// The sandbox service of one node: assembles the per-verb modules over one context. It
// implements nothing itself; each verb lives in its own file.
import { createContext, type SandboxServiceDeps } from './context.js'
import { createCreates } from './create.js'
import { createForks } from './fork.js'
import { createLifecycle } from './lifecycle.js'
import { createMetrics } from './metrics.js'
import { createNetworkUpdates } from './network.js'
import { createProxyResolver } from './proxy-resolver.js'
import { createRecovery } from './recover.js'
import type { SnapshotService } from './snapshots.js'
import { createTimeouts } from './timeouts.js'
import { createWarmPool } from './warm-pool.js'

export function createSandboxService(deps: SandboxServiceDeps & { snapshots: SnapshotService }) {
  // Timers fire into the lifecycle, which is built on the same context just below.
  const ctx = createContext(deps, {
    // autoPauseMemory false: a filesystem-only pause (processes dropped), as upstream.
    onDeadline: (r) => (r.onTimeout === 'pause' ? lifecycle.pause(r.sandboxId, { memory: r.autoPauseMemory !== false }) : kill(r.sandboxId)),
    onRetention: (r) => lifecycle.dropMemory(r.sandboxId),
  })
  const lifecycle = createLifecycle(ctx)
  const { settings } = deps
  const pool = createWarmPool({
    bounds: () => settings.pools, resolve: deps.templates, boot: ctx.boot.pooled, discard: ctx.boot.removeContainer, log: deps.log,
    memoryBudgetBytes: settings.poolMemoryMB * 1048576, idleMs: settings.poolIdleMs, refillDelayMs: settings.poolRefillDelayMs,
  })
  const creates = createCreates(ctx, pool)
  const metrics = createMetrics(ctx)
  const { registry } = ctx
  const forks = createForks(ctx, { snapshots: deps.snapshots, create: creates.create })
  const recovery = createRecovery(ctx, { pool, metrics })
  /** A kill, then the fork image it ran from when no other sandbox needs it. */
  async function kill(sandboxId: string): Promise<void> {
    const { templateId } = registry.get(sandboxId)
    await lifecycle.kill(sandboxId)
    await forks.releaseForkImage(templateId)
  }

  return {
    ...lifecycle,
    ...createTimeouts(ctx),
    ...createNetworkUpdates(ctx),
    kill,
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
    resolver: createProxyResolver(ctx, lifecycle),
    get: registry.get,
    list: () => [...registry.all()],
    logs: (sandboxId: string, opts: { sinceS?: number; tail?: number }) => deps.runtime.logs(registry.get(sandboxId).containerId, opts),
    /** Is any sandbox (running or paused) created from this template? */
    usesTemplate: (templateId: string) => [...registry.all()].some((r) => r.templateId === templateId),
    /** Starts filling the warm pools in the background (after the base image exists). */
    startPool: () => pool.kick(),
    /** Target, ready count and bounds per pooled template reference. */
    poolSizes: () => pool.sizes(),
    /**
     * Stops timers and the pool refill; sandboxes keep running and are re-attached by the next
     * start. Unclaimed pool containers are removed with `discardPool` (a clean shutdown), else kept.
     */
    async close(opts: { discardPool?: boolean } = {}): Promise<void> {
      metrics.stopSampling()
      for (const r of registry.all()) clearTimeout(r.timer)
      await pool.close()
      if (opts.discardPool) await pool.discardReady()
    },
  }
}

export type SandboxService = ReturnType<typeof createSandboxService>
