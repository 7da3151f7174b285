// EntryInfo exactly as contract 4.4 builds it: lstat-based, Go FileMode permissions, xattr metadata.
import type { Stats } from 'node:fs'
import { lstat, realpath, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { getAttribute, listAttributes } from '@napi-rs/xattr'
import { create } from '@bufbuild/protobuf'
import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import { EntryInfoSchema, FileType, type EntryInfo } from '../../gen/filesystem/filesystem_pb.js'
import type { UserDb } from '../identity/users.js'

export const METADATA_PREFIX = 'user.e2b.'

// Go's os.FileMode.String(): type letters in the order "dalTLDpSugct?", then rwx bits.
export function goPermissions(
  st: Pick<Stats, 'mode'> & {
    isSymbolicLink(): boolean
    isDirectory(): boolean
    isFIFO(): boolean
    isSocket(): boolean
    isBlockDevice(): boolean
    isCharacterDevice(): boolean
  },
): string {
  let prefix = ''
  if (st.isDirectory()) prefix += 'd'
  if (st.isSymbolicLink()) prefix += 'L'
  if (st.isBlockDevice() || st.isCharacterDevice()) prefix += 'D'
  if (st.isFIFO()) prefix += 'p'
  if (st.isSocket()) prefix += 'S'
  if (st.mode & 0o4000) prefix += 'u'
  if (st.mode & 0o2000) prefix += 'g'
  if (st.isCharacterDevice()) prefix += 'c'
  if (st.mode & 0o1000) prefix += 't'
  const rwx = 'rwxrwxrwx'
  let bits = ''
  for (let i = 0; i < 9; i++) bits += st.mode & (1 << (8 - i)) ? rwx[i] : '-'
  return (prefix || '-') + bits
}

/** Reads the user.e2b.* extended attributes of a path; filesystems without xattrs give {}. */
export async function readMetadata(path: string): Promise<Record<string, string>> {
  const names = await listAttributes(path).catch(() => [] as string[])
  const out: Record<string, string> = {}
  for (const name of names) {
    if (!name.startsWith(METADATA_PREFIX)) continue
    const value = await getAttribute(path, name).catch(() => null)
    if (value) out[name.slice(METADATA_PREFIX.length)] = value.toString('utf8')
  }
  return out
}

async function targetType(path: string): Promise<{ type: FileType; target?: string }> {
  try {
    const [st, target] = await Promise.all([stat(path), realpath(path)])
    return { type: st.isDirectory() ? FileType.DIRECTORY : st.isFile() ? FileType.FILE : FileType.UNSPECIFIED, target }
  } catch {
    // compat: a broken or cyclic link has type UNSPECIFIED (the SDK drops it from list()).
    return { type: FileType.UNSPECIFIED }
  }
}

/** EntryInfo from an lstat result; `path` is reported as given (symlinks not followed). */
export async function entryFromStats(path: string, st: Stats, db: UserDb): Promise<EntryInfo> {
  let type = st.isDirectory() ? FileType.DIRECTORY : st.isFile() ? FileType.FILE : FileType.UNSPECIFIED
  let symlinkTarget: string | undefined
  if (st.isSymbolicLink()) {
    // compat: a symlink reports its final target's type and the fully resolved target path.
    const t = await targetType(path)
    type = t.type
    symlinkTarget = t.target
  }
  return create(EntryInfoSchema, {
    name: basename(path) || '/',
    type,
    path,
    size: BigInt(st.size),
    mode: st.isSymbolicLink() ? 0o777 : st.mode & 0o777,
    permissions: goPermissions(st),
    owner: db.userNames.get(st.uid) ?? String(st.uid),
    group: db.groupNames.get(st.gid) ?? String(st.gid),
    modifiedTime: timestampFromDate(st.mtime),
    symlinkTarget,
    metadata: st.isSymbolicLink() ? {} : await readMetadata(path),
  })
}

/** lstat + EntryInfo for one path; rejects with the raw fs error (callers map it). */
export async function readEntryInfo(path: string, db: UserDb): Promise<EntryInfo> {
  return entryFromStats(path, await lstat(path), db)
}
