// A sandbox's egress rules in its network namespace: loaded at boot and after a restart
// (firewall), and replaced live by `PUT /sandboxes/{id}/network` (updateNetwork).
import { AppError } from '../../shared/errors.js'
import type { SandboxRuntime } from '../runtime/types.js'
import type { SandboxContext } from './context.js'
import { buildEgressRuleset, hasEgressRules, validateEgress } from './egress.js'
import type { NetworkUpdate, Sandbox } from './types.js'

/**
 * Loads the sandbox's egress rules into its network namespace. `force` also loads an empty
 * ruleset (to lift old rules). Resolves false when the container is stopped (applied at boot).
 * A sandbox on the internal network has no route out anyway, so no-internet needs no rule there.
 */
export type Firewall = (r: Pick<Sandbox, 'containerId' | 'egress' | 'internetAccess' | 'allowInternetAccess'>, opts?: { force?: boolean }) => Promise<boolean>

export function createFirewall(runtime: SandboxRuntime, dnsServers: readonly string[]): Firewall {
  return async (r, opts = {}) => {
    const internet = r.internetAccess || !r.allowInternetAccess
    if (!opts.force && !hasEgressRules(r.egress, internet)) return false
    return runtime.setFirewall(r.containerId, buildEgressRuleset(r.egress, { internet, dnsServers }))
  }
}

export function createNetworkUpdates({ registry, stateFile, firewall }: SandboxContext) {
  return {
    /**
     * Replaces the sandbox's egress rules live (running or memory-paused: loaded now; stopped:
     * at its next boot). 409 while a pause/resume/kill is in flight. Internet access cannot be
     * granted to a sandbox created without it: its container sits on the internal network.
     */
    async updateNetwork(sandboxId: string, update: NetworkUpdate): Promise<void> {
      const record = registry.get(sandboxId)
      if (record.transition) throw new AppError('conflict', `sandbox ${sandboxId} is changing state (pause, resume or kill in progress); try again`)
      const egress = validateEgress(update)
      if (update.allowInternetAccess === true && !record.allowInternetAccess) {
        throw new AppError('failed_precondition', `sandbox ${sandboxId} was created with allow_internet_access: false; internet access cannot be granted later, create a new sandbox instead`)
      }
      await registry.serially(record, async () => {
        const next = { ...record, egress, internetAccess: update.allowInternetAccess ?? record.internetAccess }
        await firewall(next, { force: true })
        record.egress = egress
        record.internetAccess = next.internetAccess
        await stateFile.save(record)
        record.log.info({ allowOut: egress.allowOut.length, denyOut: egress.denyOut.length, internet: record.internetAccess }, 'sandbox network updated')
      })
    },
  }
}
