// Snapshots: a sandbox's filesystem committed as an image (labels carry what a create needs), so
// the snapshot id works as a template id; forks start from an unlisted snapshot of their source.
import { AppError, NotFoundError } from '../../shared/errors.js'
import { newSnapshotId } from '../../shared/ids.js'
import type { SandboxRuntime, SnapshotImage } from '../runtime/types.js'
import type { ResolvedTemplate } from '../builds/template-model.js'
import type { Sandbox } from './types.js'

export type SnapshotInfo = { snapshotId: string; names: string[]; sandboxId: string; createdS: number }

const snapshotImage = (snapshotId: string) => `sandock/snapshot:${snapshotId}`
const NAME = /^[a-z0-9][a-z0-9._-]{0,127}$/i

/** The description a snapshot image of `sandbox` carries (its labels). */
export const describeSnapshot = (
  sandbox: Sandbox,
  s: { snapshotId: string; names: string[]; forkOf: string | undefined; memory?: boolean },
): Omit<SnapshotImage, 'createdS'> => ({
  ...s,
  sandboxId: sandbox.sandboxId,
  templateId: sandbox.templateId,
  cpuCount: sandbox.cpuCount,
  memoryMB: sandbox.memoryMB,
})

/** What a snapshot keeps of a sandbox saved to disk (stopped): its memory, and the envd token its processes hold. */
export type SavedMemory = { token: string | undefined }

/**
 * `volumeDirs`: the sandboxes' anonymous volumes (/tmp under gVisor), whose content a snapshot
 * carries (a commit alone leaves it out).
 */
export function createSnapshotService(runtime: SandboxRuntime, volumeDirs: readonly string[] = []) {
  const memoryImages = runtime.keptMemory
  async function all(includeForks = false): Promise<SnapshotImage[]> {
    return (await runtime.listSnapshots()).filter((s) => includeForks || !s.forkOf)
  }
  /**
   * Every snapshot (forks' too) for resolve(), which every create from an unknown template or a
   * snapshot asks: listed once and kept, since only this server makes and deletes its snapshots
   * (both drop the list). One removed by hand behind its back then fails at the container's start.
   */
  let known: Promise<SnapshotImage[]> | undefined
  const knownSnapshots = () =>
    (known ??= all(true).catch((e: unknown) => {
      known = undefined
      throw e
    }))
  /** A snapshot's name: invalid_argument when malformed, conflict when taken. */
  async function checkName(name: string | undefined): Promise<void> {
    if (name !== undefined && !NAME.test(name)) {
      throw new AppError('invalid_argument', 'name: use letters, digits, ".", "_" and "-" (at most 128)')
    }
    if (name && (await all()).some((s) => s.names.includes(name))) {
      throw new AppError('conflict', `a snapshot named '${name}' already exists`)
    }
  }
  const info = (s: SnapshotImage): SnapshotInfo => ({
    snapshotId: s.snapshotId,
    names: [...s.names],
    sandboxId: s.sandboxId,
    createdS: s.createdS,
  })

  return {
    /**
     * Commits `sandbox`'s filesystem; `forkOf` marks an unlisted snapshot taken for a fork;
     * `memory`: the sandbox was saved to disk (memory-snapshots.ts), and its image goes with it.
     */
    async create(
      sandbox: Sandbox,
      opts: { name?: string; forkOf?: string; memory?: SavedMemory } = {},
    ): Promise<SnapshotInfo> {
      await checkName(opts.name)
      const snapshotId = newSnapshotId()
      const names = opts.name ? [opts.name] : []
      const memory = opts.memory && memoryImages
      if (memory) await memory.keep(sandbox.containerId, snapshotId, opts.memory!.token)
      try {
        await runtime.commitSnapshot(
          sandbox.containerId,
          snapshotImage(snapshotId),
          describeSnapshot(sandbox, { snapshotId, names, forkOf: opts.forkOf, memory: Boolean(memory) }),
          volumeDirs,
        )
      } catch (e) {
        if (memory) await memory.forget(snapshotId).catch(() => undefined)
        throw e
      }
      known = undefined
      return { snapshotId, names, sandboxId: sandbox.sandboxId, createdS: Math.floor(Date.now() / 1000) }
    },

    checkName,

    /** Listed snapshots, newest first, optionally of one sandbox or by name. */
    async list(filter: { sandboxId?: string; name?: string }): Promise<SnapshotInfo[]> {
      return (await all())
        .filter(
          (s) =>
            (!filter.sandboxId || s.sandboxId === filter.sandboxId) && (!filter.name || s.names.includes(filter.name)),
        )
        .sort((a, b) => b.createdS - a.createdS || (a.snapshotId < b.snapshotId ? -1 : 1))
        .map(info)
    },

    /** The snapshot as a template for a create, by id or name; undefined when there is none. */
    async resolve(ref: string): Promise<ResolvedTemplate | undefined> {
      const s = (await knownSnapshots()).find((x) => x.snapshotId === ref || x.names.includes(ref))
      if (!s) return undefined
      return {
        templateId: s.snapshotId,
        alias: s.names[0],
        image: snapshotImage(s.snapshotId),
        cpuCount: s.cpuCount,
        memoryMB: s.memoryMB,
        ...(s.memory ? { memory: true } : {}),
      }
    },

    /**
     * Removes a fork's unlisted snapshot image once nothing needs it: Docker refuses while a
     * container (a fork running or paused) uses it, and a snapshot committed from one of its forks
     * keeps its layers (only the tag goes). False when it is kept, or is not a fork's.
     */
    async releaseFork(snapshotId: string): Promise<boolean> {
      const s = (await knownSnapshots()).find((x) => x.snapshotId === snapshotId)
      if (!s?.forkOf) return false
      const removed = await runtime.removeImage(snapshotImage(snapshotId))
      if (removed !== 'in_use') known = undefined
      if (removed !== 'in_use' && s.memory) await memoryImages?.forget(snapshotId)
      return removed === 'removed'
    },

    /** Drops kept memory whose snapshot is gone (removed while the server was down, or a crash between the two). */
    async forgetOrphanMemory(): Promise<void> {
      if (!memoryImages) return
      const ids = new Set((await all(true)).map((s) => s.snapshotId))
      for (const id of await memoryImages.kept()) if (!ids.has(id)) await memoryImages.forget(id)
    },

    /** The ids of forks' unlisted snapshots (a start releases the ones no sandbox uses). */
    async forkIds(): Promise<string[]> {
      return (await knownSnapshots()).filter((s) => s.forkOf).map((s) => s.snapshotId)
    },

    /** Deletes by id; not_found when unknown, conflict while a sandbox still runs from it. */
    async remove(snapshotId: string): Promise<void> {
      if (!(await all(true)).some((s) => s.snapshotId === snapshotId))
        throw new NotFoundError(`template '${snapshotId}' not found`)
      const removed = await runtime.removeImage(snapshotImage(snapshotId))
      known = undefined
      if (removed === 'in_use') throw new AppError('conflict', `snapshot '${snapshotId}' is in use by a sandbox`)
      await memoryImages?.forget(snapshotId)
      if (removed === 'missing') throw new NotFoundError(`image ${snapshotImage(snapshotId)} not found`)
    },
  }
}

type LocalSnapshots = ReturnType<typeof createSnapshotService>
/** What a node's sandboxes need of snapshots; releasing forks' images is this host's (a cluster keeps them). */
export type SnapshotService = Omit<LocalSnapshots, 'releaseFork' | 'forkIds' | 'forgetOrphanMemory' | 'checkName'> &
  Partial<Pick<LocalSnapshots, 'releaseFork' | 'forkIds' | 'forgetOrphanMemory' | 'checkName'>>
