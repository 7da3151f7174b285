// Docker Swarm over DinD nodes: form it, deploy a Compose (v3.8) stack, wait for a service's tasks.
// Our kernels have no IPVS (no routing mesh, no service VIPs) and no ESP (no encrypted overlay):
// services use `endpoint_mode: dnsrr` and `mode: host` published ports.
import { waitFor } from './docker-cli.js'
import type { DindNode } from './nodes.js'

export type SwarmNode = Readonly<{
  id: string
  hostname: string
  status: string
  availability: string
  managerStatus: string
}>

/**
 * `swarm init` on the first node, `swarm join` on the others: the first `managers` nodes
 * (default all: 3 managers keep Raft quorum with one down) as managers, the rest as workers.
 * Every node advertises its address on the cluster network. Resolves when all are Ready.
 */
export async function formSwarm(nodes: readonly DindNode[], opts: { managers?: number } = {}): Promise<void> {
  const [leader, ...others] = nodes
  if (!leader) throw new Error('formSwarm needs at least one node')
  const managers = opts.managers ?? nodes.length
  await leader.docker('swarm', 'init', '--advertise-addr', leader.ip, '--listen-addr', `${leader.ip}:2377`)
  const managerToken = await leader.docker('swarm', 'join-token', '-q', 'manager')
  const workerToken = await leader.docker('swarm', 'join-token', '-q', 'worker')
  // One at a time: a manager joining while another is still being added can lose Raft quorum.
  for (const [i, node] of others.entries()) {
    await node.docker(
      'swarm',
      'join',
      '--advertise-addr',
      node.ip,
      '--listen-addr',
      `${node.ip}:2377`,
      '--token',
      i + 1 < managers ? managerToken : workerToken,
      `${leader.ip}:2377`,
    )
  }
  await waitFor(
    'every swarm node Ready',
    async () => {
      const list = await swarmNodes(leader)
      return list.length === nodes.length && list.every((n) => n.status === 'Ready') ? list : undefined
    },
    60_000,
  )
}

/** `docker node ls` as seen from a manager. */
export async function swarmNodes(manager: DindNode): Promise<SwarmNode[]> {
  const out = await manager.docker('node', 'ls', '--format', '{{json .}}')
  return out
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const n = JSON.parse(l) as Record<string, string>
      return {
        id: n.ID!,
        hostname: n.Hostname!,
        status: n.Status!,
        availability: n.Availability!,
        managerStatus: n.ManagerStatus ?? '',
      }
    })
}

/** `docker stack deploy` of a Compose file given as text (read from stdin). Returns the CLI's output. */
export async function deployStack(manager: DindNode, stack: string, composeYaml: string): Promise<string> {
  return manager.exec(['sh', '-c', `docker stack deploy --compose-file - ${stack} 2>&1`], { input: composeYaml })
}

/** Waits until `count` tasks of a service are running; resolves with the hostnames of their nodes. */
export async function waitForTasks(
  manager: DindNode,
  service: string,
  count: number,
  timeoutMs = 120_000,
): Promise<string[]> {
  return waitFor(
    `${count} running tasks of ${service}`,
    async () => {
      const rows = (
        await manager.docker(
          'service',
          'ps',
          service,
          '--filter',
          'desired-state=running',
          '--format',
          '{{.Node}}\t{{.CurrentState}}\t{{.Error}}',
        )
      )
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t'))
      const running = rows.filter((r) => r[1]?.startsWith('Running')).map((r) => r[0]!)
      return running.length >= count ? running.sort() : undefined
    },
    timeoutMs,
    500,
  )
}
