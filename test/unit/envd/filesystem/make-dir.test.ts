// MakeDir over Connect: mkdir -p, 0755, already_exists, invalid_argument on a file (contract 4.5).
import { stat } from 'node:fs/promises'
import { Code } from '@connectrpc/connect'
import { describe, expect, it, onTestFinished } from 'vitest'
import { FileType } from '../../../../src/gen/filesystem/filesystem_pb.js'
import { rpcError, startEnvd } from '../../../support/envd-inprocess.js'

async function envd() {
  const e = await startEnvd()
  onTestFinished(() => e.close())
  return e
}

describe('MakeDir', () => {
  it("creates missing parents with mode 0755 and returns the new directory's entry", async () => {
    const e = await envd()
    const target = e.path('a', 'b', 'c')
    const { entry } = await e.filesystem.makeDir({ path: target })
    expect(entry).toMatchObject({
      name: 'c',
      path: target,
      type: FileType.DIRECTORY,
      mode: 0o755,
      permissions: 'drwxr-xr-x',
    })
    for (const d of [e.path('a'), e.path('a', 'b'), target]) {
      const st = await stat(d)
      expect(st.isDirectory()).toBe(true)
      expect(st.mode & 0o777).toBe(0o755)
    }
  })

  it('returns already_exists for an existing directory', async () => {
    const e = await envd()
    await e.seed({ 'existing/': null })
    const err = await rpcError(e.filesystem.makeDir({ path: e.path('existing') }))
    expect(err.code).toBe(Code.AlreadyExists)
    expect(err.rawMessage).toBe(`directory already exists: ${e.path('existing')}`)
  })

  it('returns invalid_argument when the path is an existing file', async () => {
    const e = await envd()
    await e.seed({ 'file.txt': 'x' })
    const err = await rpcError(e.filesystem.makeDir({ path: e.path('file.txt') }))
    expect(err.code).toBe(Code.InvalidArgument)
  })

  it('returns invalid_argument when a parent is a file', async () => {
    const e = await envd()
    await e.seed({ 'file.txt': 'x' })
    const err = await rpcError(e.filesystem.makeDir({ path: e.path('file.txt', 'sub') }))
    expect(err.code).toBe(Code.InvalidArgument)
  })
})
