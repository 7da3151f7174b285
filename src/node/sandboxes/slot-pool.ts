// The pool of network slots (SANDOCK_NETWORK_SLOTS): namespaces on the sandbox network, each kept
// by a holder container (runtime/network-slots.ts), made ahead so a sandbox container joins one
// instead of paying for a fresh namespace, veth and embedded DNS. A slot serves one sandbox at a
// time, for the sandbox's whole life (paused, stopped and rebooted alike: the same address). When
// its container is removed the slot is scrubbed and comes back; one that fails the scrub is
// destroyed, never reused. Only sandboxes with internet access (the pool's network) use slots;
// under gVisor none do. The slot's hosts, hostname and resolv.conf (which a joined container
// shares) are written afresh for each sandbox before it starts. At a start, slots no container uses
// any more are removed (their baseline went with the last run); ones in use are destroyed when
// their sandbox goes. A clean stop removes the free ones.
import type { Logger } from 'pino'
import type { ContainerSpec, ManagedContainer, NetworkSlot, SandboxRuntime } from '../runtime/types.js'
import type { SandboxSettings } from './settings.js'

export type SlotPool = ReturnType<typeof createSlotPool>

export function createSlotPool(deps: {
  runtime: Pick<SandboxRuntime, 'slots'>
  settings: Pick<SandboxSettings, 'network' | 'networkSlots' | 'gvisor'>
  log: Logger
}) {
  const { settings } = deps
  const slots = deps.runtime.slots
  const log = deps.log.child({ component: 'network-slots' })
  const spare = settings.gvisor || !slots ? 0 : (settings.networkSlots?.spare ?? 0)
  const image = settings.networkSlots?.image ?? ''
  const free: NetworkSlot[] = []
  /** Slots in use, by the container that joined them (a slot of an earlier run: its holder only). */
  const inUse = new Map<string, Pick<NetworkSlot, 'holderId'>>()
  let creating = 0
  const making = new Set<Promise<unknown>>()
  let closed = false
  /** Scrubs run one after another (each is a few processes on the host). */
  let scrubs: Promise<void> = Promise.resolve()

  function refill(): void {
    while (slots && !closed && spare > 0 && free.length + creating < spare) {
      creating++
      const made = slots
        .create(settings.network, image)
        .then(
          (s) => (closed ? slots.destroy(s.holderId) : void free.push(s)),
          (err: unknown) => log.warn({ err }, 'making a network slot failed'),
        )
        .catch(() => undefined)
        .finally(() => {
          creating--
          making.delete(made)
        })
      making.add(made)
    }
  }

  async function destroy(holderId: string, why: string): Promise<void> {
    await slots?.destroy(holderId).then(
      () => log.info({ holderId, why }, 'network slot removed'),
      (err: unknown) => log.warn({ err, holderId }, 'removing a network slot failed'),
    )
  }

  /** Scrubbed and kept (up to twice the spare count), or destroyed. */
  function giveBack(slot: Pick<NetworkSlot, 'holderId'>): Promise<void> {
    // Closing: removed at once, not after the scrubs queued before it.
    if (closed) return destroy(slot.holderId, 'closing')
    const run = scrubs.then(async () => {
      const full = 'ip' in slot ? (slot as NetworkSlot) : undefined
      if (closed || !full || free.length >= 2 * spare) return destroy(slot.holderId, closed ? 'closing' : 'not needed')
      try {
        await slots!.scrub(slot.holderId)
        if (closed) return destroy(slot.holderId, 'closing')
        // Last in, first out: the spares made ahead stay for a burst.
        free.unshift(full)
      } catch (err) {
        log.warn({ err, holderId: slot.holderId }, 'network slot failed its scrub: destroyed')
        await destroy(slot.holderId, 'scrub failed')
      }
    })
    scrubs = run.catch(() => undefined)
    return run
  }

  return {
    enabled: spare > 0,

    /** Starts making the spare slots. */
    kick: refill,

    /**
     * A free slot for a container about to start on `network` with this sandbox id, its /etc files
     * written for it; undefined when slots are off, not for this network, or none is free (then the
     * container gets its own namespace: making a slot now would cost more than that).
     */
    async acquire(
      sandboxId: string,
      network: string,
    ): Promise<(NonNullable<ContainerSpec['slot']> & { slot: NetworkSlot }) | undefined> {
      if (!slots || spare <= 0 || closed || network !== settings.network) return undefined
      const slot = free.shift()
      refill()
      if (!slot) return undefined
      try {
        await slots.prepare(slot, sandboxId.slice(0, 12))
      } catch (e) {
        void giveBack(slot)
        throw e
      }
      return { holderId: slot.holderId, ip: slot.ip, slot }
    },

    /** The container joined the slot (it started). */
    joined(containerId: string, slot: NetworkSlot): void {
      inUse.set(containerId, slot)
    },

    /** A slot acquired for a container that did not start (it was removed): back to the pool. */
    unused(slot: NetworkSlot): Promise<void> {
      return giveBack(slot)
    },

    /** The container is removed: its slot is scrubbed and back, or destroyed. Not awaited by kills. */
    released(containerId: string): void {
      const slot = inUse.get(containerId)
      if (!slot) return
      inUse.delete(containerId)
      void giveBack(slot)
    },

    /** At a start: slots in use by this server's containers are known again; the others are removed. */
    async recover(containers: readonly ManagedContainer[]): Promise<void> {
      if (!slots) return
      for (const c of containers) if (c.slot) inUse.set(c.containerId, { holderId: c.slot })
      for (const h of await slots.list().catch(() => []))
        if (!h.joined) await destroy(h.holderId, 'left by an earlier run')
    },

    /** Holder ids of the free slots (tests, diagnostics). */
    freeHolders: () => free.map((s) => s.holderId),

    /** A clean stop: no more slots made or kept; the free ones and the ones nothing joins any more are removed. */
    async close(): Promise<void> {
      closed = true
      // All at once, the free ones first (a stop has a deadline): one being made or scrubbed goes when that ends.
      const freed = free.splice(0).map((s) => destroy(s.holderId, 'closing'))
      await Promise.all([...freed, scrubs, ...making])
      const left = ((await slots?.list().catch(() => [])) ?? []).filter((h) => !h.joined)
      await Promise.all(left.map((h) => destroy(h.holderId, 'closing')))
    },
  }
}
