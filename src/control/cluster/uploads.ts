// Template uploads in a cluster: the SDK uploads to whichever control replica it reached, and the
// build runs on some node, so each upload is also kept in PostgreSQL (template_files). Control
// checks uploads there; the building node writes the ones its steps need into its own files dir.
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Step } from '../../node/builds/steps.js'
import type { Uploads } from '../templates/uploads.js'
import { blobQuery, type Db } from './pg.js'

/** Control's uploads: received here as before, then stored in PostgreSQL; present if either has them. */
export function sharedUploads(db: Db, local: Uploads): Uploads {
  const inDb = async (hash: string) =>
    (await db.query('SELECT 1 FROM template_files WHERE hash = $1', [hash])).rows.length > 0
  return {
    ...local,
    has: async (hash: string) => (await local.has(hash)) || inDb(hash),
    async receive(hash: string, expires: number, token: string, contentLength: number | undefined, body: Readable) {
      await local.receive(hash, expires, token, contentLength, body)
      await db.query(
        blobQuery(
          'INSERT INTO template_files (hash, data) VALUES ($1, $2) ON CONFLICT (hash) DO UPDATE SET data = excluded.data',
          [hash, await readFile(local.fileOf(hash))],
        ),
      )
    },
  }
}

/** On the building node: writes the uploads a build's COPY steps need into `filesDir` (as `<hash>.tar`) unless there. */
export async function fetchUploads(db: Db, filesDir: string, steps: readonly Step[]): Promise<void> {
  for (const hash of new Set(steps.flatMap((s) => (s.filesHash ? [s.filesHash] : [])))) {
    const file = join(filesDir, `${hash}.tar`)
    if (
      await access(file).then(
        () => true,
        () => false,
      )
    )
      continue
    const { rows } = await db.query(blobQuery('SELECT data FROM template_files WHERE hash = $1', [hash]))
    if (!rows[0]) continue // the build's COPY step reports the missing files
    await mkdir(filesDir, { recursive: true, mode: 0o700 })
    const tmp = join(filesDir, `.${hash}.${randomBytes(6).toString('hex')}.part`)
    await writeFile(tmp, rows[0].data as Buffer, { mode: 0o600 })
    await rename(tmp, file)
  }
}
