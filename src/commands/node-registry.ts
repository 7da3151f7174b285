// What a node agent does through the cluster registry: a template build's image pushed (others
// pull it), and paused sandboxes moved between nodes (a drain: control/cluster/drain.ts).
import type { Logger } from 'pino'
import type { BuildJob, BuildLog } from '../node/builds/build-types.js'
import type { LocalNode } from '../node/local-node.js'
import { pushOrDiscard } from '../node/runtime/images.js'
import type { BuildRuntime } from '../node/runtime/types.js'
import type { NodeMover } from '../node/sandboxes/move.js'
import { fetchUploads } from '../control/cluster/uploads.js'
import type { Db } from '../control/cluster/pg.js'

/** Paused sandboxes move between nodes through the registry (a drain: control/cluster/drain.ts); none without one. */
export function clusterMover(
  registry: string,
  runtime: Parameters<typeof pushOrDiscard>[0],
  auth: Parameters<typeof pushOrDiscard>[2],
  pull: (image: string) => Promise<void>,
): NodeMover | undefined {
  if (!registry) return undefined
  return {
    // One tag per move: a node that had an older move's image never starts from it again.
    imageOf: (sandboxId) => `${registry}/sandock/moved:${sandboxId}-${Date.now().toString(36)}`,
    push: (image) => pushOrDiscard(runtime, image, auth, [image]),
    pull,
  }
}

/** A build here: its uploads and parent fetched first, its image pushed after (others pull it). */
export function clusterBuild(d: {
  db: Db
  filesDir: string
  ensureImage: (image: string) => Promise<void>
  local: Pick<LocalNode, 'build'>
  registry: string
  runtime: Parameters<typeof pushOrDiscard>[0] & Pick<BuildRuntime, 'tag'>
  registryAuth: Parameters<typeof pushOrDiscard>[2]
  log: Logger
}) {
  return async (job: BuildJob, out: { log: BuildLog; signal: AbortSignal }) => {
    await fetchUploads(d.db, d.filesDir, job.steps)
    if (job.fromTemplate) await d.ensureImage(job.fromTemplate.image)
    const result = await d.local.build(job, out)
    if (!d.registry) return result
    const ref = `${d.registry}/${result.image}`
    await d.runtime.tag(result.image, ref)
    out.log('info', 'finalize', `Pushing ${ref} to the cluster registry`)
    const t0 = Date.now()
    // A template other nodes cannot pull is a failed build: its image goes with the push.
    await pushOrDiscard(d.runtime, ref, d.registryAuth, [ref, result.image])
    d.log.info({ image: ref, ms: Date.now() - t0 }, 'template image pushed')
    return { ...result, image: ref }
  }
}
