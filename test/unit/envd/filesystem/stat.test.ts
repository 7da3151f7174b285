// Stat over Connect against the in-process envd (contract 4.3, 4.4, 4.5).
import { lstat } from 'node:fs/promises'
import { userInfo } from 'node:os'
import { Code } from '@connectrpc/connect'
import { describe, expect, it, onTestFinished } from 'vitest'
import { FileType } from '../../../../src/gen/filesystem/filesystem_pb.js'
import { rpcError, startEnvd } from '../../../support/envd-inprocess.js'

async function envd(opts?: Parameters<typeof startEnvd>[0]) {
  const e = await startEnvd(opts)
  onTestFinished(() => e.close())
  return e
}

describe('Stat', () => {
  it.each([
    ['file.txt', FileType.FILE],
    ['dir', FileType.DIRECTORY],
    ['link-to-file', FileType.FILE],
    ['link-to-dir', FileType.DIRECTORY],
  ])('reports %s as type %i', async (name, type) => {
    const e = await envd()
    await e.seed({
      'file.txt': 'hi',
      'dir/': null,
      'link-to-file': { symlink: 'file.txt' },
      'link-to-dir': { symlink: 'dir' },
    })
    const { entry } = await e.filesystem.stat({ path: e.path(name) })
    expect(entry?.type).toBe(type)
    expect(entry?.path).toBe(e.path(name))
    expect(entry?.name).toBe(name)
  })

  it('returns the size, mode and permissions of a file from lstat', async () => {
    const e = await envd()
    await e.seed({ 'data.bin': Buffer.alloc(1234, 7) })
    const st = await lstat(e.path('data.bin'))
    const { entry } = await e.filesystem.stat({ path: e.path('data.bin') })
    expect(entry?.size).toBe(1234n)
    expect(entry?.mode).toBe(st.mode & 0o777)
    expect(entry?.owner).toBe(userInfo().username)
  })

  it('returns not_found with the path in the message for a missing path', async () => {
    const e = await envd()
    const missing = e.path('does', 'not', 'exist.txt')
    const err = await rpcError(e.filesystem.stat({ path: missing }))
    expect(err.code).toBe(Code.NotFound)
    expect(err.rawMessage).toContain(missing)
  })

  it("resolves ~ to the calling user's home", async () => {
    const e = await envd()
    const { entry } = await e.filesystem.stat({ path: '~' })
    expect(entry?.path).toBe(userInfo().homedir)
    expect(entry?.type).toBe(FileType.DIRECTORY)
  })

  it('resolves an empty path to the default workdir', async () => {
    const e = await envd()
    const { entry } = await e.filesystem.stat({ path: '' })
    expect(entry?.path).toBe(e.root)
  })

  it('resolves an empty path to home when no workdir is set', async () => {
    const e = await envd({ defaultWorkdir: undefined })
    const { entry } = await e.filesystem.stat({ path: '' })
    expect(entry?.path).toBe(userInfo().homedir)
  })

  it('returns invalid_argument for ~otheruser', async () => {
    const e = await envd()
    const err = await rpcError(e.filesystem.stat({ path: '~nobody/x' }))
    expect(err.code).toBe(Code.InvalidArgument)
  })

  it("returns unauthenticated with upstream's message for an unknown Basic-auth user", async () => {
    const e = await envd()
    const { filesystem } = e.clients({ authorization: `Basic ${Buffer.from('no-such-user-xyz:').toString('base64')}` })
    const err = await rpcError(filesystem.stat({ path: e.root }))
    expect(err.code).toBe(Code.Unauthenticated)
    expect(err.rawMessage).toBe("invalid username: 'no-such-user-xyz'")
  })

  it("resolves relative paths against the Basic-auth user's home", async () => {
    const e = await envd()
    const { filesystem } = e.clients({ authorization: `Basic ${Buffer.from('root:').toString('base64')}` })
    const { entry } = await filesystem.stat({ path: '.' })
    expect(entry?.path).toBe('/root')
  })
})
