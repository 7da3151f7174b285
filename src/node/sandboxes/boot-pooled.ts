// How a warm-pool container comes up: started with a pre-assigned sandbox id and the template's
// defaults in a refill slot, envd up with the template's env (no token yet), the start command
// ready, envd's process path warmed by one throwaway command, its memory measured.
import { newSandboxId } from '../../shared/ids.js'
import { initEnvd, unlessAborted } from '../envd-client/bring-up.js'
import { diskSizeMB, type EnvdMetrics } from '../envd-client/client.js'
import type { ResolvedTemplate } from '../builds/template-model.js'
import type { BootHost } from './boot-host.js'
import type { BootSlots } from './boot-slots.js'
import type { SandboxServiceDeps } from './settings.js'
import type { SandboxSpec } from './types.js'
import type { PoolEntry } from './pool-types.js'

type PooledBootDeps = Pick<SandboxServiceDeps, 'settings' | 'envd' | 'log'> & {
  slots: Pick<BootSlots, 'refill'>
  host: Pick<BootHost, 'newBootId' | 'containerSpec' | 'startContainer' | 'removeContainer' | 'commandsOf'>
}

/** The spec of a pool container: the template's defaults, no user settings yet. */
function poolSpec(template: ResolvedTemplate, defaultTimeoutS: number): SandboxSpec {
  return {
    sandboxId: newSandboxId(),
    templateId: template.templateId,
    alias: template.alias,
    metadata: {},
    timeoutMs: defaultTimeoutS * 1000,
    onTimeout: 'kill',
    autoResume: false,
    secure: true,
    allowPublicTraffic: true,
    allowInternetAccess: true,
    cpuCount: template.cpuCount,
    memoryMB: template.memoryMB,
    startedAt: new Date(),
    volumeMounts: [],
  }
}

export function createPooledBoot({ settings, envd, log, slots, host }: PooledBootDeps) {
  /**
   * One throwaway command warms envd's process path (first spawn, first stream), so the sandbox's
   * first command costs what every later one does; then what it holds once ready is measured (what
   * the pool's memory budget counts).
   */
  async function warmUp(ip: string, template: ResolvedTemplate, first: EnvdMetrics | undefined) {
    const c = template.config
    await envd
      .run(
        ip,
        undefined,
        { cmd: 'true', user: c?.user ?? 'root', cwd: c?.workdir, envs: {}, shell: c?.shell ?? '/bin/sh' },
        { timeoutMs: 10_000 },
      )
      .catch((err: unknown) => log.debug({ err }, 'pool warm-up command failed'))
    return envd.metrics(ip, undefined).catch(() => first)
  }

  /**
   * One pool container. Boots in a refill slot (creates first); `started` is told when it has one.
   * Removed on any failure, and when `closing` aborts (the pool closes) before it is ready.
   */
  return async function pooled(
    template: ResolvedTemplate,
    started?: () => void,
    closing?: AbortSignal,
  ): Promise<PoolEntry> {
    const spec = poolSpec(template, settings.defaultTimeoutS)
    const { sandboxId } = spec
    const undo = (containerId: string) => host.removeContainer({ sandboxId, containerId }).catch(() => undefined)
    // Docker's start and envd's Node start hold a refill slot (creates get theirs first).
    const box = await slots.refill(async () => {
      closing?.throwIfAborted()
      started?.()
      const box = await host.startContainer(host.containerSpec(template, spec, await host.newBootId(sandboxId), true))
      try {
        closing?.throwIfAborted()
        await unlessAborted(envd.waitUntilUp(box.ip), closing)
      } catch (e) {
        await undo(box.containerId)
        throw e
      }
      return box
    })
    let first: EnvdMetrics | undefined
    try {
      const init = { envVars: { ...template.config?.envs } }
      first = await initEnvd(envd, box.ip, {
        init,
        firstMetrics: true,
        commands: host.commandsOf(template),
        signal: closing,
      })
    } catch (e) {
      await undo(box.containerId)
      throw e
    }
    // The warm-up ends before any claim.
    let ready: EnvdMetrics | undefined
    try {
      ready = await unlessAborted(warmUp(box.ip, template, first), closing)
    } catch (e) {
      await host.removeContainer({ sandboxId, containerId: box.containerId })
      throw e
    }
    return {
      sandboxId,
      containerId: box.containerId,
      ip: box.ip,
      templateId: template.templateId,
      image: template.image,
      diskSizeMB: first ? diskSizeMB(first) : 0,
      memoryBytes: ready?.mem_used ?? 0,
    }
  }
}
