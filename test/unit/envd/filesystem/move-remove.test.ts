// Move (creates destination parents, overwrites) and Remove (rm -rf, idempotent), contract 4.5.
import { access, readFile, stat } from 'node:fs/promises'
import { Code } from '@connectrpc/connect'
import { describe, expect, it, onTestFinished } from 'vitest'
import { FileType } from '../../../../src/gen/filesystem/filesystem_pb.js'
import { rpcError, startEnvd } from '../../../support/envd-inprocess.js'

async function envd() {
  const e = await startEnvd()
  onTestFinished(() => e.close())
  return e
}

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  )

describe('Move', () => {
  it("creates the destination's missing parents (0755) and returns the destination's entry", async () => {
    const e = await envd()
    await e.seed({ 'src.txt': 'payload' })
    const dest = e.path('new', 'parents', 'dest.txt')
    const { entry } = await e.filesystem.move({ source: e.path('src.txt'), destination: dest })
    expect(entry).toMatchObject({ name: 'dest.txt', path: dest, type: FileType.FILE, size: 7n })
    expect(await readFile(dest, 'utf8')).toBe('payload')
    expect(await exists(e.path('src.txt'))).toBe(false)
    expect((await stat(e.path('new'))).mode & 0o777).toBe(0o755)
  })

  it('moves a directory with its contents', async () => {
    const e = await envd()
    await e.seed({ 'dir/inner/f.txt': 'f' })
    const { entry } = await e.filesystem.move({ source: e.path('dir'), destination: e.path('moved') })
    expect(entry?.type).toBe(FileType.DIRECTORY)
    expect(await readFile(e.path('moved', 'inner', 'f.txt'), 'utf8')).toBe('f')
  })

  it('overwrites an existing destination file', async () => {
    const e = await envd()
    await e.seed({ 'a.txt': 'new', 'b.txt': 'old' })
    await e.filesystem.move({ source: e.path('a.txt'), destination: e.path('b.txt') })
    expect(await readFile(e.path('b.txt'), 'utf8')).toBe('new')
  })

  it('returns not_found for a missing source', async () => {
    const e = await envd()
    const err = await rpcError(e.filesystem.move({ source: e.path('missing'), destination: e.path('x') }))
    expect(err.code).toBe(Code.NotFound)
    expect(await exists(e.path('x'))).toBe(false)
  })
})

describe('Remove', () => {
  it('removes a directory tree recursively', async () => {
    const e = await envd()
    await e.seed({ 'gone/a/b/c.txt': 'c', 'gone/d.txt': 'd', 'kept.txt': 'k' })
    await e.filesystem.remove({ path: e.path('gone') })
    expect(await exists(e.path('gone'))).toBe(false)
    expect(await exists(e.path('kept.txt'))).toBe(true)
  })

  it('removes a symlink, not its target', async () => {
    const e = await envd()
    await e.seed({ 'target/f.txt': 'f', link: { symlink: 'target' } })
    await e.filesystem.remove({ path: e.path('link') })
    expect(await exists(e.path('link'))).toBe(false)
    expect(await readFile(e.path('target', 'f.txt'), 'utf8')).toBe('f')
  })

  it('succeeds for a missing path, and when called twice', async () => {
    const e = await envd()
    await e.seed({ 'once.txt': '1' })
    await expect(e.filesystem.remove({ path: e.path('never-existed') })).resolves.toBeDefined()
    await e.filesystem.remove({ path: e.path('once.txt') })
    await expect(e.filesystem.remove({ path: e.path('once.txt') })).resolves.toBeDefined()
    expect(await exists(e.path('once.txt'))).toBe(false)
  })
})
