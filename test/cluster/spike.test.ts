// Spike for the cluster mode (issue 17, design in scale-out.md §3.2 and §3.5): proves on this
// machine that three Docker-in-Docker engines form a swarm, pause inner containers, serve a global
// service on host-mode ports, reach each other's tasks over an overlay with `endpoint_mode: dnsrr`
// (no IPVS), move an image through a registry started here, and that a node-agent-shaped service
// (host network, docker.sock, /proc bind, NET_ADMIN + SYS_ADMIN) can load iptables rules into a
// container's network namespace. The steps build on each other (one cluster per file), so they
// run in order; everything is removed at the end, also on failure.
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { timed as timedInto, type Timings } from '../support/cluster/timings.js'
import { startCluster, type TestCluster } from '../support/cluster/cluster.js'
import { docker, waitFor } from '../support/cluster/docker-cli.js'
import { PROBE, ensureImage, imageSize, removeImages } from '../support/cluster/images.js'
import { freezerCgroup, loadImage, taskContainer, type DindNode } from '../support/cluster/nodes.js'
import { listLabelled } from '../support/cluster/resources.js'
import { deployStack, swarmNodes, waitForTasks, formSwarm } from '../support/cluster/swarm.js'

const LABEL = 'sandock.test=swarm-spike'
const PREFIX = 'sandock-swarm'
const KEEP_IMAGES = process.env.SANDOCK_TEST_CLUSTER_KEEP_IMAGES === '1'
// Inside the nodes' own network namespaces: no port of the host is used.
const WEB_PORT = 18080

const timings: Timings = []
const sizes: Array<[string, number]> = []
let cluster: TestCluster | undefined
let probeImage = ''
/** Each node container's freezer cgroup on the host (inner containers' cgroups nest inside). */
let nodeCgroups: string[] = []

const timed = <T>(what: string, fn: () => Promise<T>): Promise<T> => timedInto(timings, what, fn)

const nodes = (): readonly DindNode[] => cluster!.nodes
const node = (i: number): DindNode => cluster!.nodes[i]!
const movedImage = () => `${cluster!.registry.address}/spike/probe:moved`

beforeAll(async () => {
  const t0 = performance.now()
  probeImage = await timed('image probe', () => ensureImage({ ...PROBE, name: `${PREFIX}-probe` }, [LABEL]))
  cluster = await startCluster({
    prefix: PREFIX,
    label: LABEL,
    nodes: 3,
    keepImages: KEEP_IMAGES,
    onPhase: (phase, ms) => timings.push([`cluster ${phase}`, ms]),
  })
  for (const tag of [cluster.images.dind, cluster.images.registry, probeImage]) sizes.push([tag, await imageSize(tag)])
  nodeCgroups = await Promise.all(cluster.nodes.map(async (n) => `/sys/fs/cgroup/freezer${await freezerCgroup(n, 1)}`))
  timings.push(['beforeAll total', performance.now() - t0])
})

afterAll(async () => {
  try {
    await cluster?.stop()
  } finally {
    if (!KEEP_IMAGES && probeImage) await removeImages([probeImage])
    const ms = (n: number) => `${(n / 1000).toFixed(1)} s`
    console.log(
      [
        'cluster spike timings:',
        ...timings.map(([k, v]) => `  ${k}: ${ms(v)}`),
        'image sizes:',
        ...sizes.map(([k, v]) => `  ${k}: ${(v / 1e6).toFixed(0)} MB`),
      ].join('\n'),
    )
  }
})

describe('swarm spike', () => {
  it("runs Debian's dockerd in every node, on overlay2 and cgroup v1, trusting the test registry", async () => {
    for (const n of nodes()) {
      const info = JSON.parse(await n.docker('info', '--format', '{{json .}}')) as {
        Driver: string
        CgroupVersion: string
        ServerVersion: string
        RegistryConfig: { IndexConfigs: Record<string, { Secure: boolean }> }
      }
      expect(info.Driver).toBe('overlay2')
      expect(info.CgroupVersion).toBe('1')
      expect(info.ServerVersion).toMatch(/^20\.10\./)
      expect(info.RegistryConfig.IndexConfigs[cluster!.registry.address]?.Secure).toBe(false)
    }
  })

  it('forms a swarm of three managers', async () => {
    await timed('swarm init + 2 joins', () => formSwarm(nodes()))
    const list = await swarmNodes(node(0))
    expect(list.map((n) => n.hostname).sort()).toEqual(['node1', 'node2', 'node3'])
    expect(list.every((n) => n.status === 'Ready' && n.availability === 'Active')).toBe(true)
    expect(list.map((n) => n.managerStatus).sort()).toEqual(['Leader', 'Reachable', 'Reachable'])
    // Each node agrees it is a manager of the same cluster.
    const clusterIds = await Promise.all(nodes().map((n) => n.docker('info', '--format', '{{.Swarm.Cluster.ID}}')))
    expect(new Set(clusterIds).size).toBe(1)
  })

  it('moves an image built on node 1 to nodes 2 and 3 through the registry', async () => {
    const image = movedImage()
    await timed(`load probe into node1 (docker save | load)`, () => loadImage(node(0), probeImage))
    // A build on the node (RUN starts a container inside the node's engine), as template builds will.
    await timed('docker build on node1', () =>
      node(0).exec(['docker', 'build', '-q', '-t', image, '-'], {
        input: `FROM ${probeImage}\nRUN echo built-on-node1 > /marker\n`,
      }),
    )
    await timed('push from node1', () => node(0).docker('push', '-q', image))
    for (const n of nodes().slice(1)) {
      await expect(n.docker('image', 'inspect', image)).rejects.toThrow(/No such image/)
      await timed(`pull on ${n.hostname}`, () => n.docker('pull', '-q', image))
      expect(await n.docker('run', '--rm', image, 'cat', '/marker')).toBe('built-on-node1')
    }
  })

  it('limits, freezes and thaws a container inside a node (the cgroup freezer of pause with memory)', async () => {
    const n = node(1)
    // A sandbox's limits (docker-runtime.ts: Memory without swap, NanoCpus, PidsLimit).
    const c = await n.docker(
      'run',
      '-d',
      '--memory',
      '256m',
      '--memory-swap',
      '256m',
      '--cpus',
      '0.5',
      '--pids-limit',
      '64',
      movedImage(),
      'sh',
      '-c',
      'i=0; while :; do i=$((i+1)); echo $i; sleep 0.1; done',
    )
    try {
      const lines = async () => Number(await n.sh(`docker logs ${c} 2>&1 | wc -l`))
      await waitFor('the counter to run', async () => ((await lines()) >= 3 ? true : undefined))
      const pid = Number(await n.docker('inspect', '-f', '{{.State.Pid}}', c))
      const cgroup = await freezerCgroup(n, pid)
      // Nested under the node container's own cgroup (docker/dind-entrypoint.sh): accounted to
      // the node and removed with it.
      expect(cgroup.startsWith(`${await freezerCgroup(n, 1)}/`)).toBe(true)
      const limit = (file: string) => n.exec(['cat', `/sys/fs/cgroup/${file}`.replace('%', cgroup)])
      expect(await limit('memory%/memory.limit_in_bytes')).toBe(String(256 * 1024 * 1024))
      expect(await limit('memory%/memory.memsw.limit_in_bytes')).toBe(String(256 * 1024 * 1024))
      expect(await limit('cpu%/cpu.cfs_quota_us')).toBe('50000')
      expect(await limit('pids%/pids.max')).toBe('64')
      await n.docker('pause', c)
      expect(await n.exec(['cat', `/sys/fs/cgroup/freezer${cgroup}/freezer.state`])).toBe('FROZEN')
      const frozenAt = await lines()
      await new Promise((r) => setTimeout(r, 1000))
      expect(await lines()).toBe(frozenAt)
      await n.docker('unpause', c)
      expect(await n.exec(['cat', `/sys/fs/cgroup/freezer${cgroup}/freezer.state`])).toBe('THAWED')
      await waitFor('the counter to move on', async () => ((await lines()) > frozenAt + 3 ? true : undefined), 10_000)
    } finally {
      await n.docker('rm', '-f', c)
    }
  })

  it('deploys a compose 3.8 stack with mode global, endpoint_mode dnsrr, host-mode ports and cap_add', async () => {
    const out = await timed('stack deploy', () => deployStack(node(0), 'spike', stackYaml(movedImage())))
    expect(out).not.toMatch(/ignoring unsupported options/i)
    expect(await timed('3+3 tasks running', () => waitForTasks(node(0), 'spike_web', 3))).toEqual([
      'node1',
      'node2',
      'node3',
    ])
    expect(await waitForTasks(node(0), 'spike_agent', 3)).toEqual(['node1', 'node2', 'node3'])

    type ServiceSpec = {
      Spec: {
        Mode: Record<string, unknown>
        EndpointSpec?: { Mode: string; Ports?: Array<{ PublishMode: string; PublishedPort: number }> }
        TaskTemplate: {
          ContainerSpec: {
            Init?: boolean
            CapabilityAdd?: string[]
            Mounts?: Array<{ Source: string; Target: string }>
          }
          Networks?: Array<{ Target: string }>
        }
      }
      Endpoint: { VirtualIPs?: unknown[] }
    }
    const [web, agent] = JSON.parse(await node(0).docker('service', 'inspect', 'spike_web', 'spike_agent')) as [
      ServiceSpec,
      ServiceSpec,
    ]
    expect(Object.keys(web.Spec.Mode)).toEqual(['Global'])
    expect(web.Spec.TaskTemplate.ContainerSpec.Init).toBe(true)
    expect(web.Spec.EndpointSpec?.Mode).toBe('dnsrr')
    expect(web.Spec.EndpointSpec?.Ports).toEqual([
      expect.objectContaining({ PublishMode: 'host', PublishedPort: WEB_PORT }),
    ])
    expect(web.Endpoint.VirtualIPs ?? []).toEqual([]) // no VIP: nothing for IPVS to balance
    expect(Object.keys(agent.Spec.Mode)).toEqual(['Global'])
    expect(agent.Spec.TaskTemplate.ContainerSpec.CapabilityAdd?.sort()).toEqual(['CAP_NET_ADMIN', 'CAP_SYS_ADMIN'])
    expect(agent.Spec.TaskTemplate.ContainerSpec.Mounts?.map((m) => `${m.Source}:${m.Target}`).sort()).toEqual([
      '/proc:/host/proc',
      '/var/run/docker.sock:/var/run/docker.sock',
    ])
    expect(agent.Spec.TaskTemplate.Networks).toHaveLength(1)
    for (const n of nodes()) {
      expect(
        await n.docker('inspect', '-f', '{{.HostConfig.NetworkMode}}', await taskContainer(n, 'spike_agent')),
      ).toBe('host')
    }
  })

  it("answers on the host-mode port of every node's own address", async () => {
    for (const n of nodes()) {
      const body = await timed(`first answer from ${n.hostname}:${WEB_PORT}`, () =>
        waitFor(
          `${n.hostname}:${WEB_PORT}`,
          async () => {
            const res = await fetch(`http://${n.ip}:${WEB_PORT}/`, { signal: AbortSignal.timeout(3000) })
            return res.ok ? (await res.text()).trim() : undefined
          },
          30_000,
        ),
      )
      expect(body).toBe(`${n.hostname} web-${n.hostname}`)
    }
  })

  it('reaches the tasks on the other nodes by DNS name over the overlay (dnsrr, no IPVS)', async () => {
    const c = await taskContainer(node(0), 'spike_web')
    const resolve = async (name: string) =>
      [
        ...new Set(
          (await node(0).docker('exec', c, 'getent', 'ahostsv4', name)).split('\n').map((l) => l.split(/\s+/)[0]!),
        ),
      ].sort()
    const ips = await resolve('web')
    expect(ips).toHaveLength(3)
    expect(await resolve('tasks.web')).toEqual(ips)
    const served = []
    for (const ip of ips) served.push(await node(0).docker('exec', c, 'curl', '-sf', '-m', '5', `http://${ip}:8080/`))
    expect(served.sort()).toEqual(['node1 web-node1', 'node2 web-node2', 'node3 web-node3'])
  })

  it('lets a node agent (host network, docker.sock, /proc bind, NET_ADMIN + SYS_ADMIN) firewall and pause a container on its node', async () => {
    const n = node(1)
    const target = `http://${node(0).ip}:${WEB_PORT}/`
    // A "sandbox": a plain container of the node's engine, not a swarm task.
    const sbx = await n.docker('run', '-d', movedImage(), 'sleep', 'infinity')
    try {
      const curlFromSandbox = () => n.docker('exec', sbx, 'curl', '-sS', '-m', '5', target)
      expect(await curlFromSandbox()).toBe('node1 web-node1')

      const agent = await taskContainer(n, 'spike_agent')
      const inAgent = (script: string) => n.docker('exec', agent, 'sh', '-c', script)
      // Host network: the node's own published port answers on loopback.
      expect(await inAgent(`curl -sf -m 5 http://127.0.0.1:${WEB_PORT}/`)).toBe('node2 web-node2')
      const inspect = JSON.parse(
        await inAgent(`curl -sf --unix-socket /var/run/docker.sock http://docker/containers/${sbx}/json`),
      ) as { State: { Pid: number } }
      const pid = inspect.State.Pid
      expect(pid).toBeGreaterThan(1)

      // Without the capabilities the same entry is refused: cap_add is what makes it work.
      await expect(
        n.docker(
          'run',
          '--rm',
          '-v',
          '/proc:/host/proc',
          movedImage(),
          'nsenter',
          `--net=/host/proc/${pid}/ns/net`,
          'true',
        ),
      ).rejects.toThrow(/Permission denied|Operation not permitted/)

      // What src/node/runtime/netns-firewall.ts does with `nsenter -t <pid> -n`, through /host/proc.
      const rules = `*filter\n-A OUTPUT -d ${node(0).ip}/32 -p tcp --dport ${WEB_PORT} -j REJECT\nCOMMIT\n`
      await timed('agent: iptables-restore in the sandbox netns', () =>
        n.exec(
          [
            'docker',
            'exec',
            '-i',
            agent,
            'nsenter',
            `--net=/host/proc/${pid}/ns/net`,
            'iptables-restore',
            '--noflush',
            '-w',
            '5',
          ],
          { input: rules },
        ),
      )
      expect(await inAgent(`nsenter --net=/host/proc/${pid}/ns/net iptables -S OUTPUT`)).toContain(
        `-A OUTPUT -d ${node(0).ip}/32 -p tcp -m tcp --dport ${WEB_PORT} -j REJECT`,
      )
      await expect(curlFromSandbox()).rejects.toThrow(/Connection refused|Failed to connect/)
      // The agent's own namespace is untouched.
      expect(await inAgent(`curl -sf -m 5 ${target}`)).toBe('node1 web-node1')

      // Pause with memory through the mounted socket stays a freeze on this node.
      const post = (action: string) =>
        inAgent(
          `curl -s -o /dev/null -w '%{http_code}' -X POST --unix-socket /var/run/docker.sock http://docker/containers/${sbx}/${action}`,
        )
      expect(await post('pause')).toBe('204')
      const cgroup = await freezerCgroup(n, pid)
      expect(await n.exec(['cat', `/sys/fs/cgroup/freezer${cgroup}/freezer.state`])).toBe('FROZEN')
      expect(await post('unpause')).toBe('204')
      expect(await n.docker('inspect', '-f', '{{.State.Status}}', sbx)).toBe('running')
    } finally {
      await n.docker('rm', '-f', sbx)
    }
  })

  it('keeps working with one of three managers gone (Raft quorum of two)', async () => {
    const [n1, n2, n3] = [node(0), node(1), node(2)]
    await timed('node3 killed → seen Down', async () => {
      await docker(['kill', n3.name])
      await waitFor(
        'node3 Down',
        async () => ((await swarmNodes(n1)).find((n) => n.hostname === 'node3')?.status === 'Down' ? true : undefined),
        60_000,
      )
    })
    // A write to the Raft store from either survivor, and the service converges on the two nodes.
    await timed('service update with 2/3 managers', () =>
      n2.docker('service', 'update', '--detach', '--env-add', 'SPIKE=after-node3', 'spike_web'),
    )
    expect(
      await n1.docker('service', 'inspect', '-f', '{{json .Spec.TaskTemplate.ContainerSpec.Env}}', 'spike_web'),
    ).toContain('SPIKE=after-node3')
    await timed('updated tasks running on node1 and node2', () =>
      Promise.all(
        [n1, n2].map((n) =>
          waitFor(
            `the updated task on ${n.hostname}`,
            async () => {
              const ids = (await n.docker('ps', '-q', '--filter', 'label=com.docker.swarm.service.name=spike_web'))
                .split('\n')
                .filter(Boolean)
              const envs = await Promise.all(ids.map((id) => n.docker('inspect', '-f', '{{json .Config.Env}}', id)))
              return ids.length === 1 && envs[0]!.includes('SPIKE=after-node3') ? true : undefined
            },
            60_000,
            500,
          ),
        ),
      ),
    )
  })

  it('removes every container, volume, network and cgroup it made', async () => {
    const c = cluster!
    expect(nodeCgroups).toHaveLength(3)
    // node3 was killed by the previous step: its cgroup went with it.
    for (const dir of nodeCgroups.slice(0, 2)) expect(existsSync(dir)).toBe(true)
    await timed('cluster stop', () => c.stop())
    expect(await listLabelled(c.runLabel)).toEqual({ containers: [], volumes: [], networks: [] })
    for (const dir of nodeCgroups) expect(existsSync(dir)).toBe(false)
  })
})

/**
 * Two global services: `web` (overlay, dnsrr, host-mode port) and `agent` (shaped like the node
 * agent). `init: true` (Docker's init as PID 1) lets SIGTERM stop a task at once; without it the
 * shell-less httpd ignores it and every rolling update waits the 10 s grace period per task.
 */
function stackYaml(image: string): string {
  return `version: "3.8"
services:
  web:
    image: ${image}
    init: true
    hostname: "web-{{.Node.Hostname}}"
    environment:
      NODE: "{{.Node.Hostname}}"
      PORT: "8080"
    networks: [mesh]
    ports:
      - { target: 8080, published: ${WEB_PORT}, protocol: tcp, mode: host }
    deploy:
      mode: global
      endpoint_mode: dnsrr
  agent:
    image: ${image}
    init: true
    command: ["sleep", "infinity"]
    networks: [hostnet]
    cap_add: [NET_ADMIN, SYS_ADMIN]
    volumes:
      - /var/run/docker.sock:/var/run/docker.sock
      - /proc:/host/proc
    deploy:
      mode: global
networks:
  mesh:
    driver: overlay
  hostnet:
    external: true
    name: host
`
}
