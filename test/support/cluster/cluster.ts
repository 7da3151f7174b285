// A throw-away cluster for tests: one user network on the host engine, a registry on it, and N
// Docker-in-Docker nodes that trust the registry and are logged in to it. Everything is labelled and removed by stop().
import { randomBytes } from 'node:crypto'
import { docker } from './docker-cli.js'
import { DIND, REGISTRY, ensureImage, removeImages } from './images.js'
import { startNodes, type DindNode } from './nodes.js'
import { startRegistry, type TestRegistry } from './registry.js'
import { HostResources, sweepLabelled } from './resources.js'

/** The egress target's name on the cluster network (a network alias: the nodes' DNS answers it). */
export const EGRESS_TARGET_NAME = 'api.egress-target.test'
/** Where every node has the shared volumes directory (docker-stack.yml's SANDOCK_VOLUMES_DIR). */
export const SHARED_VOLUMES_DIR = '/var/lib/sandock-volumes'

/** A plain HTTP server answering every GET with `{ path, headers }` (lowercased names), on 80 and 8000. */
const ECHO_SERVER = `
import http.server, json, threading
class Echo(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({'path': self.path, 'headers': {k.lower(): v for k, v in self.headers.items()}}).encode()
        self.send_response(200)
        self.send_header('content-type', 'application/json')
        self.send_header('content-length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
servers = [http.server.ThreadingHTTPServer(('', p), Echo) for p in (80, 8000)]
for s in servers[1:]:
    threading.Thread(target=s.serve_forever, daemon=True).start()
servers[0].serve_forever()
`

export type TestCluster = Readonly<{
  /** Unique per run: part of every name and of the `sandock.test.run` label. */
  runId: string
  /** The run's own label, `sandock.test.run=<runId>`. */
  runLabel: string
  /** Name prefix of everything the run made, `<prefix>-<runId>`. */
  prefix: string
  network: string
  registry: TestRegistry
  nodes: readonly DindNode[]
  images: Readonly<{ dind: string; registry: string }>
  /**
   * With `egressTargetImage`: a plain HTTP server (:8000) on the cluster network, outside every
   * node, that the stack opens to sandboxes with SANDOCK_ALLOW_INTERNAL_CIDRS (everything else on
   * the cluster's private network is fenced off).
   */
  egressTarget?: Readonly<{ ip: string; port: number }>
  /** Removes every container, volume and network of the run (idempotent), and the images unless kept. */
  stop(): Promise<void>
}>

export type ClusterOptions = Readonly<{
  /** Name prefix of everything created, e.g. `sandock-swarm`. */
  prefix: string
  /** The kind's label (`key=value`), e.g. `sandock.test=swarm-spike`: leftovers with it are swept first. */
  label: string
  nodes: number
  /** Keep the (content-hash tagged) images after stop(), for a faster next run. */
  keepImages?: boolean
  /** An image with python3 for the egress target (see TestCluster.egressTarget); none without it. */
  egressTargetImage?: string
  /** Called with how long each phase took. */
  onPhase?: (phase: string, ms: number) => void
}>

/** Builds the images when missing, then starts the network, the registry and the nodes. */
export async function startCluster(opts: ClusterOptions): Promise<TestCluster> {
  const phase = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = performance.now()
    const value = await fn()
    opts.onPhase?.(name, performance.now() - t0)
    return value
  }
  await sweepLabelled(opts.label)
  const runId = randomBytes(3).toString('hex')
  const runLabel = `sandock.test.run=${runId}`
  const prefix = `${opts.prefix}-${runId}`
  const labels = [opts.label, runLabel]
  const [dindImage, registryImage] = await phase('images', () =>
    Promise.all([
      ensureImage({ ...DIND, name: `${opts.prefix}-dind` }, [opts.label]),
      ensureImage({ ...REGISTRY, name: `${opts.prefix}-registry` }, [opts.label]),
    ]),
  )
  const res = new HostResources(labels)
  const stop = async () => {
    await res.removeAll()
    if (!opts.keepImages) await removeImages([dindImage, registryImage])
  }
  try {
    const network = await res.createNetwork(`${prefix}-net`)
    const registry = await phase('registry', () => startRegistry(res, { image: registryImage, network, prefix }))
    const sharedVolume = await res.createVolume(`${prefix}-shared-volumes`)
    const nodes = await phase('nodes', () =>
      startNodes(res, {
        image: dindImage,
        network,
        prefix,
        count: opts.nodes,
        insecureRegistries: [registry.address],
        shared: { volume: sharedVolume, path: SHARED_VOLUMES_DIR },
      }),
    )
    // Every node's CLI logs in (pushes and pulls of the tests, `docker stack deploy --with-registry-auth`);
    // Sandock's agents use the sandock_registry_auth secret instead (docker-stack.yml).
    await Promise.all(
      nodes.map((n) =>
        n.exec(['docker', 'login', '-u', registry.username, '--password-stdin', registry.address], {
          input: registry.password,
        }),
      ),
    )
    let egressTarget: TestCluster['egressTarget']
    if (opts.egressTargetImage) {
      const name = `${prefix}-egress-target`
      // The image's entrypoint is envd: python3 is the entrypoint here. It answers on 8000 and on
      // 80 (where a node's egress gateway takes a sandbox's web traffic) with the request's path and
      // headers, and is also `EGRESS_TARGET_NAME` on the cluster network (what the nodes resolve).
      await res.run(name, [
        '--network',
        network,
        '--network-alias',
        EGRESS_TARGET_NAME,
        '--user',
        '65534',
        '--sysctl',
        'net.ipv4.ip_unprivileged_port_start=80',
        '--entrypoint',
        'python3',
        opts.egressTargetImage,
        '-c',
        ECHO_SERVER,
      ])
      egressTarget = {
        ip: await docker(['inspect', '-f', `{{(index .NetworkSettings.Networks "${network}").IPAddress}}`, name]),
        port: 8000,
      }
    }
    return {
      runId,
      runLabel,
      prefix,
      network,
      registry,
      nodes,
      images: { dind: dindImage, registry: registryImage },
      egressTarget,
      stop,
    }
  } catch (e) {
    await stop().catch(() => undefined)
    throw e
  }
}
