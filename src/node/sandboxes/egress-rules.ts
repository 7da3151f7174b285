// `PUT /sandboxes/{id}/network` (updateNetwork): a running sandbox's egress rules replaced live,
// through its firewall (firewall.ts), and the CA bundle sent to envd for a gateway that intercepts.
import { AppError } from '../../shared/errors.js'
import { hasTransforms } from '../egress/policy.js'
import type { SandboxContext } from './context.js'
import { validateEgress } from './egress.js'
import type { NetworkUpdate, Sandbox } from './types.js'

export function createNetworkUpdates({ registry, state, firewall, egress, envd }: SandboxContext) {
  return {
    /**
     * Replaces the sandbox's egress rules live (running or memory-paused: loaded now; stopped:
     * at its next boot). 409 while a pause/resume/kill is in flight. Internet access cannot be
     * granted to a sandbox created without it: its container sits on the internal network. A
     * running sandbox that gets its first transform rule gets its CA through envd's /init first.
     */
    async updateNetwork(sandboxId: string, update: NetworkUpdate): Promise<void> {
      const record = registry.get(sandboxId)
      if (record.inFlight)
        throw new AppError(
          'conflict',
          `sandbox ${sandboxId} is changing state (pause, resume or kill in progress); try again`,
        )
      if (update.allowInternetAccess === true && !record.allowInternetAccess) {
        throw new AppError(
          'failed_precondition',
          `sandbox ${sandboxId} was created with allow_internet_access: false; internet access cannot be granted later, create a new sandbox instead`,
        )
      }
      const rules = await validateEgress(update, egress.lookupAll, { allowInternetAccess: record.allowInternetAccess })
      await registry.serially(record, async () => {
        const next = { ...record, egress: rules, internetAccess: update.allowInternetAccess ?? record.internetAccess }
        if (record.state === 'running' && hasTransforms(rules))
          await sendCa(envd, record, await egress.caBundle(sandboxId, rules))
        await firewall.load(next, { force: true })
        await state.transition(record, 'networkChanged', { egress: rules, internetAccess: next.internetAccess })
        record.log.info(
          {
            allowOut: rules.allowOut.length,
            denyOut: rules.denyOut.length,
            rules: Object.keys(rules.rules ?? {}).length,
            proxy: Boolean(rules.egressProxy),
            internet: record.internetAccess,
          },
          'sandbox network updated',
        )
      })
    },
  }
}

/** Installs the sandbox's CA in its trust store through /init (env vars and token sent again, unchanged). */
export async function sendCa(
  envd: SandboxContext['envd'],
  r: Pick<Sandbox, 'ip' | 'envdAccessToken'> & { envVars: Record<string, string> },
  caBundle: string | undefined,
): Promise<void> {
  if (!caBundle) return
  await envd.init(r.ip, { envVars: r.envVars, accessToken: r.envdAccessToken, caBundle }, r.envdAccessToken)
}
