// ListDir over Connect: depth, symlinked root, no symlink following below it (contract 4.5).
import { Code } from '@connectrpc/connect'
import { describe, expect, it, onTestFinished } from 'vitest'
import { FileType } from '../../../../src/gen/filesystem/filesystem_pb.js'
import { rpcError, startEnvd, type InProcessEnvd } from '../../../support/envd-inprocess.js'

async function envdWithTree(): Promise<InProcessEnvd> {
  const e = await startEnvd()
  onTestFinished(() => e.close())
  await e.seed({
    'tree/a.txt': 'a',
    'tree/sub1/b.txt': 'b',
    'tree/sub1/deep/c.txt': 'c',
    'tree/sub2/': null,
    // Below the root: reported (with the target's type) but never walked into.
    'tree/link-to-sub1': { symlink: 'sub1' },
    'tree-link': { symlink: 'tree' },
    'outside/secret.txt': 's',
    'tree/link-outside': { symlink: '../outside' },
  })
  return e
}

const DEPTH1 = ['a.txt', 'link-outside', 'link-to-sub1', 'sub1', 'sub2']
const DEPTH2 = [...DEPTH1, 'sub1/b.txt', 'sub1/deep']
const DEPTH3 = [...DEPTH2, 'sub1/deep/c.txt']

async function listed(e: InProcessEnvd, dir: string, depth: number): Promise<string[]> {
  const { entries } = await e.filesystem.listDir({ path: e.path(dir), depth })
  const prefix = e.path(dir) + '/'
  return entries
    .map((x) => {
      expect(x.path.startsWith(prefix)).toBe(true)
      return x.path.slice(prefix.length)
    })
    .sort()
}

describe('ListDir', () => {
  it.each([
    [0, DEPTH1],
    [1, DEPTH1],
    [2, DEPTH2],
    [3, DEPTH3],
    [10, DEPTH3],
  ])('with depth %i lists entries down to that level, excluding the root', async (depth, expected) => {
    const e = await envdWithTree()
    expect(await listed(e, 'tree', depth)).toEqual([...expected].sort())
  })

  it('returns entries in upstream order: each directory sorted by name, walked depth-first', async () => {
    // Go's filepath.WalkDir (upstream): names byte-sorted per directory, a directory's children
    // right after it. Created in reverse so directory-read order cannot pass by luck.
    const e = await startEnvd()
    onTestFinished(() => e.close())
    for (const rel of [
      'w/subdir2/',
      'w/subdir1/b',
      'w/subdir1/a',
      'w/file1.txt',
      'w/a-b',
      'w/a/x',
      'w/B',
      'w/é',
      'w/z',
    ])
      await e.seed({ [rel]: rel.endsWith('/') ? null : 'x' })
    const { entries } = await e.filesystem.listDir({ path: e.path('w'), depth: 2 })
    const prefix = e.path('w') + '/'
    expect(entries.map((x) => x.path.slice(prefix.length))).toEqual([
      'B',
      'a',
      'a/x',
      'a-b',
      'file1.txt',
      'subdir1',
      'subdir1/a',
      'subdir1/b',
      'subdir2',
      'z',
      'é',
    ])
  })

  it('follows a symlinked root and rebases every path on the requested path', async () => {
    const e = await envdWithTree()
    expect(await listed(e, 'tree-link', 3)).toEqual([...DEPTH3].sort())
  })

  it('reports symlinks below the root with their target type without walking into them', async () => {
    const e = await envdWithTree()
    const { entries } = await e.filesystem.listDir({ path: e.path('tree'), depth: 5 })
    const link = entries.find((x) => x.name === 'link-to-sub1')
    expect(link).toMatchObject({
      type: FileType.DIRECTORY,
      permissions: 'Lrwxrwxrwx',
      symlinkTarget: e.path('tree', 'sub1'),
    })
    expect(entries.some((x) => x.path.includes('link-to-sub1/'))).toBe(false)
    expect(entries.some((x) => x.path.includes('link-outside/') || x.name === 'secret.txt')).toBe(false)
  })

  it('sets name, type and path for each entry', async () => {
    const e = await envdWithTree()
    const { entries } = await e.filesystem.listDir({ path: e.path('tree'), depth: 2 })
    expect(entries.find((x) => x.path === e.path('tree', 'sub1', 'b.txt'))).toMatchObject({
      name: 'b.txt',
      type: FileType.FILE,
      size: 1n,
    })
    expect(entries.find((x) => x.path === e.path('tree', 'sub1'))).toMatchObject({
      name: 'sub1',
      type: FileType.DIRECTORY,
    })
  })

  it('returns invalid_argument for a file', async () => {
    const e = await envdWithTree()
    const err = await rpcError(e.filesystem.listDir({ path: e.path('tree', 'a.txt'), depth: 1 }))
    expect(err.code).toBe(Code.InvalidArgument)
    expect(err.rawMessage).toContain('path is not a directory')
  })

  it('returns not_found for a missing directory', async () => {
    const e = await envdWithTree()
    const err = await rpcError(e.filesystem.listDir({ path: e.path('nope'), depth: 1 }))
    expect(err.code).toBe(Code.NotFound)
  })

  it('returns failed_precondition for a symlink loop as the root', async () => {
    const e = await envdWithTree()
    await e.seed({ loop1: { symlink: 'loop2' }, loop2: { symlink: 'loop1' } })
    const err = await rpcError(e.filesystem.listDir({ path: e.path('loop1'), depth: 1 }))
    expect(err.code).toBe(Code.FailedPrecondition)
  })

  it('returns an empty list for an empty directory', async () => {
    const e = await envdWithTree()
    const { entries } = await e.filesystem.listDir({ path: e.path('tree', 'sub2'), depth: 3 })
    expect(entries).toEqual([])
  })
})
