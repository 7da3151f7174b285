// An image registry for the cluster tests: docker/registry.Dockerfile (Debian's docker-registry)
// as a container on the cluster network, next to the nodes, with its storage on a volume. The
// nodes reach it by a network alias and list it under insecure-registries (plain HTTP). It requires
// credentials (htpasswd, docker/registry-entrypoint.sh): a random user:password copied in as the
// file the Swarm secret would be; the stack's agents get the same as the sandock_registry_auth secret.
import { randomBytes } from 'node:crypto'
import { docker, waitFor } from './docker-cli.js'
import type { HostResources } from './resources.js'

export type TestRegistry = Readonly<{
  /** `alias:5000`: the host part of image references the nodes push and pull. */
  address: string
  /** The registry container's name on the host engine. */
  container: string
  /** Its address on the cluster network. */
  ip: string
  /** The credentials it accepts. */
  username: string
  password: string
}>

/** Starts the registry and waits until `GET /v2/` answers 401 without and 200 with credentials (reached from the host). */
export async function startRegistry(
  res: HostResources,
  opts: { image: string; network: string; prefix: string; alias?: string },
): Promise<TestRegistry> {
  const alias = opts.alias ?? 'registry'
  const container = `${opts.prefix}-registry`
  const volume = await res.createVolume(`${container}-data`)
  const username = 'sandock'
  const password = randomBytes(18).toString('hex')
  await res.create(container, [
    '--network',
    opts.network,
    '--network-alias',
    alias,
    '-v',
    `${volume}:/var/lib/docker-registry`,
    '-e',
    'REGISTRY_CREDENTIALS_FILE=/etc/docker/registry/credentials',
    opts.image,
  ])
  // `docker cp` of a tar from stdin: the file owned by the registry's user, never on the host's disk.
  await docker(['cp', '-', `${container}:/etc/docker/registry/`], {
    input: tarOfOneFile('credentials', `${username}:${password}\n`),
  })
  await docker(['start', container])
  const ip = await docker([
    'inspect',
    '-f',
    `{{(index .NetworkSettings.Networks "${opts.network}").IPAddress}}`,
    container,
  ])
  const basic = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
  await waitFor(
    'the registry',
    async () => {
      const [anon, authed] = await Promise.all([
        fetch(`http://${ip}:5000/v2/`),
        fetch(`http://${ip}:5000/v2/`, { headers: { authorization: basic } }),
      ])
      return anon.status === 401 && authed.status === 200 ? true : undefined
    },
    30_000,
  )
  return { address: `${alias}:5000`, container, ip, username, password }
}

/** A ustar archive holding one regular file, mode 0444 (uid 0: the registry's user reads it as world-readable). */
function tarOfOneFile(name: string, content: string): Buffer {
  const body = Buffer.from(content)
  const header = Buffer.alloc(512)
  const put = (s: string, off: number, len: number) => header.write(s, off, len, 'ascii')
  put(name, 0, 100)
  put('0000444\0', 100, 8)
  put('0000000\0', 108, 8)
  put('0000000\0', 116, 8)
  put(`${body.length.toString(8).padStart(11, '0')}\0`, 124, 12)
  put(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    12,
  )
  put('        ', 148, 8)
  put('0', 156, 1)
  put('ustar\0', 257, 6)
  put('00', 263, 2)
  let sum = 0
  for (const b of header) sum += b
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8)
  const pad = Buffer.alloc((512 - (body.length % 512)) % 512)
  return Buffer.concat([header, body, pad, Buffer.alloc(1024)])
}
