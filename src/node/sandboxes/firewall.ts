// A sandbox's firewall: the IP rules in its network namespace and its place at the egress gateway
// (domains, transforms, proxy), loaded at boot and after a restart, released when its container stops.
import type { Logger } from 'pino'
import type { EgressPort } from '../egress/port.js'
import type { SandboxRuntime } from '../runtime/types.js'
import { AppError } from '../../shared/errors.js'
import { buildEgressRuleset, buildHostEgressLines, hasNamespaceRules } from './egress.js'
import type { Sandbox } from './types.js'

export type FirewallTarget = Pick<
  Sandbox,
  'sandboxId' | 'containerId' | 'ip' | 'egress' | 'internetAccess' | 'allowInternetAccess'
> & { log: Logger }

export type Firewall = Readonly<{
  /**
   * Loads the sandbox's rules: its namespace's (`force` also loads an empty ruleset, to lift old
   * rules) and its gateway entry. Resolves false when it found the container stopped (applied at boot).
   * A sandbox on the internal network has no route out anyway, so no-internet needs no rule there.
   */
  load(r: FirewallTarget, opts?: { force?: boolean }): Promise<boolean>
  /** The container stopped or is gone: its address is no longer served by the gateway. */
  release(r: Pick<Sandbox, 'ip'>): Promise<void>
  /**
   * Runs `restore` (a start from a memory image, whose processes run at once) with everything the
   * container with MAC address `mac` sends dropped until `restore` resolves: it loads the rules by
   * the address the start gave. Should it fail, `stop` runs before the hold is lifted. A netstack
   * sandbox's only (no other is restored); without a MAC (a container made before they were set)
   * it runs unheld.
   */
  held<T>(mac: string | undefined, restore: () => Promise<T>, stop: () => Promise<void>): Promise<T>
}>

/** `netstack`: the sandboxes run under gVisor's own network stack, their rules on the host (runtime.hostEgress). */
export function createFirewall(
  runtime: SandboxRuntime,
  egress: EgressPort,
  dnsServers: readonly string[],
  o: { netstack?: boolean } = {},
): Firewall {
  /** The IP rules where they hold: in the namespace, or for a netstack sandbox on the host by its address. */
  async function loadRules(r: FirewallTarget, internet: boolean, force: boolean | undefined): Promise<boolean> {
    if (o.netstack) {
      if (!r.ip) return false
      if (!runtime.hostEgress)
        throw new AppError(
          'failed_precondition',
          "gVisor-netstack sandboxes' egress rules need the host firewall (root and iptables)",
        )
      await runtime.hostEgress.set(r.ip, buildHostEgressLines(r.ip, r.egress, { internet, dnsServers }))
      return true
    }
    const needed = force || hasNamespaceRules(r.egress, internet)
    return needed ? runtime.setFirewall(r.containerId, buildEgressRuleset(r.egress, { internet, dnsServers })) : true
  }

  return {
    async load(r, opts = {}) {
      const internet = r.internetAccess || !r.allowInternetAccess
      const running = await loadRules(r, internet, opts.force)
      // Only a sandbox with a route out reaches the gateway (its bridge is the one redirected).
      if (running && r.ip && r.allowInternetAccess)
        await egress.apply({
          sandboxId: r.sandboxId,
          ip: r.ip,
          egress: r.egress,
          internet: r.internetAccess,
          log: r.log,
        })
      return running
    },
    async release(r) {
      if (!r.ip) return
      if (o.netstack) await runtime.hostEgress?.set(r.ip, undefined)
      await egress.release(r.ip)
    },
    async held(mac, restore, stop) {
      const filter = o.netstack ? runtime.hostEgress : undefined
      if (!filter || !mac) return restore()
      await filter.hold(mac, true)
      try {
        return await restore()
      } catch (e) {
        await stop().catch(() => undefined)
        throw e
      } finally {
        await filter.hold(mac, false)
      }
    },
  }
}
