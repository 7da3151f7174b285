// Sandbox containers on Docker: hardened create and start, stop/restart, freeze, removal, listing
// this server's containers, logs, and loading egress rules into a container's namespace.
import { AppError } from '../../shared/errors.js'
import { createContainerStart, type ContainerStartDeps } from './container-create.js'
import { readContainerLogs } from './container-logs.js'
import { fromDockerError, ipOf, statusOf, type DockerClient } from './docker-client.js'
import { capFlowsOf } from './flow-cap.js'
import { LABELS, MANAGED_BY } from './labels.js'
import { loadNetnsRuleset } from './netns-firewall.js'
import { joinedSlot, nameSlotted } from './network-slots.js'
import { isPoolContainer, specFromLabels } from './sandbox-labels.js'
import type { SandboxRuntime } from './types.js'

type ContainerOps = Pick<
  SandboxRuntime,
  'start' | 'remove' | 'stop' | 'restart' | 'pause' | 'unpause' | 'listManaged' | 'listForeign' | 'logs' | 'setFirewall'
>

/** The sandbox container operations; `start` (and its limits) is in `container-create.ts`. */
export function createContainers(client: DockerClient, opts: ContainerStartDeps): ContainerOps {
  const { docker } = client
  return {
    ...createContainerStart(client, opts),

    async remove(containerId) {
      await docker
        .getContainer(containerId)
        .remove({ force: true, v: true })
        .catch((e: unknown) => {
          if (statusOf(e) !== 404) throw fromDockerError(e, `container ${containerId}`)
        })
    },

    async stop(containerId) {
      // envd holds no state worth a grace period; SIGKILL after 1 s keeps pauses quick.
      await docker
        .getContainer(containerId)
        .stop({ t: 1 })
        .catch((e: unknown) => {
          if (statusOf(e) !== 304) throw fromDockerError(e, `stop ${containerId}`)
        })
    },

    async restart(containerId, network) {
      const container = docker.getContainer(containerId)
      await container.start().catch((e: unknown) => {
        if (statusOf(e) !== 304) throw fromDockerError(e, `start ${containerId}`)
      })
      const info = await container.inspect().catch((e: unknown) => {
        throw fromDockerError(e, `inspect ${containerId}`)
      })
      const slot = joinedSlot(info.HostConfig.NetworkMode, info.Config.Labels)
      const ip = slot ? slot.ip : ipOf(info, network)
      if (!ip) throw new AppError('internal', `sandbox container has no address on network ${network}`)
      // A new start is a new network namespace (a slot's keeps its cap): the cap goes in again, or the container stops.
      await (slot
        ? nameSlotted(info.State.Pid, info.Config.Labels[LABELS.sandboxId]?.slice(0, 12) ?? 'sandbox', opts.procRoot)
        : capFlowsOf(container, info.State.Pid, opts.flowCap, opts.procRoot)
      ).catch(async (e: unknown) => {
        await container.stop({ t: 1 }).catch(() => undefined)
        throw e
      })
      return { ip }
    },

    async pause(containerId) {
      await docker
        .getContainer(containerId)
        .pause()
        .catch((e: unknown) => {
          throw fromDockerError(e, `pause ${containerId}`)
        })
    },

    async unpause(containerId) {
      const c = docker.getContainer(containerId)
      await c.unpause().catch(async (e: unknown) => {
        // What is asked for is a running container. When Docker refuses (20.10 answers a 500 for
        // one that is not paused, e.g. after a racing resume), its state decides, not its message.
        const state = await c.inspect().then(
          (i) => i.State,
          () => undefined,
        )
        if (state?.Running && !state.Paused) return
        throw fromDockerError(e, `unpause ${containerId}`)
      })
    },

    async listForeign(network) {
      const list = await docker.listContainers({
        all: true,
        filters: { label: [`${LABELS.managedBy}=${MANAGED_BY}`, LABELS.sandboxId], network: [network] },
      })
      return list.filter((c) => c.Labels?.[LABELS.instance] !== client.instanceId).map((c) => c.Id)
    },

    async listManaged() {
      const list = await docker.listContainers({
        all: true,
        filters: {
          label: [`${LABELS.managedBy}=${MANAGED_BY}`, `${LABELS.instance}=${client.instanceId}`, LABELS.sandboxId],
        },
      })
      return list.map((c) => {
        const labels = c.Labels ?? {}
        const slot = joinedSlot(c.HostConfig?.NetworkMode, labels)
        return {
          containerId: c.Id,
          spec: specFromLabels(labels),
          pool: isPoolContainer(labels),
          state: c.State === 'running' ? 'running' : c.State === 'paused' ? 'paused' : 'stopped',
          ip: slot ? slot.ip : ipOf(c, c.HostConfig?.NetworkMode),
          slot: slot?.holderId,
          image: c.Image,
          runtime: labels[LABELS.runtime],
        }
      })
    },

    logs: (containerId, read) => readContainerLogs(docker, containerId, read),

    async setFirewall(containerId, ruleset) {
      const pid = await docker
        .getContainer(containerId)
        .inspect()
        .then(
          (i) => i.State.Pid,
          (e: unknown) => {
            throw fromDockerError(e, `container ${containerId}`)
          },
        )
      if (!pid) return false
      await loadNetnsRuleset(pid, ruleset, { procRoot: opts.procRoot })
      return true
    },
  }
}
