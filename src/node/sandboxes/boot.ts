// Sandbox containers: the ways a sandbox container comes up (cold, pooled, rebooted, from a
// snapshot's memory), each read top to bottom: start (in a boot slot), egress rules, envd
// answering, then initEnvd() of envd-client/bring-up.ts (/init, start and ready commands). The
// container's spec, boot ids and removal are in boot-host.ts; a pool container's boot is in
// boot-pooled.ts, one from a snapshot's memory in boot-memory.ts.
import { initEnvd, type BroughtUp } from '../envd-client/bring-up.js'
import type { ResolvedTemplate } from '../builds/template-model.js'
import { createBootHost } from './boot-host.js'
import { createMemoryBoot } from './boot-memory.js'
import { createPooledBoot } from './boot-pooled.js'
import { createBootSlots } from './boot-slots.js'
import type { SandboxServiceDeps } from './settings.js'
import type { EgressPort } from '../egress/port.js'
import type { EgressRules } from './egress.js'
import type { Firewall } from './firewall.js'
import type { SandboxRecord } from './registry.js'
import type { SandboxStates } from './sandbox-state.js'
import type { SandboxSpec } from './types.js'

/**
 * Container boots (Docker create/start, then envd's Node start) run at most this many at once; the
 * rest queue, creates ahead of pool refills. 50 at once on 2 cores finish all together after
 * ~20 s; in turn, the first are ready within a second and the last no later.
 */
const CONCURRENT_BOOTS = 4

export type Boot = ReturnType<typeof createBoot>

export function createBoot({
  settings,
  runtime,
  envd,
  log,
  firewall,
  egress,
  volumes,
  state,
}: Pick<SandboxServiceDeps, 'settings' | 'runtime' | 'envd' | 'log' | 'volumes'> & {
  firewall: Firewall
  egress: EgressPort
  state: Pick<SandboxStates, 'transition'>
}) {
  const host = createBootHost({ settings, runtime, volumes, log })
  const slots = createBootSlots({ max: Math.max(CONCURRENT_BOOTS, settings.poolBoots), refillMax: settings.poolBoots })
  const { networkOf, newBootId, containerSpec, removeContainer, commandsOf } = host

  return {
    networkOf,
    removeContainer,
    containerSpec,
    newBootId,
    slots: host.slots,
    init: host.init,
    pooled: createPooledBoot({ settings, envd, log, slots, host }),
    fromMemory: createMemoryBoot({ settings, runtime, envd, log, firewall, egress, slots, host }),

    /**
     * A new container for a create, in a create's boot slot: its egress rules are loaded before envd
     * first answers, and its interception CA (when a rule transforms headers) goes into its trust
     * store through /init. Removed (and its rules dropped) when a step fails.
     */
    async cold(
      template: ResolvedTemplate,
      spec: SandboxSpec,
      o: { envVars: Record<string, string>; token: string | undefined; egress: EgressRules },
    ): Promise<BroughtUp> {
      const { sandboxId } = spec
      const caBundle = await egress.caBundle(sandboxId, o.egress)
      const undo = (c: { containerId: string; ip: string }) =>
        (async () => {
          await firewall.release({ ip: c.ip })
          await removeContainer({ sandboxId, containerId: c.containerId })
        })().catch(() => undefined)
      // Docker's start and envd's Node start are the heavy part: they hold the slot.
      const { c, startedAt, envdUpAt } = await slots.create(async () => {
        const c = await host.startContainer(containerSpec(template, spec, await newBootId(sandboxId), false))
        const startedAt = performance.now()
        try {
          // No user code runs without its egress rules.
          await firewall.load({
            sandboxId,
            containerId: c.containerId,
            ip: c.ip,
            egress: o.egress,
            internetAccess: spec.allowInternetAccess,
            allowInternetAccess: spec.allowInternetAccess,
            log: log.child({ sandboxId }),
          })
          await envd.waitUntilUp(c.ip)
        } catch (e) {
          await undo(c)
          throw e
        }
        return { c, startedAt, envdUpAt: performance.now() }
      })
      try {
        const init = { envVars: o.envVars, accessToken: o.token, caBundle }
        const first = await initEnvd(envd, c.ip, { init, firstMetrics: true, commands: commandsOf(template) })
        return { containerId: c.containerId, ip: c.ip, first, startedAt, envdUpAt }
      } catch (e) {
        await undo(c)
        throw e
      }
    },

    /**
     * Boots a stopped sandbox container again with a new boot id: egress rules loaded again (a new
     * network namespace), envd re-initialised with the sandbox's env vars and token, and the
     * template's start command started again (memory, and so the command, was lost).
     */
    async reboot(record: SandboxRecord, template: ResolvedTemplate | undefined): Promise<void> {
      const caBundle = await egress.caBundle(record.sandboxId, record.egress)
      await newBootId(record.sandboxId)
      // The old address goes back to Docker: the gateway must not serve it any more.
      await firewall.release(record)
      const { ip } = await runtime.restart(record.containerId, networkOf(record))
      await state.transition(record, 'readdressed', { ip })
      // A new network namespace: its rules again, before envd first answers.
      await firewall.load(record)
      await envd.waitUntilUp(ip)
      const init = { envVars: record.envVars, accessToken: record.envdAccessToken, caBundle }
      await initEnvd(envd, ip, { init, commands: commandsOf(template) })
    },
  }
}
