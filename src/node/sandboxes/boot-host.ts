// What a sandbox container is made of on this host: its container spec (the same for a cold start
// and a pool container), its network, its network slot (slot-pool.ts) if it joins one, its gVisor
// boot id file, its template's start commands, and its removal with what the host keeps for it.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { StartCommands } from '../envd-client/bring-up.js'
import type { ContainerSpec } from '../runtime/types.js'
import { dockerVolumeName } from '../runtime/volumes.js'
import type { ResolvedTemplate } from '../builds/template-model.js'
import { createSlotPool } from './slot-pool.js'
import type { SandboxServiceDeps } from './settings.js'
import type { SandboxSpec } from './types.js'
import type { PoolEntry } from './pool-types.js'

export type BootHost = ReturnType<typeof createBootHost>

/** A random locally administered unicast MAC address (first octet 02). */
const randomMac = () => ['02', ...randomBytes(5).toString('hex').match(/../g)!].join(':')

export function createBootHost({
  settings,
  runtime,
  volumes,
  log,
}: Pick<SandboxServiceDeps, 'settings' | 'runtime' | 'volumes' | 'log'>) {
  const bootIdDir = resolve(settings.dataDir, 'boot-ids')
  // gVisor's netstack: the sandbox asks the resolvers itself (Docker's 127.0.0.11 is a NAT rule in
  // the namespace, which its packets never meet); the forward fence lets port 53 to them through.
  const resolvConf = settings.netstack ? resolve(settings.dataDir, 'netstack-resolv.conf') : undefined
  const networkOf = (r: { allowInternetAccess: boolean }) =>
    r.allowInternetAccess ? settings.network : settings.internalNetwork
  const netSlots = createSlotPool({ runtime, settings, log })

  return {
    networkOf,
    slots: netSlots,

    /** Docker's create and start, joining a network slot when there is one for it. */
    async startContainer(spec: ContainerSpec): Promise<{ containerId: string; ip: string }> {
      const s = await netSlots.acquire(spec.sandbox.sandboxId, spec.network)
      if (!s) return runtime.start(spec)
      const { slot, ...joined } = s
      const c = await runtime.start({ ...spec, slot: joined }).catch((e: unknown) => {
        void netSlots.unused(slot)
        throw e
      })
      netSlots.joined(c.containerId, slot)
      return c
    },

    async init(): Promise<void> {
      if (settings.gvisor) await mkdir(bootIdDir, { recursive: true })
      if (!resolvConf) return
      if (settings.egressDnsServers.length === 0)
        log.warn(
          {},
          'no resolver for gVisor-netstack sandboxes (the host has none but loopback ones): set SANDOCK_EGRESS_DNS',
        )
      // Written in place: the bind mounts of existing containers keep seeing it.
      await writeFile(resolvConf, `${settings.egressDnsServers.map((d) => `nameserver ${d}`).join('\n')}\n`, {
        mode: 0o644,
      })
    },

    /** A fresh boot id for the sandbox's next boot; the file is bind-mounted over the kernel's. */
    async newBootId(sandboxId: string): Promise<string | undefined> {
      if (!settings.gvisor) return undefined
      const file = join(bootIdDir, sandboxId)
      // Written in place (same inode) so the bind mount of a stopped container sees the new value.
      await writeFile(file, `${randomUUID()}\n`, { mode: 0o644 })
      return file
    },

    containerSpec(
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
        ...(resolvConf ? { resolvConf } : {}),
        // Its own MAC, by which a restore holds what it sends until its rules are loaded (firewall.ts).
        ...(settings.netstack ? { macAddress: randomMac() } : {}),
        volumes: [
          ...(settings.gvisor ? [{ name: '', target: '/tmp' }] : []),
          // User volumes, by their Docker volume; never filled from the image (upstream mounts them empty).
          ...spec.volumeMounts.map((m) => ({ name: dockerVolumeName(m.volumeId), target: m.path, noCopy: true })),
        ],
      }
    },

    /** Removes a sandbox's container and what the host keeps for it (its gVisor boot id file). */
    async removeContainer(c: Pick<PoolEntry, 'sandboxId' | 'containerId'>): Promise<void> {
      await runtime.remove(c.containerId)
      netSlots.released(c.containerId)
      if (settings.gvisor) await rm(join(bootIdDir, c.sandboxId), { force: true })
      // Named volumes are never removed with a container (only its anonymous ones are).
      volumes.released()
    },

    /** A built template's start command, then its ready command (only with a start command). */
    commandsOf(template: ResolvedTemplate | undefined): StartCommands | undefined {
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
    },
  }
}
