// A node agent's way to the cluster registry: its credentials (a Swarm secret) and `ensureImage`,
// which pulls an image that names a registry when this node lacks it, one pull per image at a time
// (concurrent creates of a new template wait for the same pull).
import type { Logger } from 'pino'
import type { ClusterConfig } from '../control/cluster/config.js'
import { readRegistryAuth, type RegistryAuth } from '../control/cluster/secret-file.js'
import type { BuildRuntime, SandboxRuntime } from '../node/runtime/types.js'

/** An image reference that names a registry (`host:port/…` or `host.domain/…`): one a node can pull. */
const fromRegistry = (image: string) => /^[^/]+[.:][^/]*\//.test(image)

export type NodeImages = Readonly<{
  registryAuth: RegistryAuth | undefined
  ensureImage(image: string): Promise<void>
}>

export async function nodeImages(
  cluster: Pick<ClusterConfig, 'registry' | 'registryAuthFile'>,
  runtime: Pick<SandboxRuntime, 'imageExists'> & Pick<BuildRuntime, 'pull'>,
  log: Logger,
): Promise<NodeImages> {
  // The registry requires credentials (docker/registry-entrypoint.sh): Sandock's own pulls and pushes
  // carry them; a user's `fromImage` never does (it brings its own, or none).
  const registryAuth =
    cluster.registry && cluster.registryAuthFile
      ? await readRegistryAuth(cluster.registryAuthFile, cluster.registry)
      : undefined
  if (cluster.registry && !registryAuth)
    log.warn(
      { registry: cluster.registry },
      'no SANDOCK_REGISTRY_AUTH_FILE: pushing to and pulling from the cluster registry without credentials',
    )
  const pulls = new Map<string, Promise<void>>()
  const ensureImage = async (image: string): Promise<void> => {
    if (!fromRegistry(image) || (await runtime.imageExists(image))) return
    let p = pulls.get(image)
    if (p === undefined) {
      const t0 = Date.now()
      p = runtime
        .pull(image, image.startsWith(`${cluster.registry}/`) ? registryAuth : undefined, () => undefined)
        .then(() => log.info({ image, ms: Date.now() - t0 }, 'image pulled from the cluster registry'))
        .finally(() => pulls.delete(image))
      pulls.set(image, p)
    }
    await p
  }
  return { registryAuth, ensureImage }
}
