// The host chain of gVisor-netstack sandboxes (src/node/runtime/netstack-filter.ts): a restore's
// hold by MAC address comes first, ahead of the flow cap and the sandboxes' own lines, and goes
// when lifted; a load that fails leaves the chain's record as it was.
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createNetstackFilter } from '../../../../src/node/runtime/netstack-filter.js'

function filter(failFeeds = 0) {
  const fed: string[] = []
  let failures = failFeeds
  const f = createNetstackFilter({
    instanceId: 'abcdef0123456789',
    log: pino({ level: 'silent' }),
    runner: {
      run: async () => '',
      feed: async (_file, _args, input) => {
        if (failures > 0) {
          failures--
          return { code: 1, stderr: 'iptables-restore: line 3 failed' }
        }
        fed.push(input)
        return { code: 0, stderr: '' }
      },
    },
  })
  return { f, fed, fail: (n: number) => (failures = n) }
}

const MAC = '02:ab:cd:ef:01:23'

describe('netstack filter: holds by MAC address', () => {
  it('drops what a held MAC sends first in the chain, before the cap and the sandboxes, until lifted', async () => {
    const { f, fed } = filter()
    await f.install(100)
    await f.set('172.30.0.5', ['-s 172.30.0.5/32 -j DROP'])
    await f.hold(MAC, true)
    const lines = fed.at(-1)!.split('\n')
    const hold = lines.indexOf(`-A ${f.chain} -m mac --mac-source ${MAC} -j DROP`)
    expect(hold).toBeGreaterThan(0)
    expect(hold).toBeLessThan(lines.findIndex((l) => l.includes('connlimit')))
    expect(hold).toBeLessThan(lines.findIndex((l) => l.includes('172.30.0.5')))
    await f.hold(MAC, false)
    expect(fed.at(-1)).not.toContain('--mac-source')
    expect(fed.at(-1)).toContain('-s 172.30.0.5/32 -j DROP')
  })

  it('refuses what is not a MAC address, and keeps the hold when lifting it fails', async () => {
    const { f, fed, fail } = filter()
    await expect(f.hold('02:ab:cd:ef:01:23 -j ACCEPT', true)).rejects.toThrow(/not a MAC address/)
    await f.install(0)
    await f.hold(MAC, true)
    fail(1)
    await expect(f.hold(MAC, false)).rejects.toThrow(/could not be loaded/)
    // The next load still holds it: the failed lift changed nothing.
    await f.set('172.30.0.6', ['-s 172.30.0.6/32 -j DROP'])
    expect(fed.at(-1)).toContain(`--mac-source ${MAC}`)
  })
})
