// Re-attaching after a restart: this server's sandbox containers rebuilt into records from their
// labels and state files, never-claimed pool containers put back in the pool, leftovers removed.
import { ENVD_VERSION } from '../../shared/envd.js'
import { diskSizeMB } from '../envd-client/client.js'
import type { ManagedContainer } from '../runtime/types.js'
import type { SandboxContext } from './context.js'
import { sandboxTokens } from './settings.js'
import type { Metrics } from './metrics.js'
import type { SandboxSpec } from './types.js'
import type { PoolEntry, WarmPool } from './warm-pool.js'

export function createRecovery(
  ctx: SandboxContext,
  parts: { pool: Pick<WarmPool, 'adopt'>; metrics: Pick<Metrics, 'sample'> },
) {
  const { registry, stateFile, state, runtime, boot, firewall, envd, tokens, log } = ctx

  /**
   * A never-claimed pool container that is running with envd answering, as a pool entry; not one
   * created under another runtime (SANDOCK_RUNTIME changed between starts, e.g. runc → runsc).
   */
  async function readoptable(c: ManagedContainer, spec: SandboxSpec): Promise<PoolEntry | undefined> {
    if (c.runtime !== ctx.settings.containerRuntime) return undefined
    if (c.state !== 'running' || !c.ip || (await stateFile.isClaimed(spec.sandboxId))) return undefined
    const m = await envd.metrics(c.ip, undefined).catch(() => undefined)
    if (!m) return undefined
    return {
      sandboxId: spec.sandboxId,
      containerId: c.containerId,
      ip: c.ip,
      templateId: spec.templateId,
      image: c.image,
      diskSizeMB: diskSizeMB(m),
      memoryBytes: m.mem_used,
    }
  }

  /**
   * Re-attaches to sandbox containers after a restart; removes ones that stopped. Pool containers
   * never claimed go back to the pool (envd answering); claimed ones are sandboxes (their spec is
   * in the state file) or, when the claim did not finish, removed.
   */
  async function recover(): Promise<{ adopted: number; removed: number; pooled: number }> {
    await stateFile.init()
    await boot.init()
    let adopted = 0
    let removed = 0
    let pooled = 0
    const poolIds = new Set<string>()
    const managed = await runtime.listManaged()
    // Slots in use are known again before any leftover's removal gives one back.
    await boot.slots.recover(managed)
    for (const c of managed) {
      // The labels name the container's sandbox; the state file holds what it is (its spec too).
      // Only a state file written before it kept every spec leaves the labels' spec in use.
      const persisted = c.spec ? await stateFile.load(c.spec.sandboxId) : undefined
      const spec = persisted?.spec ?? c.spec
      if (spec && c.pool) {
        poolIds.add(spec.sandboxId)
        if (!persisted?.spec) {
          const entry = await readoptable(c, spec)
          if (entry) {
            parts.pool.adopt(entry)
            pooled++
          } else {
            await boot.removeContainer({ sandboxId: spec.sandboxId, containerId: c.containerId })
            await stateFile.unmarkClaimed(spec.sandboxId)
            removed++
          }
          continue
        }
      }
      // A stopped container is a filesystem-only pause, or memory on disk, when its state says so; otherwise a leftover.
      const onDisk = c.state === 'stopped' && persisted?.pausedAt !== undefined && persisted.memoryOnDisk
      const fsPaused = (c.state === 'stopped' && persisted?.pausedAt !== undefined && !persisted.memoryKept) || onDisk
      if (
        !spec ||
        !persisted ||
        (c.state === 'stopped' && !fsPaused) ||
        (!c.ip && !fsPaused) ||
        registry.has(spec.sandboxId)
      ) {
        if (spec) {
          await boot.removeContainer({ sandboxId: spec.sandboxId, containerId: c.containerId })
          await state.forget(spec.sandboxId)
          await stateFile.unmarkClaimed(spec.sandboxId)
        } else await runtime.remove(c.containerId)
        removed++
        continue
      }
      const endAt = persisted.endAt ?? new Date(spec.startedAt.getTime() + spec.timeoutMs)
      const record = await state.adopt(
        {
          ...spec,
          state: c.state === 'running' ? 'running' : 'paused',
          endAt,
          containerId: c.containerId,
          ip: c.ip ?? '',
          // As issued (the SDK holds them); derived the earlier way only for a file from before they were kept.
          ...sandboxTokens(spec, tokens.earlier ?? tokens, persisted.tokens),
          envdVersion: ENVD_VERSION,
          diskSizeMB: 0,
          egress: persisted.egress,
          internetAccess: persisted.internetAccess ?? spec.allowInternetAccess,
        },
        {
          envVars: persisted.envVars,
          pausedAt: c.state === 'running' ? undefined : (persisted.pausedAt ?? new Date()),
          memoryKept: c.state !== 'stopped' || onDisk,
          memoryOnDisk: onDisk,
          pooled: persisted.pooled,
        },
        { recovered: true },
      )
      // The namespace outlives the server, but a restart may have cut a PUT short: load them again.
      if (c.state !== 'stopped')
        await firewall
          .load(record)
          .catch((err: unknown) => record.log.error({ err }, 're-applying egress rules failed'))
      if (record.state === 'running')
        void parts.metrics
          .sample(record)
          .then((m) => m && state.transition(record, 'measured', { diskSizeMB: diskSizeMB(m) }))
      adopted++
    }
    // Claim marks whose container is gone (removed by hand, or a crash after the removal).
    for (const id of await stateFile.claimedIds()) if (!poolIds.has(id)) await stateFile.unmarkClaimed(id)
    // Containers on our networks that another instance started: no live server owns them (the
    // networks are ours alone), e.g. after a crash and `docker compose down -v`. Their state, tokens
    // and deadlines went with that server's data dir, so nothing can manage them any more.
    for (const network of [ctx.settings.network, ctx.settings.internalNetwork]) {
      const slotted = (await runtime.slots?.foreign(network)) ?? []
      for (const containerId of [...(await runtime.listForeign(network)), ...slotted]) {
        await runtime.remove(containerId)
        log.info({ containerId, network }, 'orphaned container of another server instance removed')
        removed++
      }
    }
    if (adopted + removed + pooled > 0) log.info({ adopted, removed, pooled }, 'sandboxes re-attached')
    return { adopted, removed, pooled }
  }

  return { recover }
}
