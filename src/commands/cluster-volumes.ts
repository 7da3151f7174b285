// User volumes on a cluster, as `sandock control` and `sandock node` start them: both check that
// SANDOCK_VOLUMES_DIR is the cluster's shared directory (a marker in PostgreSQL); a control replica
// serves the volume routes from the PostgreSQL store, a node agent fences the directory and looks
// up a create's volumeMounts. Without the directory neither has volumes (404, and a volumeMounts 400).
import type { Logger } from 'pino'
import type { ClusterConfig } from '../control/cluster/config.js'
import { createClusterVolumes, type ClusterVolumes } from '../control/cluster/cluster-volumes.js'
import type { Db } from '../control/cluster/pg.js'
import { PgVolumeStore } from '../control/cluster/pg-volume-store.js'
import type { tokensFromSeed } from '../control/server-keys.js'
import { checkSharedVolumesDir } from '../control/cluster/shared-volumes-dir.js'
import { createVolumeTokens, VOLUME_TOKENS_KEY_PURPOSE } from '../control/volumes/volume-tokens.js'
import type { VolumeRuntime } from '../node/runtime/types.js'
import { fenceVolumesDir } from '../node/volumes/volumes-dir.js'

/** A control replica's volume store and tokens (tokens from the shared seed: any replica verifies another's), or none. */
export async function controlVolumes(
  cluster: Pick<ClusterConfig, 'sharedVolumesDir'>,
  db: Db,
  secrets: Pick<ReturnType<typeof tokensFromSeed>, 'deriveKey'>,
  log: Logger,
) {
  if (!cluster.sharedVolumesDir) return {}
  await checkSharedVolumesDir(db, cluster.sharedVolumesDir)
  const volumes = new PgVolumeStore(db, cluster.sharedVolumesDir, log)
  await volumes.start()
  return { volumes, volumeTokens: createVolumeTokens(secrets.deriveKey(VOLUME_TOKENS_KEY_PURPOSE)) }
}

export type NodeVolumes = { volumes: ClusterVolumes | undefined; close(): Promise<void> }

/** A node agent's volumes, or none; `close` stops the sweep and releases the directory's bind. */
export async function nodeVolumes(
  cluster: Pick<ClusterConfig, 'sharedVolumesDir' | 'hostProc' | 'nodeId'>,
  db: Db,
  runtime: VolumeRuntime,
  log: Logger,
): Promise<NodeVolumes> {
  const dir = cluster.sharedVolumesDir
  if (!dir) return { volumes: undefined, close: async () => undefined }
  // 0700, and nosuid,nodev where this node's dockerd sees it (entered through the host's /proc),
  // as `sandock serve` does with its own: sandboxes' mounts of it inherit the flags.
  const fenced = await fenceVolumesDir(dir, log, { procRoot: cluster.hostProc })
  // Not the shared directory: the start fails, and the bind this start made goes with it.
  await checkSharedVolumesDir(db, dir).catch(async (e: unknown) => {
    await fenced.release()
    throw e
  })
  const volumes = createClusterVolumes({ db, runtime, nodeId: cluster.nodeId, volumesDir: dir, log })
  return {
    volumes,
    async close() {
      volumes.close()
      await fenced.release()
    },
  }
}
