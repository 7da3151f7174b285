// A memory pause that outlives the paused retention, a server restart and a host reboot: under
// gVisor's own network stack (`runsc-netstack`) the sandbox's memory is written to disk with its
// checkpoint (runtime/checkpoints.ts) and the container stopped; a resume restores every process.
//
// runsc cannot save a TCP connection on the sandbox's interface that is open or closing (TIME_WAIT
// lasts 60 s), and a failed save ends the sandbox's processes. So a pause cuts the proxy's
// connections, waits up to DRAIN_MS for the sandbox's side to close, and checkpoints only when
// its socket table says nothing unsavable is left. Otherwise it freezes the sandbox as a runc one
// (memory in RAM, under the retention) and tries again every SPILL_RETRY_MS (the thaw lasts as
// long as one look at the table and the save): its TIME_WAITs run out while it is frozen, and
// nothing can reach it meanwhile. A save that still fails leaves a filesystem-only pause.
import type { SandboxContext } from './context.js'
import type { SandboxRecord } from './registry.js'

/** How long a pause waits for connections the proxy cut to finish closing. */
const DRAIN_MS = 6_000
/** Past TIME_WAIT's 60 s: when a frozen sandbox is tried again. */
const SPILL_RETRY_MS = 61_000
const SPILL_TRIES = 5

/** What a memory pause did: memory on disk, frozen in RAM, or lost (a failed save; filesystem kept). */
export type MemoryPause = 'disk' | 'frozen' | 'lost'

export type MemoryOnDisk = ReturnType<typeof createMemoryOnDisk>

export function createMemoryOnDisk(ctx: SandboxContext) {
  const { runtime, registry, state, firewall, settings } = ctx
  const images = settings.netstack ? runtime.memoryImages : undefined
  const spills = new Map<string, NodeJS.Timeout>()

  async function drained(containerId: string, withinMs: number): Promise<boolean> {
    if (!images) return false
    const until = Date.now() + withinMs
    for (;;) {
      const open = await images.openConnections(containerId).catch(() => Number.POSITIVE_INFINITY)
      if (open === 0) return true
      if (Date.now() >= until) return false
      await new Promise((r) => setTimeout(r, 200))
    }
  }

  /** The checkpoint of a running container whose table was just read clean. */
  async function save(record: SandboxRecord): Promise<MemoryPause> {
    try {
      await images!.save(record.containerId)
      return 'disk'
    } catch (err) {
      if (await images!.running(record.containerId)) {
        record.log.warn({ err }, 'checkpoint refused: the sandbox is kept frozen')
        await runtime.pause(record.containerId)
        return 'frozen'
      }
      record.log.error({ err }, 'checkpoint failed and ended the sandbox: its filesystem is kept, its memory is lost')
      return 'lost'
    }
  }

  function cancelSpill(sandboxId: string): void {
    clearTimeout(spills.get(sandboxId))
    spills.delete(sandboxId)
  }

  function scheduleSpill(record: SandboxRecord, tries = 1): void {
    if (!images || tries > SPILL_TRIES) return
    cancelSpill(record.sandboxId)
    const t = setTimeout(() => {
      spills.delete(record.sandboxId)
      spill(record, tries).catch((err: unknown) => record.log.warn({ err }, 'writing a frozen sandbox to disk failed'))
    }, SPILL_RETRY_MS)
    t.unref()
    spills.set(record.sandboxId, t)
  }

  /** A frozen sandbox, tried again: thawed for one look and the save, else frozen again. */
  async function spill(record: SandboxRecord, tries: number): Promise<void> {
    await registry.serially(record, async () => {
      if (record.state !== 'paused' || !record.memoryKept || record.memoryOnDisk || !registry.has(record.sandboxId))
        return
      await runtime.unpause(record.containerId)
      const how = (await drained(record.containerId, 0)) ? await save(record) : 'busy'
      if (how === 'busy') await runtime.pause(record.containerId)
      if (how === 'busy' || how === 'frozen') return scheduleSpill(record, tries + 1)
      await firewall.release(record)
      if (how === 'disk') await state.transition(record, 'paused', { memoryOnDisk: true })
      else await state.transition(record, 'memoryDropped', { memoryKept: false })
      record.log.info({ how, tries }, 'frozen sandbox written to disk')
    })
  }

  return {
    /** Memory is written to disk on pause (runsc-netstack with Docker's checkpoints). */
    enabled: images !== undefined,

    /** A memory pause, after the proxy's connections were cut: on disk when it can be, else frozen. */
    async pause(record: SandboxRecord): Promise<MemoryPause> {
      if (images && (await drained(record.containerId, DRAIN_MS))) return save(record)
      await runtime.pause(record.containerId)
      if (images) {
        record.log.info({}, 'connections still open: frozen for now, written to disk once they are gone')
        scheduleSpill(record)
      }
      return 'frozen'
    },

    /** Restores a sandbox paused to disk; its new address. */
    async restore(record: SandboxRecord): Promise<string> {
      if (!images) throw new Error('memory on disk is not enabled')
      const { ip } = await images.restore(record.containerId, ctx.boot.networkOf(record))
      return ip
    },

    /** A reboot instead of a restore: the image is not needed any more. */
    discard: (record: SandboxRecord) => images?.discard(record.containerId) ?? Promise.resolve(),

    cancelSpill,
    scheduleSpill,
  }
}
