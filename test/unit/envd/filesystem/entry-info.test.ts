// EntryInfo (contract 4.4): Go FileMode permission strings, and readEntryInfo on real files.
import { constants } from 'node:fs'
import { chmod, lstat, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setAttribute } from '@napi-rs/xattr'
import { describe, expect, it, onTestFinished } from 'vitest'
import { goPermissions, readEntryInfo } from '../../../../src/envd/filesystem/entry-info.js'
import { loadUserDb, parseUserDb } from '../../../../src/envd/identity/users.js'
import { FileType } from '../../../../src/gen/filesystem/filesystem_pb.js'

type Kind = 'file' | 'dir' | 'symlink' | 'fifo' | 'socket' | 'block' | 'char'
const TYPE_BITS: Record<Kind, number> = {
  file: constants.S_IFREG,
  dir: constants.S_IFDIR,
  symlink: constants.S_IFLNK,
  fifo: constants.S_IFIFO,
  socket: constants.S_IFSOCK,
  block: constants.S_IFBLK,
  char: constants.S_IFCHR,
}

/** A Stats-like object as lstat would return it for `kind` with permission/special bits `perm`. */
function fakeStat(kind: Kind, perm: number) {
  const mode = TYPE_BITS[kind] | perm
  const is = (k: Kind) => () => (mode & constants.S_IFMT) === TYPE_BITS[k]
  return {
    mode,
    isFile: is('file'),
    isDirectory: is('dir'),
    isSymbolicLink: is('symlink'),
    isFIFO: is('fifo'),
    isSocket: is('socket'),
    isBlockDevice: is('block'),
    isCharacterDevice: is('char'),
  }
}

describe('goPermissions', () => {
  // Go's FileMode.String(): type/special letters from "dalTLDpSugct?" in front of nine rwx chars.
  it.each<[string, Kind, number, string]>([
    ['a 0644 file', 'file', 0o644, '-rw-r--r--'],
    ['a 0600 file', 'file', 0o600, '-rw-------'],
    ['a 0000 file', 'file', 0o000, '----------'],
    ['a 0755 directory', 'dir', 0o755, 'drwxr-xr-x'],
    ['a symlink (L, not l)', 'symlink', 0o777, 'Lrwxrwxrwx'],
    ['a setuid file', 'file', 0o4755, 'urwxr-xr-x'],
    ['a setgid file', 'file', 0o2755, 'grwxr-xr-x'],
    ['a setuid+setgid file', 'file', 0o6755, 'ugrwxr-xr-x'],
    // Go keeps the x bits and prefixes 't'; it never writes ls-style 's'/'t' into the rwx part.
    ['a sticky directory', 'dir', 0o1777, 'dtrwxrwxrwx'],
    ['a setgid directory', 'dir', 0o2775, 'dgrwxrwxr-x'],
    ['a fifo', 'fifo', 0o644, 'prw-r--r--'],
    ['a socket', 'socket', 0o755, 'Srwxr-xr-x'],
    ['a block device', 'block', 0o660, 'Drw-rw----'],
    ['a character device', 'char', 0o666, 'Dcrw-rw-rw-'],
  ])('formats %s as %s', (_name, kind, perm, expected) => {
    expect(goPermissions(fakeStat(kind, perm))).toBe(expected)
  })

  it('formats real lstat results the same way', async () => {
    expect(goPermissions(await lstat('/dev/null'))).toBe('Dcrw-rw-rw-')
  })
})

async function tempDir(): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'entry-info-')))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}

describe('readEntryInfo', () => {
  it('describes a regular file from lstat: name, path, size, mode bits, owner names', async () => {
    const dir = await tempDir()
    const file = join(dir, 'notes.txt')
    await writeFile(file, 'hello world')
    await chmod(file, 0o640)
    const st = await lstat(file)
    const db = await loadUserDb()
    const entry = await readEntryInfo(file, db)
    expect(entry).toMatchObject({
      name: 'notes.txt',
      path: file,
      type: FileType.FILE,
      size: 11n,
      mode: 0o640,
      permissions: '-rw-r-----',
      owner: db.userNames.get(st.uid) ?? String(st.uid),
      group: db.groupNames.get(st.gid) ?? String(st.gid),
      metadata: {},
    })
    expect(entry.symlinkTarget).toBeUndefined()
    expect(Number(entry.modifiedTime?.seconds)).toBe(Math.floor(st.mtimeMs / 1000))
  })

  it.each([
    [0o755, 'drwxr-xr-x'],
    [0o700, 'drwx------'],
    [0o1777, 'dtrwxrwxrwx'],
  ])('describes a directory with mode %o as %s, mode holding only the 0o777 bits', async (perm, permissions) => {
    const dir = await tempDir()
    const sub = join(dir, 'sub')
    await mkdir(sub)
    await chmod(sub, perm)
    const entry = await readEntryInfo(sub, await loadUserDb())
    expect(entry).toMatchObject({ name: 'sub', type: FileType.DIRECTORY, mode: perm & 0o777, permissions })
  })

  it('falls back to numeric owner and group when the ids have no names', async () => {
    const dir = await tempDir()
    const file = join(dir, 'f')
    await writeFile(file, '')
    const st = await lstat(file)
    const entry = await readEntryInfo(file, parseUserDb('', ''))
    expect(entry.owner).toBe(String(st.uid))
    expect(entry.group).toBe(String(st.gid))
  })

  it.each([
    ['a file', 'target.txt', FileType.FILE],
    ['a directory', 'target-dir', FileType.DIRECTORY],
  ])(
    'reports a symlink to %s with the target type, its own path and the resolved target',
    async (_name, targetName, type) => {
      const dir = await tempDir()
      await writeFile(join(dir, 'target.txt'), 'abc')
      await mkdir(join(dir, 'target-dir'))
      const link = join(dir, 'link')
      await symlink(targetName, link)
      const entry = await readEntryInfo(link, await loadUserDb())
      expect(entry).toMatchObject({ name: 'link', path: link, type, mode: 0o777, permissions: 'Lrwxrwxrwx' })
      expect(entry.symlinkTarget).toBe(await realpath(join(dir, targetName)))
    },
  )

  it('resolves a chain of symlinks to the final target', async () => {
    const dir = await tempDir()
    await mkdir(join(dir, 'real'))
    await writeFile(join(dir, 'real', 'file'), 'x')
    await symlink(join(dir, 'real'), join(dir, 'dirlink'))
    await symlink('dirlink/file', join(dir, 'hop1'))
    await symlink('hop1', join(dir, 'hop2'))
    const entry = await readEntryInfo(join(dir, 'hop2'), await loadUserDb())
    expect(entry.type).toBe(FileType.FILE)
    expect(entry.path).toBe(join(dir, 'hop2'))
    expect(entry.symlinkTarget).toBe(join(dir, 'real', 'file'))
  })

  it.each([
    ['a broken symlink', async (dir: string) => symlink(join(dir, 'missing'), join(dir, 'link'))],
    [
      'a cyclic symlink',
      async (dir: string) => {
        await symlink(join(dir, 'other'), join(dir, 'link'))
        await symlink(join(dir, 'link'), join(dir, 'other'))
      },
    ],
  ])('reports %s as FILE_TYPE_UNSPECIFIED without a target', async (_name, make) => {
    const dir = await tempDir()
    await make(dir)
    const entry = await readEntryInfo(join(dir, 'link'), await loadUserDb())
    expect(entry.type).toBe(FileType.UNSPECIFIED)
    expect(entry.symlinkTarget).toBeUndefined()
    expect(entry.permissions).toBe('Lrwxrwxrwx')
  })

  it('reads user.e2b.* extended attributes as metadata, prefix stripped, others ignored', async () => {
    const dir = await tempDir()
    const file = join(dir, 'meta.txt')
    await writeFile(file, 'm')
    await setAttribute(file, 'user.e2b.owner-team', 'infra')
    await setAttribute(file, 'user.e2b.k', 'v')
    await setAttribute(file, 'user.other', 'ignored')
    const entry = await readEntryInfo(file, await loadUserDb())
    expect(entry.metadata).toEqual({ 'owner-team': 'infra', k: 'v' })
  })

  it('rejects with the raw ENOENT error for a missing path', async () => {
    const dir = await tempDir()
    await expect(readEntryInfo(join(dir, 'nope'), await loadUserDb())).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
