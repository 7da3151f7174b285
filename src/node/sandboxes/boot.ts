// Sandbox containers: the container spec (the same for a cold start and a pool container), boot
// ids under gVisor, removal, and the three ways a sandbox container comes up (cold, pooled,
// rebooted), each read top to bottom: start (in a boot slot), egress rules, envd answering, then
// initEnvd() of envd-client/bring-up.ts (/init, start and ready commands).
import { randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { newSandboxId } from '../../shared/ids.js'
import { initEnvd, unlessAborted, type BroughtUp, type StartCommands } from '../envd-client/bring-up.js'
import { diskSizeMB, type EnvdMetrics } from '../envd-client/client.js'
import type { ContainerSpec } from '../runtime/types.js'
import { dockerVolumeName } from '../runtime/volumes.js'
import type { ResolvedTemplate } from '../builds/template-model.js'
import { createBootSlots } from './boot-slots.js'
import type { SandboxServiceDeps } from './settings.js'
import type { EgressPort } from '../egress/port.js'
import type { EgressRules } from './egress.js'
import type { Firewall } from './firewall.js'
import type { SandboxRecord } from './registry.js'
import type { SandboxStates } from './sandbox-state.js'
import type { SandboxSpec } from './types.js'
import type { PoolEntry } from './warm-pool.js'

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
  const bootIdDir = resolve(settings.dataDir, 'boot-ids')
  const slots = createBootSlots({ max: Math.max(CONCURRENT_BOOTS, settings.poolBoots), refillMax: settings.poolBoots })
  const networkOf = (r: { allowInternetAccess: boolean }) =>
    r.allowInternetAccess ? settings.network : settings.internalNetwork

  /** A fresh boot id for the sandbox's next boot; the file is bind-mounted over the kernel's. */
  async function newBootId(sandboxId: string): Promise<string | undefined> {
    if (!settings.gvisor) return undefined
    const file = join(bootIdDir, sandboxId)
    // Written in place (same inode) so the bind mount of a stopped container sees the new value.
    await writeFile(file, `${randomUUID()}\n`, { mode: 0o644 })
    return file
  }

  function containerSpec(
    template: ResolvedTemplate,
    spec: SandboxSpec,
    bootIdFile: string | undefined,
    pool: boolean,
  ): ContainerSpec {
    return {
      sandbox: spec,
      pool,
      image: template.image,
      env: { E2B_SANDBOX_ID: spec.sandboxId, E2B_TEMPLATE_ID: template.templateId },
      cpuCount: template.cpuCount,
      memoryMB: template.memoryMB,
      pidsLimit: settings.pidsLimit,
      nofileLimit: settings.nofileLimit,
      network: networkOf(spec),
      runtime: settings.containerRuntime,
      bootIdFile,
      volumes: [
        ...(settings.gvisor ? [{ name: '', target: '/tmp' }] : []),
        // User volumes, by their Docker volume; never filled from the image (upstream mounts them empty).
        ...spec.volumeMounts.map((m) => ({ name: dockerVolumeName(m.volumeId), target: m.path, noCopy: true })),
      ],
    }
  }

  /** Removes a sandbox's container and what the host keeps for it (its gVisor boot id file). */
  async function removeContainer(c: Pick<PoolEntry, 'sandboxId' | 'containerId'>): Promise<void> {
    await runtime.remove(c.containerId)
    if (settings.gvisor) await rm(join(bootIdDir, c.sandboxId), { force: true })
    // Named volumes are never removed with a container (only its anonymous ones are).
    volumes.released()
  }

  /** A built template's start command, then its ready command (only with a start command). */
  function commandsOf(template: ResolvedTemplate | undefined): StartCommands | undefined {
    const c = template?.config
    if (!c?.startCmd) return undefined
    return {
      user: c.user,
      workdir: c.workdir,
      shell: c.shell,
      startCmd: c.startCmd,
      readyCmd: c.readyCmd,
      readyTimeoutMs: settings.readyTimeoutMs,
      maxIntervalMs: 250,
    }
  }

  return {
    networkOf,
    removeContainer,

    async init(): Promise<void> {
      if (settings.gvisor) await mkdir(bootIdDir, { recursive: true })
    },

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
        const c = await runtime.start(containerSpec(template, spec, await newBootId(sandboxId), false))
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
     * One pool container: started with a pre-assigned sandbox id and the template's defaults, envd
     * up with the template's env (no token yet), the start command ready, its memory measured.
     * Boots in a refill slot (creates first); `started` is told when it has one. Removed on any
     * failure, and when `closing` aborts (the pool closes) before it is ready.
     */
    async pooled(template: ResolvedTemplate, started?: () => void, closing?: AbortSignal): Promise<PoolEntry> {
      const sandboxId = newSandboxId()
      const spec: SandboxSpec = {
        sandboxId,
        templateId: template.templateId,
        alias: template.alias,
        metadata: {},
        timeoutMs: settings.defaultTimeoutS * 1000,
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
      const undo = (containerId: string) => removeContainer({ sandboxId, containerId }).catch(() => undefined)
      // Docker's start and envd's Node start hold a refill slot (creates get theirs first).
      const box = await slots.refill(async () => {
        closing?.throwIfAborted()
        started?.()
        const box = await runtime.start(containerSpec(template, spec, await newBootId(sandboxId), true))
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
          commands: commandsOf(template),
          signal: closing,
        })
      } catch (e) {
        await undo(box.containerId)
        throw e
      }
      const up = { ...box, first }
      // One throwaway command warms envd's process path (first spawn, first stream), so the
      // sandbox's first command costs what every later one does. It ends before any claim.
      const c = template.config
      let ready: EnvdMetrics | undefined
      try {
        ready = await unlessAborted(
          (async () => {
            await envd
              .run(
                up.ip,
                undefined,
                { cmd: 'true', user: c?.user ?? 'root', cwd: c?.workdir, envs: {}, shell: c?.shell ?? '/bin/sh' },
                { timeoutMs: 10_000 },
              )
              .catch((err: unknown) => log.debug({ err }, 'pool warm-up command failed'))
            // What it holds once ready is what the pool's memory budget counts.
            return envd.metrics(up.ip, undefined).catch(() => up.first)
          })(),
          closing,
        )
      } catch (e) {
        await removeContainer({ sandboxId, containerId: up.containerId })
        throw e
      }
      return {
        sandboxId,
        containerId: up.containerId,
        ip: up.ip,
        templateId: template.templateId,
        image: template.image,
        diskSizeMB: up.first ? diskSizeMB(up.first) : 0,
        memoryBytes: ready?.mem_used ?? 0,
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
