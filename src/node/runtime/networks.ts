// Sandbox networks on Docker: bridges with inter-container traffic off, and their host interfaces.
import type { SandboxRuntime } from './types.js'
import { fromDockerError, statusOf, type DockerClient } from './docker-client.js'
import { ICC_OPTION } from './hardening.js'
import { LABELS, MANAGED_BY } from './labels.js'

export function createNetworks(
  client: DockerClient,
): Pick<SandboxRuntime, 'ensureNetwork' | 'bridgeInterface' | 'removeNetworkIfUnused'> {
  const { docker, log } = client
  return {
    async ensureNetwork(name, { internal }) {
      const existing = (await docker.listNetworks({ filters: { name: [name] } })).find((n) => n.Name === name)
      if (existing) {
        if (existing.Options?.[ICC_OPTION] !== 'false') {
          log.warn(
            { network: name },
            'sandboxes on this network can reach each other (created without enable_icc=false); remove it to let sandock recreate it',
          )
        }
        return
      }
      try {
        await docker.createNetwork({
          Name: name,
          Driver: 'bridge',
          Internal: internal,
          Labels: { [LABELS.managedBy]: MANAGED_BY },
          // Sandboxes on one network must not reach each other; the host (proxy) still reaches them all.
          Options: { [ICC_OPTION]: 'false' },
        })
        log.info({ network: name, internal }, 'network created')
      } catch (e) {
        // 409: created meanwhile (another server on the same engine).
        if (statusOf(e) !== 409) throw fromDockerError(e, `network ${name}`)
      }
    },

    async removeNetworkIfUnused(name) {
      const net = (await docker.listNetworks({ filters: { name: [name] } })).find((n) => n.Name === name)
      if (!net || net.Labels?.[LABELS.managedBy] !== MANAGED_BY) return false
      // Stopped containers count: a filesystem-paused sandbox boots on this network again.
      if ((await docker.listContainers({ all: true, filters: { network: [net.Id] } })).length > 0) return false
      try {
        await docker.getNetwork(net.Id).remove()
        log.info({ network: name }, 'network removed')
        return true
      } catch (e) {
        // 403/409: a container joined meanwhile; 404: removed meanwhile.
        if ([403, 404, 409].includes(statusOf(e) ?? 0)) return false
        throw fromDockerError(e, `network ${name}`)
      }
    },

    async bridgeInterface(network) {
      const info = (await docker
        .getNetwork(network)
        .inspect()
        .catch((e: unknown) => {
          throw fromDockerError(e, `network ${network}`)
        })) as { Id: string; Options?: Record<string, string> }
      return info.Options?.['com.docker.network.bridge.name'] ?? `br-${info.Id.slice(0, 12)}`
    },
  }
}
