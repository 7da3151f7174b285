// Writes one uploaded file whole or not at all: stream to a temp file beside the target, set
// owner, mode and metadata, then rename over the target. A failure removes the temp file, so a
// truncated upload never replaces (or poses as) the real file.
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { chown, lstat, realpath, rename, rm, stat, chmod } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setAttribute } from '@napi-rs/xattr'
import { InvalidArgumentError } from '../../shared/errors.js'
import { ensureDirs } from '../identity/paths.js'
import type { User } from '../identity/users.js'
import { METADATA_PREFIX } from './entry-info.js'
import { fromFsError, isErrno } from './fs-errors.js'
import { UPLOAD_TEMP_PREFIX } from './fs-watcher.js'
import { announceNewDirs, type OwnChanges } from './own-changes.js'
import { EventType } from '../../gen/filesystem/filesystem_pb.js'

export type WrittenFile = { name: string; type: 'file'; path: string; metadata?: Record<string, string> }

/** Where bytes for `path` go: through a symlink to an existing file, else the path itself. */
async function writeTarget(path: string): Promise<{ target: string; existingMode?: number; exists: boolean }> {
  const st = await lstat(path).catch((e) => (isErrno(e, 'ENOENT') ? undefined : Promise.reject(e)))
  if (!st) return { target: path, exists: false }
  const target = st.isSymbolicLink() ? await realpath(path).catch(() => path) : path
  const tst = target === path ? st : await stat(target).catch(() => undefined)
  if (tst?.isDirectory()) throw new InvalidArgumentError(`path '${path}' is a directory`)
  return { target, existingMode: tst?.isFile() ? tst.mode & 0o7777 : undefined, exists: tst !== undefined }
}

/**
 * Streams `body` into `path` for `user`: parents created (0755, owned by the user), the file
 * owned by the user with 0666 & ~umask (an existing file keeps its mode), metadata replaced.
 * Throws invalid_argument for a directory target, a 507 error on ENOSPC, internal otherwise.
 */
export async function writeFileAtomic(
  path: string,
  body: Readable,
  user: User,
  metadata: Record<string, string>,
  own: OwnChanges,
): Promise<WrittenFile> {
  let temp: string | undefined
  let announced: string | undefined
  try {
    const { target, existingMode, exists } = await writeTarget(path)
    await ensureDirs(dirname(target), user, (dirs) => announceNewDirs(own, dirs))
    temp = join(dirname(target), `${UPLOAD_TEMP_PREFIX}${randomBytes(6).toString('hex')}`)
    // A deep write buffer lets the stream batch socket-sized chunks into few writev(2) calls.
    await pipeline(body, createWriteStream(temp, { flags: 'wx', mode: 0o666, highWaterMark: 4 << 20 }))
    await chown(temp, user.uid, user.gid)
    if (existingMode !== undefined) await chmod(temp, existingMode)
    // compat: each upload replaces the file's metadata; without X-Metadata-* it ends up empty.
    for (const [k, v] of Object.entries(metadata)) await setAttribute(temp, METADATA_PREFIX + k, v)
    // compat: watchers report this rename as upstream's in-place write: a new file is created,
    // chowned and written (CREATE, CHMOD, WRITE; no WRITE when empty), an existing one chowned,
    // then truncated and written (CHMOD, WRITE).
    const { ino, size } = await stat(temp)
    const ops = exists
      ? [EventType.CHMOD, EventType.WRITE]
      : size > 0
        ? [EventType.CREATE, EventType.CHMOD, EventType.WRITE]
        : [EventType.CREATE, EventType.CHMOD]
    own.announce(target, { kind: 'appears', ops, ino })
    announced = target
    await rename(temp, target)
    temp = undefined
    announced = undefined
    const meta = Object.keys(metadata).length > 0 ? { metadata } : {}
    return { name: basename(path), type: 'file', path, ...meta }
  } catch (e) {
    body.resume()
    throw fromFsError(e, path)
  } finally {
    if (announced) own.withdraw(announced)
    if (temp) await rm(temp, { force: true }).catch(() => undefined)
  }
}
