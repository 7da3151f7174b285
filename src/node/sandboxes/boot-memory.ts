// How a sandbox comes up from a snapshot that kept its processes' memory (memory-snapshots.ts,
// runsc-netstack): its container created, given the snapshot's memory image, and restored (the
// source's processes, at a new address), its egress rules loaded, then its envd told its own ids
// and token (it held the source's).
import type { BroughtUp } from '../envd-client/bring-up.js'
import type { ResolvedTemplate } from '../builds/template-model.js'
import type { EgressPort } from '../egress/port.js'
import type { BootHost } from './boot-host.js'
import type { BootSlots } from './boot-slots.js'
import type { EgressRules } from './egress.js'
import type { Firewall } from './firewall.js'
import type { SandboxServiceDeps } from './settings.js'
import type { SandboxSpec } from './types.js'

type MemoryBootDeps = Pick<SandboxServiceDeps, 'settings' | 'runtime' | 'envd' | 'log'> & {
  firewall: Firewall
  egress: EgressPort
  slots: Pick<BootSlots, 'create'>
  host: Pick<BootHost, 'newBootId' | 'containerSpec' | 'removeContainer'>
}

export function createMemoryBoot({ settings, runtime, envd, log, firewall, egress, slots, host }: MemoryBootDeps) {
  /**
   * The sandbox from `template`'s memory, in a create's boot slot. Undefined (logged, nothing left
   * behind) when it cannot be: the caller boots the snapshot's filesystem instead.
   */
  return async function fromMemory(
    template: ResolvedTemplate,
    spec: SandboxSpec,
    o: { envVars: Record<string, string>; token: string | undefined; egress: EgressRules },
  ): Promise<BroughtUp | undefined> {
    const { memoryImages: images, keptMemory: kept, createStopped } = runtime
    if (!template.memory || !settings.netstack || !images || !kept || !createStopped) return undefined
    const { sandboxId } = spec
    const caBundle = await egress.caBundle(sandboxId, o.egress)
    let c: { containerId: string; ip?: string } | undefined
    let up: BroughtUp | undefined
    try {
      up = await slots.create(async () => {
        const container = host.containerSpec(template, spec, await host.newBootId(sandboxId), false)
        const t0 = performance.now()
        c = await createStopped.call(runtime, container)
        const memory = await kept.plant(c.containerId, template.templateId)
        if (!memory) return undefined
        const plantedMs = Math.round(performance.now() - t0)
        const created = c
        // Its processes run from the start: held until its rules are loaded by the address it got.
        const ip = await firewall.held(
          container.macAddress,
          async () => {
            const { ip } = await images.restore(created.containerId, container.network)
            created.ip = ip
            await firewall.load({
              sandboxId,
              containerId: created.containerId,
              ip,
              egress: o.egress,
              internetAccess: spec.allowInternetAccess,
              allowInternetAccess: spec.allowInternetAccess,
              log: log.child({ sandboxId }),
            })
            return ip
          },
          () => runtime.stop(created.containerId),
        )
        const startedAt = performance.now()
        log.info(
          { sandboxId, snapshotId: template.templateId, plantedMs, restoredMs: Math.round(startedAt - t0) },
          "sandbox restored from its snapshot's memory",
        )
        await envd.waitUntilUp(ip, 10_000)
        const envdUpAt = performance.now()
        const ids = { sandboxId, templateId: template.templateId }
        await envd.init(ip, { envVars: o.envVars, accessToken: o.token, caBundle, ...ids }, memory.token)
        const first = await envd.metrics(ip, o.token).catch(() => undefined)
        return { containerId: c.containerId, ip, first, startedAt, envdUpAt }
      })
      return up
    } catch (err) {
      log.warn({ err, sandboxId }, "restoring the snapshot's memory failed: booting its filesystem instead")
      return undefined
    } finally {
      // Not brought up: nothing of it stays (a restored one's address goes back to Docker).
      const left = c as { containerId: string; ip?: string } | undefined
      if (left && !up) {
        if (left.ip) await firewall.release({ ip: left.ip }).catch(() => undefined)
        await host.removeContainer({ sandboxId, containerId: left.containerId }).catch(() => undefined)
      }
    }
  }
}
