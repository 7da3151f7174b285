// Moving a paused sandbox between nodes (a drain, control/cluster/drain.ts): the source commits its
// filesystem (and its anonymous volumes' content: /tmp under gVisor) to an image pushed to the
// registry; the target creates a stopped container from it as the same sandbox, paused, with
// everything this node keeps for a paused sandbox; then the source's copy goes. A frozen sandbox
// loses its memory on the way (it moves as a filesystem pause). Each step leaves the source intact
// until removeMoved: a failed move leaves it where it was, resumable.
import { AppError } from '../../shared/errors.js'
import { ENVD_VERSION } from '../../shared/envd.js'
import type { SandboxContext } from './context.js'
import { sandboxTokens } from './settings.js'
import type { EgressRules } from './egress.js'
import type { Lifecycle } from './lifecycle.js'
import type { SandboxRecord } from './registry.js'
import { specJson, type SandboxTokenValues, type SpecJson } from './state-file.js'
import type { SandboxSpec } from './types.js'

/** What the cluster gives a node to move sandboxes through its registry. */
export type NodeMover = Readonly<{
  /** The registry reference a moved sandbox's image gets. */
  imageOf(sandboxId: string): string
  /** Pushes the image (removing it here when the push fails). */
  push(image: string): Promise<void>
  /** Pulls the image unless this node has it. */
  pull(image: string): Promise<void>
}>

/** A paused sandbox on its way to another node: its image and what its node keeps for it (plain JSON). */
export type MovedSandbox = Readonly<{
  image: string
  spec: SpecJson
  endAt: string
  pausedAt: string
  egress: EgressRules
  internetAccess: boolean
  envVars: Record<string, string>
  /** Its tokens as issued (the SDK holds them; this node's seed would derive others). */
  tokens: SandboxTokenValues
  /** It was frozen: its memory stayed behind (it is a filesystem pause now). */
  memoryDropped: boolean
}>

export function createMoves(
  ctx: SandboxContext,
  parts: { lifecycle: Pick<Lifecycle, 'dropMemory'>; mover?: NodeMover | undefined },
) {
  const { registry, runtime, state, boot, settings, moving, tokens } = ctx
  const mover = () => {
    if (!parts.mover || !runtime.createStopped || !runtime.commitMove)
      throw new AppError('unimplemented', 'moving a sandbox between nodes needs a cluster with a registry')
    return parts.mover
  }

  /** The node's copy goes (no log kept: the sandbox lives on elsewhere); only a paused one. */
  async function removeCopy(record: SandboxRecord): Promise<void> {
    await registry.serially(record, async () => {
      if (record.state !== 'paused')
        throw new AppError('conflict', `sandbox ${record.sandboxId} is running on this node: not removed`)
      state.disarm(record)
      await state.forget(record.sandboxId)
      registry.cutConnections(record)
      await ctx.firewall
        .release(record)
        .catch((err: unknown) => record.log.warn({ err }, 'egress gateway release failed'))
      await ctx.egress.forget(record.sandboxId)
      await boot.removeContainer(record)
      if (record.pooled) await ctx.stateFile.unmarkClaimed(record.sandboxId)
      moving.release(record.sandboxId)
    })
  }

  return {
    /**
     * Commits the paused sandbox (a frozen one is stopped first: its memory is lost) and pushes it;
     * from then on it is held here (not resumed) until removeMoved or moveAbort. failed_precondition
     * for a running sandbox; a failed push leaves it as it was, and nothing of the move.
     */
    async moveOut(sandboxId: string): Promise<MovedSandbox> {
      const m = mover()
      const record = registry.get(sandboxId)
      if (record.state !== 'paused')
        throw new AppError('failed_precondition', `sandbox ${sandboxId} is running: only a paused sandbox moves`)
      const memoryDropped = record.memoryKept
      if (memoryDropped) await parts.lifecycle.dropMemory(sandboxId)
      return registry.serially(record, async () => {
        if (record.state !== 'paused')
          throw new AppError('failed_precondition', `sandbox ${sandboxId} was resumed: only a paused sandbox moves`)
        moving.hold(sandboxId)
        try {
          const image = m.imageOf(sandboxId)
          const t0 = performance.now()
          await runtime.commitMove!(record.containerId, image, settings.gvisor ? ['/tmp'] : [])
          await m.push(image)
          // The registry has it: nothing of the move stays here.
          await runtime.removeImage(image).catch(() => undefined)
          record.log.info(
            { image, ms: Math.round(performance.now() - t0), memoryDropped },
            'sandbox committed for a move',
          )
          return {
            image,
            spec: specJson(record),
            endAt: record.endAt.toISOString(),
            pausedAt: (record.pausedAt ?? new Date()).toISOString(),
            egress: record.egress,
            internetAccess: record.internetAccess,
            envVars: { ...record.envVars },
            tokens: { envd: record.envdAccessToken, traffic: record.trafficAccessToken },
            memoryDropped,
          }
        } catch (e) {
          moving.release(sandboxId)
          throw e
        }
      })
    },

    /**
     * Creates the moved sandbox here, paused (stopped container from its image; a resume boots it).
     * A paused copy already here (a failed move's) is replaced; a running one is a conflict.
     */
    async moveIn(moved: MovedSandbox): Promise<SandboxRecord> {
      const m = mover()
      const { sandboxId } = moved.spec
      const existing = registry.find(sandboxId)
      if (existing) await removeCopy(existing)
      await m.pull(moved.image)
      const spec: SandboxSpec = { ...moved.spec, startedAt: new Date(moved.spec.startedAt) }
      if (spec.volumeMounts.length > 0) await ctx.volumes.prepare?.(spec.volumeMounts.map((v) => v.name))
      const template = { ...spec, image: moved.image }
      const containerSpec = boot.containerSpec(template, spec, await boot.newBootId(sandboxId), false)
      const { containerId } = await runtime.createStopped!(containerSpec)
      try {
        const record = await state.adopt(
          {
            ...spec,
            state: 'paused',
            endAt: new Date(moved.endAt),
            containerId,
            ip: '',
            // As issued on the node it came from (moves from an older version carry none: derived here).
            ...sandboxTokens(spec, tokens, moved.tokens),
            envdVersion: ENVD_VERSION,
            diskSizeMB: 0,
            egress: moved.egress,
            internetAccess: moved.internetAccess,
          },
          { envVars: moved.envVars, pausedAt: new Date(moved.pausedAt), memoryKept: false, pooled: false },
        )
        record.log.info({ image: moved.image }, 'sandbox moved in, paused')
        return record
      } catch (e) {
        await state.forget(sandboxId).catch(() => undefined)
        await boot.removeContainer({ sandboxId, containerId }).catch(() => undefined)
        throw e
      }
    },

    /** The move did not happen: the sandbox is resumable here again. */
    moveAbort: async (sandboxId: string) => moving.release(sandboxId),

    /** Removes this node's (paused) copy of a sandbox that lives on another node now; none is no error. */
    async removeMoved(sandboxId: string): Promise<void> {
      const record = registry.find(sandboxId)
      if (record) await removeCopy(record)
    },
  }
}
