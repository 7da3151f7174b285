// The check that SANDOCK_VOLUMES_DIR is the cluster's shared directory here too, not a local one
// that merely has its path (a node where the shared filesystem is not mounted would otherwise give
// its sandboxes an empty local copy of every volume, silently). The first process of the cluster
// to use it draws a random marker, stores it in PostgreSQL and writes it to <dir>/.sandock-volumes;
// every other process must find that file with that content, or it refuses to start.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Db } from './pg.js'

export const MARKER_FILE = '.sandock-volumes'
const SETTING = 'volumes_dir_marker'
/** How long a process waits for the first one to write the marker (they may start together). */
const MARKER_WAIT_MS = 20_000

export class SharedVolumesDirError extends Error {}

/** Resolves when `dir` holds the cluster's marker (writing it when this process drew it); throws SharedVolumesDirError otherwise. */
export async function checkSharedVolumesDir(db: Db, dir: string, waitMs = MARKER_WAIT_MS): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const drawn = randomBytes(16).toString('hex')
  // Insert-only (a node's role may not update settings); a lost race reads the winner's, committed.
  const { rows } = await db.query(
    'INSERT INTO cluster_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING value',
    [SETTING, drawn],
  )
  const marker =
    (rows[0] as { value: string } | undefined)?.value ??
    ((await db.query('SELECT value FROM cluster_settings WHERE key = $1', [SETTING])).rows[0] as { value: string })
      .value
  const file = join(dir, MARKER_FILE)
  if (marker === drawn) {
    // A new database over a directory an earlier cluster used: this cluster takes it over.
    await writeFile(file, `${marker}\n`, { mode: 0o644 })
    return
  }
  const deadline = Date.now() + waitMs
  for (;;) {
    const found = await readFile(file, 'utf8').then(
      (t) => t.trim(),
      () => undefined,
    )
    if (found === marker) return
    if (found !== undefined || Date.now() >= deadline)
      throw new SharedVolumesDirError(
        `SANDOCK_VOLUMES_DIR (${dir}) is not the cluster's shared volumes directory: ${found === undefined ? `${MARKER_FILE} is missing` : `${MARKER_FILE} holds another cluster's marker`}. Mount the same shared filesystem at this path on every node and control replica (docs/cluster.md, "Volumes")`,
      )
    await new Promise((r) => setTimeout(r, 500))
  }
}
