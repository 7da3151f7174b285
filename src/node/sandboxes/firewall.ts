// A sandbox's firewall: the IP rules in its network namespace and its place at the egress gateway
// (domains, transforms, proxy), loaded at boot and after a restart, released when its container stops.
import type { Logger } from 'pino'
import type { EgressPort } from '../egress/port.js'
import type { SandboxRuntime } from '../runtime/types.js'
import { buildEgressRuleset, hasNamespaceRules } from './egress.js'
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
}>

export function createFirewall(runtime: SandboxRuntime, egress: EgressPort, dnsServers: readonly string[]): Firewall {
  return {
    async load(r, opts = {}) {
      const internet = r.internetAccess || !r.allowInternetAccess
      const needed = opts.force || hasNamespaceRules(r.egress, internet)
      const running = needed
        ? await runtime.setFirewall(r.containerId, buildEgressRuleset(r.egress, { internet, dnsServers }))
        : true
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
    release: (r) => (r.ip ? egress.release(r.ip) : Promise.resolve()),
  }
}
