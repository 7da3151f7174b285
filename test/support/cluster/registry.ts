// An image registry for the cluster tests: docker/registry.Dockerfile (Debian's docker-registry)
// as a container on the cluster network, next to the nodes, with its storage on a volume. The
// nodes reach it by a network alias and list it under insecure-registries (plain HTTP).
import { docker, waitFor } from './docker-cli.js'
import type { HostResources } from './resources.js'

export type TestRegistry = Readonly<{
  /** `alias:5000`: the host part of image references the nodes push and pull. */
  address: string
  /** The registry container's name on the host engine. */
  container: string
}>

/** Starts the registry and waits until `GET /v2/` answers 200 (reached from the host). */
export async function startRegistry(res: HostResources, opts: { image: string; network: string; prefix: string; alias?: string }): Promise<TestRegistry> {
  const alias = opts.alias ?? 'registry'
  const container = `${opts.prefix}-registry`
  const volume = await res.createVolume(`${container}-data`)
  await res.run(container, ['--network', opts.network, '--network-alias', alias, '-v', `${volume}:/var/lib/docker-registry`, opts.image])
  const ip = await docker(['inspect', '-f', `{{(index .NetworkSettings.Networks "${opts.network}").IPAddress}}`, container])
  await waitFor('the registry', async () => ((await fetch(`http://${ip}:5000/v2/`)).status === 200 ? true : undefined), 30_000)
  return { address: `${alias}:5000`, container }
}
