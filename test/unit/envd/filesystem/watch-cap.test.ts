// envd's cap on directory watches open at once (inotify watches are counted per uid for the whole
// host): past MAX_DIR_WATCHES a new watch is refused with resource_exhausted, and closing one
// makes room again.
import { Code } from '@connectrpc/connect'
import { describe, expect, it, onTestFinished } from 'vitest'
import { MAX_DIR_WATCHES } from '../../../../src/envd/filesystem/fs-watcher.js'
import { rpcError, startEnvd } from '../../../support/envd-inprocess.js'

describe('directory watch cap', () => {
  it('refuses the watch past the cap with resource_exhausted, and takes one again after a removal', async () => {
    const e = await startEnvd()
    onTestFinished(() => e.close())
    await e.seed({ 'dir/': null })
    const ids: string[] = []
    for (let i = 0; i < MAX_DIR_WATCHES; i++)
      ids.push((await e.filesystem.createWatcher({ path: e.path('dir') })).watcherId)
    const err = await rpcError(e.filesystem.createWatcher({ path: e.path('dir') }))
    expect(err.code).toBe(Code.ResourceExhausted)
    expect(err.rawMessage).toMatch(/too many directory watches in this sandbox \(limit: 128\)/)
    await e.filesystem.removeWatcher({ watcherId: ids.pop()! })
    ids.push((await e.filesystem.createWatcher({ path: e.path('dir') })).watcherId)
    for (const watcherId of ids) await e.filesystem.removeWatcher({ watcherId })
  }, 60_000)
})
