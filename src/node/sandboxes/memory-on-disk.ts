// A memory pause that outlives the paused retention, a server restart and a host reboot: under
// gVisor's own network stack (`runsc-netstack`) the sandbox's memory is written to disk with its
// checkpoint (runtime/checkpoints.ts) and the container stopped; a resume restores every process.
//
// runsc refuses to save a TCP connection on the sandbox's interface, open or closing (TIME_WAIT
// lasts 60 s), unless the runtime runs with --net-disconnect-ok (.ci/ensure-runsc.sh sets it): then
// the save resets them, as a pause cuts connections upstream too (loopback ones are saved whole).
// A pause (after the proxy cut its exchanges in flight) tries to save for up to DRAIN_MS: a refused
// save leaves the sandbox running (runtime/checkpoints.ts). Refused all along (a runtime without that flag, or what runsc cannot
// save): it freezes the sandbox as a runc one (memory in RAM, under the retention) and tries again
// every SPILL_RETRY_MS (thawed only for the save), when its TIME_WAITs have run out.
import type { SandboxContext } from './context.js'
import type { SandboxRecord } from './registry.js'

/** How long a pause tries to save before it freezes the sandbox instead. */
const DRAIN_MS = 1_200
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

  /**
   * Tries the save until `withinMs` has passed: 'disk' (stopped, memory on disk), 'busy' (still
   * running: its connections are not gone yet) or 'lost' (it stopped without an image).
   */
  async function save(record: SandboxRecord, withinMs: number): Promise<'disk' | 'lost' | 'busy'> {
    const until = Date.now() + withinMs
    let refused = ''
    for (;;) {
      try {
        const how = await images!.save(record.containerId)
        if (how === 'probe')
          record.log.warn({}, 'the final save failed and ended the sandbox: its memory is the probe image')
        if (typeof how === 'string') return 'disk'
        record.log.debug({ reason: how.refused }, 'checkpoint refused for now')
        refused = how.refused
      } catch (err) {
        if (await images!.running(record.containerId)) {
          record.log.warn({ err }, 'checkpoint failed; the sandbox runs on')
          return 'busy'
        }
        record.log.error({ err }, 'checkpoint failed and ended the sandbox: its filesystem is kept, its memory is lost')
        return 'lost'
      }
      if (Date.now() >= until) {
        record.log.info({ reason: refused }, 'checkpoint refused: the sandbox stays frozen in memory for now')
        return 'busy'
      }
      // A save stops the sandbox's network for its ~0.1 s: time for closing handshakes between tries.
      await new Promise((r) => setTimeout(r, 400))
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

  /** A frozen sandbox, tried again: thawed for the save (its timers catch up first), else frozen again. */
  async function spill(record: SandboxRecord, tries: number): Promise<void> {
    await registry.serially(record, async () => {
      if (record.state !== 'paused' || !record.memoryKept || record.memoryOnDisk || !registry.has(record.sandboxId))
        return
      await runtime.unpause(record.containerId)
      const how = await save(record, 500)
      if (how === 'busy') {
        await runtime.pause(record.containerId)
        return scheduleSpill(record, tries + 1)
      }
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
      if (images) {
        const how = await save(record, DRAIN_MS)
        if (how !== 'busy') return how
      }
      await runtime.pause(record.containerId)
      if (images) {
        record.log.info({}, 'connections still open: frozen for now, written to disk once they are gone')
        scheduleSpill(record)
      }
      return 'frozen'
    },

    save,

    /**
     * Memory back from disk at a new address, rules loaded: true; false (logged, the container
     * stopped) when the restore failed and a reboot must do.
     */
    async restoreRunning(record: SandboxRecord): Promise<boolean> {
      try {
        if (!images) throw new Error('memory on disk is not enabled')
        // Its processes run from the start: held until its rules are loaded by its new address.
        const mac = await images.macOf(record.containerId)
        if (!mac)
          record.log.warn({}, 'container without a MAC of its own (an older version made it): its restore is not held')
        const ip = await firewall.held(
          mac,
          async () => {
            const { ip } = await images.restore(record.containerId, ctx.boot.networkOf(record))
            await state.transition(record, 'readdressed', { ip })
            await firewall.load(record)
            return ip
          },
          () => runtime.stop(record.containerId),
        )
        await ctx.envd.waitUntilUp(ip, 10_000)
        return true
      } catch (err) {
        record.log.error({ err }, 'restoring the memory written at pause failed: booting from the filesystem instead')
        await runtime.stop(record.containerId).catch(() => undefined)
        return false
      }
    },

    /** A reboot instead of a restore: the image is not needed any more. */
    discard: (record: SandboxRecord) => images?.discard(record.containerId) ?? Promise.resolve(),

    cancelSpill,
    scheduleSpill,
  }
}
