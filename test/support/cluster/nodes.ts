// Docker-in-Docker nodes for the cluster tests: each a container of docker/dind.Dockerfile running
// its own dockerd (Debian's docker.io) with /var/lib/docker on a volume, on one user network.
import { docker, dockerPipe, waitFor, type DockerCall } from './docker-cli.js'
import type { HostResources } from './resources.js'

/**
 * `--privileged` fails on our machines (their capability set lacks CAP_SYS_RESOURCE, which it
 * asks for), so a node gets every capability but that one, no seccomp/AppArmor confinement, the
 * unmasked /proc and /sys paths, every device (cgroup rule), and the host's cgroup v1 hierarchy
 * read-write so its dockerd can create, limit and freeze the inner containers' cgroups (nested
 * under the node's own: see docker/dind-entrypoint.sh). /run is a tmpfs: dockerd and containerd
 * keep sockets and netns files there. `--init` reaps what the inner engine leaves behind.
 */
export const DIND_FLAGS: readonly string[] = [
  '--init',
  '--cap-add',
  'ALL',
  '--cap-drop',
  'SYS_RESOURCE',
  '--security-opt',
  'seccomp=unconfined',
  '--security-opt',
  'apparmor=unconfined',
  '--security-opt',
  'systempaths=unconfined',
  '--device-cgroup-rule',
  'a *:* rwm',
  '-v',
  '/sys/fs/cgroup:/sys/fs/cgroup:rw',
  '--tmpfs',
  '/run',
]

export type DindNode = Readonly<{
  /** The node container's name on the host engine. */
  name: string
  /** Its hostname: the swarm node's name. */
  hostname: string
  /** Its address on the cluster network. */
  ip: string
  /** Runs a command in the node container (e.g. `['docker', 'ps']`); resolves with stdout. */
  exec(argv: readonly string[], opts?: DockerCall): Promise<string>
  /** The node's own engine: `docker <args>` inside the node. */
  docker(...args: string[]): Promise<string>
  /** `sh -c <script>` inside the node. */
  sh(script: string, opts?: DockerCall): Promise<string>
}>

export type StartNodesOptions = Readonly<{
  image: string
  /** The user network the nodes (and the registry) share. */
  network: string
  /** Node containers are `<prefix>-node<i>`, their volumes `<prefix>-node<i>-docker`. */
  prefix: string
  count: number
  /** host:port entries of the nodes' `insecure-registries` (plain HTTP). */
  insecureRegistries?: readonly string[]
  /** Waits this long for every engine to answer (default 90 s). */
  readyTimeoutMs?: number
  /**
   * A directory every node shares: one host volume mounted at `path` in each node (what an NFS
   * mount at the same path on every machine is in production).
   */
  shared?: Readonly<{ volume: string; path: string }>
}>

export function nodeHandle(name: string, hostname: string, ip: string): DindNode {
  const exec = (argv: readonly string[], opts: DockerCall = {}) =>
    docker(['exec', ...(opts.input !== undefined ? ['-i'] : []), name, ...argv], opts)
  return {
    name,
    hostname,
    ip,
    exec,
    docker: (...args: string[]) => exec(['docker', ...args]),
    sh: (script: string, opts?: DockerCall) => exec(['sh', '-c', script], opts),
  }
}

/** Starts `count` nodes in parallel and waits until each engine answers. */
export async function startNodes(res: HostResources, opts: StartNodesOptions): Promise<DindNode[]> {
  const indexes = Array.from({ length: opts.count }, (_, i) => i + 1)
  const started = await Promise.all(
    indexes.map(async (i) => {
      const name = `${opts.prefix}-node${i}`
      const hostname = `node${i}`
      const volume = await res.createVolume(`${name}-docker`)
      await res.run(name, [
        '--hostname',
        hostname,
        '--network',
        opts.network,
        ...DIND_FLAGS,
        '-v',
        `${volume}:/var/lib/docker`,
        ...(opts.shared ? ['-v', `${opts.shared.volume}:${opts.shared.path}`] : []),
        '-e',
        `DIND_INSECURE_REGISTRIES=${(opts.insecureRegistries ?? []).join(',')}`,
        opts.image,
      ])
      const ip = await docker([
        'inspect',
        '-f',
        `{{(index .NetworkSettings.Networks "${opts.network}").IPAddress}}`,
        name,
      ])
      return nodeHandle(name, hostname, ip)
    }),
  )
  await Promise.all(
    started.map((node) =>
      waitFor(
        `dockerd in ${node.name}`,
        async () => {
          const state = await docker(['inspect', '-f', '{{.State.Status}}', node.name])
          if (state !== 'running') {
            throw new Error(
              `${node.name} is ${state}: ${await docker(['logs', '--tail', '20', node.name]).catch(() => '')}`,
            )
          }
          return (await node.docker('version', '-f', '{{.Server.Version}}').catch(() => '')) || undefined
        },
        opts.readyTimeoutMs ?? 90_000,
      ),
    ),
  )
  return started
}

/**
 * Copies an image from the host engine into a node (`docker save | docker exec -i <node> docker
 * load`): the full tar crosses the pipe, so prefer the registry for anything a node can pull.
 */
export async function loadImage(node: DindNode, image: string): Promise<void> {
  await dockerPipe(['save', image], ['exec', '-i', node.name, 'docker', 'load', '-q'])
}

/** The container of a service's task on this node (swarm labels it with the service name). */
export async function taskContainer(node: DindNode, service: string): Promise<string> {
  return waitFor(
    `a running task of ${service} on ${node.hostname}`,
    async () => {
      const ids = (await node.docker('ps', '-q', '--filter', `label=com.docker.swarm.service.name=${service}`))
        .split('\n')
        .filter(Boolean)
      return ids[0]
    },
    60_000,
  )
}

/** The cgroup (v1, `freezer` hierarchy) path of a process in a node, e.g. `/docker/<id>/dind/<id>`. */
export async function freezerCgroup(node: DindNode, pid: number | 'self'): Promise<string> {
  const line = (await node.exec(['cat', `/proc/${pid}/cgroup`])).split('\n').find((l) => l.split(':')[1] === 'freezer')
  if (!line) throw new Error(`no freezer cgroup for ${pid} in ${node.name}`)
  return line.split(':').slice(2).join(':')
}
