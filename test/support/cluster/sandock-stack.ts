// Sandock's own cluster on the test swarm: its images (the cluster image from dist/, PostgreSQL,
// the base template) pushed to the test registry through node 1, the secrets, docker-stack.yml
// deployed as a user would (`docker stack deploy` with the variables exported), and the handles a
// test needs: each control replica's URLs, SQL on the cluster's PostgreSQL, where a task runs.
import { createHash, randomBytes } from 'node:crypto'
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { promisify } from 'node:util'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestCluster } from './cluster.js'
import { docker, waitFor } from './docker-cli.js'
import { ensureImage, ensureTagged, type ImageRecipe } from './images.js'
import { loadImage, taskContainer, type DindNode } from './nodes.js'
import { waitForTasks } from './swarm.js'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const BASE_IMAGE = process.env.SANDOCK_BASE_IMAGE ?? 'debian:bookworm-slim'

export const POSTGRES: Omit<ImageRecipe, 'name'> = {
  dockerfile: 'docker/postgres.Dockerfile',
  files: ['docker/postgres-entrypoint.sh'],
}

export const API_KEY = `e2b_${randomBytes(20).toString('hex')}`
export const STACK = 'sandock'
/** Ports of docker-stack.yml. */
export const PORTS = { api: 3000, edge: 3002, agent: 3003, nodeProxy: 3004 } as const

/** The cluster image (docker/cluster.Dockerfile over dist/image), tagged by a hash of its inputs. */
export async function ensureClusterImage(prefix: string, labels: readonly string[]): Promise<string> {
  const dist = join(ROOT, 'dist')
  const hash = createHash('sha256').update(await readFile(join(ROOT, 'docker/cluster.Dockerfile')))
  hash.update(await docker(['image', 'inspect', '-f', '{{.Id}}', BASE_IMAGE]))
  // The image copies dist/image, dist/builtins (the derived built-ins' build folders) and dist/dashboard.
  const parts = ['image', 'builtins', 'dashboard']
  for (const part of parts) {
    const files = (await readdir(join(dist, part), { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name))
      .sort()
    for (const f of files) hash.update(`\0${relative(dist, f)}\0`).update(await readFile(f))
  }
  return ensureTagged(`${prefix}-cluster:${hash.digest('hex').slice(0, 12)}`, labels, async (context) => {
    for (const part of parts) await cp(join(dist, part), join(context, part), { recursive: true })
    return join(ROOT, 'docker/cluster.Dockerfile')
  })
}

/** The base template image on the host (the single-host suites build it; built here from dist/image when missing). */
export async function ensureBaseTemplateImage(tag: string): Promise<string> {
  if (
    await docker(['image', 'inspect', tag]).then(
      () => true,
      () => false,
    )
  )
    return tag
  const context = join(ROOT, 'dist', 'image')
  await docker(
    [
      'build',
      '-q',
      '-f',
      join(context, 'base.Dockerfile'),
      '-t',
      tag,
      '--build-arg',
      `BASE_IMAGE=${BASE_IMAGE}`,
      context,
    ],
    { timeoutMs: 900_000 },
  )
  return tag
}

export const ensurePostgresImage = (prefix: string, labels: readonly string[]) =>
  ensureImage({ ...POSTGRES, name: `${prefix}-postgres` }, labels)

/** Copies host images into node 1 and pushes them to the test registry; resolves with their registry refs. */
export async function pushToRegistry(
  cluster: TestCluster,
  images: Record<string, string>,
): Promise<Record<string, string>> {
  const n1 = cluster.nodes[0]!
  const out: Record<string, string> = {}
  for (const [name, hostTag] of Object.entries(images)) {
    const ref = `${cluster.registry.address}/${name}`
    await loadImage(n1, hostTag)
    await n1.docker('tag', hostTag, ref)
    await n1.docker('push', '-q', ref)
    await n1.docker('image', 'rm', hostTag)
    out[name] = ref
  }
  return out
}

export type Replica = Readonly<{ hostname: string; ip: string; apiUrl: string; sandboxUrl: string }>

export type SandockStack = Readonly<{
  /** Where the control replicas run now (re-read after a failure). */
  replicas(): Promise<Replica[]>
  /** SQL on the cluster's PostgreSQL (psql in its task): rows as arrays of columns. */
  sql(query: string): Promise<string[][]>
  /** The node a sandbox's catalog row names. */
  nodeOf(sandboxId: string): Promise<string | undefined>
  /** The node (swarm hostname) a service's task container runs on, with its id there. */
  task(service: 'control' | 'node' | 'postgres' | 'pg-relay', node: DindNode): Promise<string>
  node(hostname: string): DindNode
  sdkOpts(r: Replica): { apiKey: string; apiUrl: string; sandboxUrl: string }
  /** The key sdkOpts hands out from now on (after a test rotated the sandock_api_keys secret). */
  useApiKey(key: string): void
  /** SANDOCK_CLUSTER_TLS on both services (agents and replicas restarted); resolves once every agent registered again and both replicas answer. */
  setClusterTls(mode: 'on' | 'off'): Promise<void>
  /** `err` with what the services did appended (their tasks and last log lines), for a failure message. */
  explain(err: unknown): Promise<Error>
}>

export type DeployOptions = Readonly<{
  images: { cluster: string; postgres: string; base: string }
  /** Extra variables for the stack (SANDOCK_POOL_SIZE, …). */
  env?: Record<string, string>
}>

/** Secrets, the postgres label, the agents' data dirs, `docker stack deploy`; resolves once every node is registered and both replicas answer. */
export async function deploySandock(cluster: TestCluster, opts: DeployOptions): Promise<SandockStack> {
  const [n1] = cluster.nodes
  const node = (hostname: string) => cluster.nodes.find((n) => n.hostname === hostname)!
  // The cluster CA as an operator makes it: `sandock cluster init` (dist/), its two files as secrets.
  const caDir = await mkdtemp(join(tmpdir(), 'sandock-cluster-ca-'))
  try {
    await promisify(execFile)(process.execPath, [join(ROOT, 'dist/cli.js'), 'cluster', 'init', '--out', caDir])
    for (const [name, file] of [
      ['sandock_cluster_ca', 'cluster-ca.crt'],
      ['sandock_cluster_ca_key', 'cluster-ca.key'],
    ] as const)
      await n1!.exec(['docker', 'secret', 'create', name, '-'], { input: await readFile(join(caDir, file)) })
  } finally {
    await rm(caDir, { recursive: true, force: true })
  }
  for (const [name, value] of Object.entries({
    sandock_token_seed: randomBytes(32).toString('hex'),
    sandock_node_token: randomBytes(32).toString('hex'),
    sandock_db_password: randomBytes(24).toString('hex'),
    sandock_api_keys: API_KEY,
    sandock_registry_auth: `${cluster.registry.username}:${cluster.registry.password}`,
  }))
    await n1!.exec(['docker', 'secret', 'create', name, '-'], { input: value })
  await n1!.docker('node', 'update', '--label-add', 'sandock.postgres=true', n1!.hostname)
  await Promise.all(
    cluster.nodes.map((n) => n.exec(['mkdir', '-p', '/var/lib/sandock-node', '/var/lib/sandock-volumes'])),
  )
  const env = {
    SANDOCK_IMAGE: opts.images.cluster,
    SANDOCK_POSTGRES_IMAGE: opts.images.postgres,
    SANDOCK_BASE_TEMPLATE_IMAGE: opts.images.base,
    SANDOCK_REGISTRY: cluster.registry.address,
    SANDOCK_LOG_LEVEL: 'info',
    ...opts.env,
  }
  // --with-registry-auth: node 1's login (the registry requires it) goes with the services, so
  // every node's engine can pull the stack's images.
  const out = await n1!.exec(
    [
      'env',
      ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
      'docker',
      'stack',
      'deploy',
      '--with-registry-auth',
      '--compose-file',
      '-',
      STACK,
    ],
    { input: await readFile(join(ROOT, 'docker-stack.yml')) },
  )
  if (/ignoring unsupported options/i.test(out)) throw new Error(`docker stack deploy ignored options:\n${out}`)

  const sql = async (query: string): Promise<string[][]> => {
    const c = await taskContainer(n1!, `${STACK}_postgres`)
    const text = await n1!.docker(
      'exec',
      c,
      'psql',
      '-h',
      '/run/postgresql',
      '-U',
      'sandock',
      '-d',
      'sandock',
      '-AtF',
      '\t',
      '-c',
      query,
    )
    return text
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t'))
  }
  /** What the services did, for a failure message: their tasks and their last log lines. */
  const explain = async (err: unknown): Promise<Error> => {
    const report = await Promise.all(
      ['postgres', 'pg-relay', 'node', 'control'].map(async (s) => {
        const tasks = await n1!
          .docker('service', 'ps', '--no-trunc', '--format', '{{.Node}} {{.CurrentState}} {{.Error}}', `${STACK}_${s}`)
          .catch((e: Error) => e.message)
        const logs = await n1!
          .exec(['sh', '-c', `docker service logs --raw --tail 15 ${STACK}_${s} 2>&1`])
          .catch((e: Error) => e.message)
        return `--- ${STACK}_${s} tasks:\n${tasks}\n--- ${STACK}_${s} logs:\n${logs}`
      }),
    )
    return new Error(`${(err as Error).message}\n${report.join('\n')}`, { cause: err })
  }
  const replicas = async (): Promise<Replica[]> => {
    const hosts = await waitForTasks(n1!, `${STACK}_control`, 1)
    return hosts.map((h) => {
      const ip = node(h).ip
      return { hostname: h, ip, apiUrl: `http://${ip}:${PORTS.api}`, sandboxUrl: `http://${ip}:${PORTS.edge}` }
    })
  }
  try {
    await waitForTasks(n1!, `${STACK}_postgres`, 1, 300_000)
    await waitForTasks(n1!, `${STACK}_pg-relay`, cluster.nodes.length, 300_000)
    await waitForTasks(n1!, `${STACK}_node`, cluster.nodes.length, 300_000)
    await waitForTasks(n1!, `${STACK}_control`, 2, 300_000)
    await waitFor(
      'every node agent registered',
      async () => {
        const rows = await sql("SELECT count(*) FROM nodes WHERE heartbeat_at > now() - interval '10 seconds'").catch(
          () => [['0']],
        )
        return Number(rows[0]?.[0]) === cluster.nodes.length ? true : undefined
      },
      300_000,
      1000,
    )
    for (const r of await replicas()) {
      await waitFor(
        `control on ${r.hostname}`,
        async () =>
          (await fetch(`${r.apiUrl}/health`, { signal: AbortSignal.timeout(3000) })).status === 200 ? true : undefined,
        120_000,
        500,
      )
    }
  } catch (err) {
    throw await explain(err)
  }
  let apiKey = API_KEY
  return {
    replicas,
    explain,
    sql,
    node,
    useApiKey: (key) => void (apiKey = key),
    async nodeOf(sandboxId) {
      return (
        await sql(`SELECT node_id FROM sandboxes WHERE sandbox_id = '${sandboxId.replace(/[^a-z0-9]/gi, '')}'`)
      )[0]?.[0]
    },
    task: (service, n) => taskContainer(n, `${STACK}_${service}`),
    sdkOpts: (r) => ({ apiKey, apiUrl: r.apiUrl, sandboxUrl: r.sandboxUrl }),
    async setClusterTls(mode) {
      const since = (await sql('SELECT now()'))[0]![0]!
      for (const service of ['node', 'control'])
        await n1!.docker(
          'service',
          'update',
          '--detach=false',
          '--quiet',
          '--update-parallelism',
          '0',
          '--env-add',
          `SANDOCK_CLUSTER_TLS=${mode}`,
          `${STACK}_${service}`,
        )
      await waitFor(
        `every agent registered again (SANDOCK_CLUSTER_TLS=${mode})`,
        async () => {
          const rows = await sql(
            `SELECT count(*) FROM nodes WHERE started_at > '${since}' AND heartbeat_at > now() - interval '10 seconds'`,
          )
          return Number(rows[0]?.[0]) === cluster.nodes.length ? true : undefined
        },
        300_000,
        1000,
      )
      await waitFor(
        'both replicas ready',
        async () => {
          const rs = await replicas()
          const ok = await Promise.all(
            rs.map((r) =>
              fetch(`${r.apiUrl}/health`, { signal: AbortSignal.timeout(3000) }).then(
                (x) => x.ok,
                () => false,
              ),
            ),
          )
          return rs.length === 2 && ok.every(Boolean) ? true : undefined
        },
        300_000,
        1000,
      )
    },
  }
}

/** Sandbox containers (any state) on a node's engine. */
export async function sandboxContainers(node: DindNode): Promise<string[]> {
  return (await node.docker('ps', '-a', '-q', '--filter', 'label=sandock.managed-by')).split('\n').filter(Boolean)
}
