// Creating a sandbox: validation and the concurrency cap, then a warm-pool container when one
// fits (personalised through /init), else a cold start. Boot time does not count against the timeout.
import { RateLimitedError } from '../../shared/errors.js'
import { ENVD_VERSION } from '../../shared/envd.js'
import { newSandboxId } from '../../shared/ids.js'
import { diskSizeMB } from '../envd-client/client.js'
import type { ResolvedTemplate } from '../builds/template-model.js'
import type { SandboxContext } from './context.js'
import { sandboxTokens } from './settings.js'
import { NO_EGRESS_RULES, hasEgressRules, validateEgress, type EgressRules } from './egress.js'
import { validateIngress } from './ingress.js'
import { toMetric } from './metrics.js'
import type { SandboxRecord } from './registry.js'
import { createTimeoutS, sandboxSpec } from './create-spec.js'
import type { CreateSandboxRequest, SandboxSpec } from './types.js'
import { resolveVolumeMounts } from './volume-mounts.js'
import type { PoolEntry, WarmPool } from './warm-pool.js'

export function createCreates(ctx: SandboxContext, pool: Pick<WarmPool, 'claimOrWait'>) {
  const { settings, registry, stateFile, state, boot, tokens, log } = ctx
  let pending = 0

  async function create(req: CreateSandboxRequest): Promise<SandboxRecord> {
    if (registry.size + pending >= settings.maxSandboxes) {
      throw new RateLimitedError(
        `you have reached the maximum number of concurrent E2B sandboxes (${settings.maxSandboxes}). If you need more, please visit 'https://e2b.dev/docs/billing'`,
      )
    }
    pending++
    try {
      const template = await ctx.templates(req.templateRef)
      const timeoutS = createTimeoutS(req, settings)
      const ingress = validateIngress(req.ingress ?? {})
      const egress = await validateEgress(req.egress, ctx.egress.lookupAll, {
        allowInternetAccess: req.allowInternetAccess,
      })
      if (req.volumeMounts.length > 0) await ctx.volumes.prepare?.(req.volumeMounts.map((m) => m.name))
      const volumeMounts = resolveVolumeMounts(req.volumeMounts, ctx.volumes)
      const specFor = (sandboxId: string) => sandboxSpec(sandboxId, template, req, { timeoutS, ingress, volumeMounts })
      // A built template's ENV steps come first; the create's envVars win.
      const envVars = { ...template.config?.envs, ...req.envVars }
      // Pool containers sit on the internet-enabled network without egress rules or volumes; anything
      // else changes the container, so it cold-starts (its rules are loaded before envd first answers).
      const entry =
        req.allowInternetAccess && !hasEgressRules(egress, true) && volumeMounts.length === 0 && !template.memory
          ? await pool.claimOrWait(template)
          : undefined
      if (entry) {
        try {
          return await fromPool(entry, specFor(entry.sandboxId), envVars, timeoutS)
        } catch (err) {
          log.warn({ err, sandboxId: entry.sandboxId }, 'claimed pool container failed; cold-starting instead')
        }
      }
      return await coldStart(template, specFor(newSandboxId()), envVars, timeoutS, egress)
    } finally {
      pending--
    }
  }

  /** Personalises a claimed pool container: marked claimed first, then env vars and token via /init. */
  async function fromPool(
    entry: PoolEntry,
    spec: SandboxSpec,
    envVars: Record<string, string>,
    timeoutS: number,
  ): Promise<SandboxRecord> {
    const t0 = performance.now()
    const { sandboxId } = spec
    await stateFile.markClaimed(sandboxId)
    const issued = sandboxTokens(spec, tokens)
    try {
      await ctx.envd.init(entry.ip, { envVars, accessToken: issued.envdAccessToken })
    } catch (e) {
      await boot.removeContainer(entry).then(
        () => stateFile.unmarkClaimed(sandboxId),
        () => undefined,
      )
      throw e
    }
    const record = await state.adopt(
      {
        ...spec,
        state: 'running',
        endAt: new Date(Date.now() + timeoutS * 1000),
        containerId: entry.containerId,
        ip: entry.ip,
        ...issued,
        envdVersion: ENVD_VERSION,
        diskSizeMB: entry.diskSizeMB,
        egress: NO_EGRESS_RULES,
        internetAccess: true,
      },
      { envVars, pausedAt: undefined, memoryKept: true, pooled: true },
    )
    record.log.info(
      { containerId: entry.containerId, ms: Math.round(performance.now() - t0), pooled: true },
      'sandbox created',
    )
    return record
  }

  async function coldStart(
    template: ResolvedTemplate,
    spec: SandboxSpec,
    envVars: Record<string, string>,
    timeoutS: number,
    egress: EgressRules,
  ): Promise<SandboxRecord> {
    const t0 = performance.now()
    const issued = sandboxTokens(spec, tokens)
    const o = { envVars, token: issued.envdAccessToken, egress }
    // A snapshot with its processes' memory restores them; else (or when that fails) a fresh boot.
    const up = (await boot.fromMemory(template, spec, o)) ?? (await boot.cold(template, spec, o))
    // Boot time does not count against the timeout (as upstream re-stamps start after boot).
    const record = await state.adopt(
      {
        ...spec,
        state: 'running',
        endAt: new Date(Date.now() + timeoutS * 1000),
        containerId: up.containerId,
        ip: up.ip,
        ...issued,
        envdVersion: ENVD_VERSION,
        diskSizeMB: up.first ? diskSizeMB(up.first) : 0,
        egress,
        internetAccess: spec.allowInternetAccess,
      },
      { envVars, pausedAt: undefined, memoryKept: true, pooled: false },
      { firstMetric: up.first && toMetric(up.first) },
    )
    const ms = (t: number) => Math.round(t - t0)
    // dockerMs and envdReadyMs include any wait for a boot slot.
    record.log.info(
      {
        containerId: up.containerId,
        ms: ms(performance.now()),
        dockerMs: ms(up.startedAt),
        envdReadyMs: ms(up.envdUpAt),
        pooled: false,
      },
      'sandbox created',
    )
    return record
  }

  return { create }
}
