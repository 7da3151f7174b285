// A sandbox's egress rules: the IP rules in its network namespace and its place at the egress
// gateway (domains, transforms, proxy), loaded at boot and after a restart (firewall), released
// when its container stops, and replaced live by `PUT /sandboxes/{id}/network` (updateNetwork).
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'
import type { EgressPort } from '../egress/port.js'
import { hasTransforms } from '../egress/policy.js'
import type { SandboxRuntime } from '../runtime/types.js'
import type { SandboxContext } from './context.js'
import { buildEgressRuleset, hasNamespaceRules, validateEgress } from './egress.js'
import type { NetworkUpdate, Sandbox } from './types.js'

export type FirewallTarget = Pick<Sandbox, 'sandboxId' | 'containerId' | 'ip' | 'egress' | 'internetAccess' | 'allowInternetAccess'> & { log: Logger }

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
      const running = needed ? await runtime.setFirewall(r.containerId, buildEgressRuleset(r.egress, { internet, dnsServers })) : true
      // Only a sandbox with a route out reaches the gateway (its bridge is the one redirected).
      if (running && r.ip && r.allowInternetAccess) await egress.apply({ sandboxId: r.sandboxId, ip: r.ip, egress: r.egress, internet: r.internetAccess, log: r.log })
      return running
    },
    release: (r) => (r.ip ? egress.release(r.ip) : Promise.resolve()),
  }
}

export function createNetworkUpdates({ registry, stateFile, firewall, egress, envd }: SandboxContext) {
  return {
    /**
     * Replaces the sandbox's egress rules live (running or memory-paused: loaded now; stopped:
     * at its next boot). 409 while a pause/resume/kill is in flight. Internet access cannot be
     * granted to a sandbox created without it: its container sits on the internal network. A
     * running sandbox that gets its first transform rule gets its CA through envd's /init first.
     */
    async updateNetwork(sandboxId: string, update: NetworkUpdate): Promise<void> {
      const record = registry.get(sandboxId)
      if (record.transition) throw new AppError('conflict', `sandbox ${sandboxId} is changing state (pause, resume or kill in progress); try again`)
      if (update.allowInternetAccess === true && !record.allowInternetAccess) {
        throw new AppError('failed_precondition', `sandbox ${sandboxId} was created with allow_internet_access: false; internet access cannot be granted later, create a new sandbox instead`)
      }
      const rules = await validateEgress(update, egress.lookupAll, { allowInternetAccess: record.allowInternetAccess })
      await registry.serially(record, async () => {
        const next = { ...record, egress: rules, internetAccess: update.allowInternetAccess ?? record.internetAccess }
        if (record.state === 'running' && hasTransforms(rules)) await sendCa(envd, record, await egress.caBundle(sandboxId, rules))
        await firewall.load(next, { force: true })
        record.egress = rules
        record.internetAccess = next.internetAccess
        await stateFile.save(record)
        record.log.info({ allowOut: rules.allowOut.length, denyOut: rules.denyOut.length, rules: Object.keys(rules.rules ?? {}).length, proxy: Boolean(rules.egressProxy), internet: record.internetAccess }, 'sandbox network updated')
      })
    },
  }
}

/** Installs the sandbox's CA in its trust store through /init (env vars and token sent again, unchanged). */
export async function sendCa(envd: SandboxContext['envd'], r: Pick<Sandbox, 'ip' | 'envdAccessToken'> & { envVars: Record<string, string> }, caBundle: string | undefined): Promise<void> {
  if (!caBundle) return
  await envd.init(r.ip, { envVars: r.envVars, accessToken: r.envdAccessToken, caBundle }, r.envdAccessToken)
}
