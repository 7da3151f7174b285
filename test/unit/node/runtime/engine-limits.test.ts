// Reading the engine's nofile ceiling and a mount's options from /proc texts (pure parsing).
import { describe, expect, it } from 'vitest'
import { engineNofileCeiling, hardNofile } from '../../../../src/node/runtime/engine-limits.js'
import { mountOptionsAt } from '../../../../src/node/volumes/volumes-dir.js'

describe('hardNofile', () => {
  it('reads the hard open-files limit, and nothing from unlimited or garbage', () => {
    const limits =
      'Limit                     Soft Limit           Hard Limit           Units     \nMax processes             unlimited            unlimited            processes \nMax open files            1024                 20000                files     \n'
    expect(hardNofile(limits)).toBe(20000)
    expect(hardNofile(limits.replace('20000', 'unlimited'))).toBeUndefined()
    expect(hardNofile('')).toBeUndefined()
  })

  it("finds a ceiling on this machine (dockerd's or this process's)", async () => {
    expect(await engineNofileCeiling()).toBeGreaterThan(0)
  })
})

describe('mountOptionsAt', () => {
  it('takes the last mount at exactly that path, octal escapes decoded', () => {
    const info = [
      '46 26 254:0 /data /data rw,relatime - ext4 /dev/vda rw',
      '47 46 254:0 /data /data rw,nosuid,nodev,relatime - ext4 /dev/vda rw',
      '48 26 254:0 /x /my\\040dir rw,nosuid - ext4 /dev/vda rw',
    ].join('\n')
    expect(mountOptionsAt(info, '/data')).toEqual(['rw', 'nosuid', 'nodev', 'relatime'])
    expect(mountOptionsAt(info, '/my dir')).toEqual(['rw', 'nosuid'])
    expect(mountOptionsAt(info, '/data/sub')).toBeUndefined()
  })
})
