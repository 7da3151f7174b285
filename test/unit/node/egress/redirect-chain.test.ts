// The host's REDIRECT chain, with fake iptables/iptables-restore binaries that record what they
// are asked: one atomic replace per change, the PREROUTING jump once, fail-closed release.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createRedirectChain } from '../../../../src/node/egress/redirect-chain.js'

async function fakeIptables() {
  const dir = await mkdtemp(join(tmpdir(), 'fake-ipt-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  const log = join(dir, 'calls')
  // -S/-C of the chain or the jump fail until created (the first install creates both); the jump
  // can be deleted once.
  await writeFile(
    join(dir, 'iptables'),
    `#!/bin/sh\necho "iptables $*" >> ${log}\ncase "$*" in *" -S SANDOCK-EG-"*|*" -C PREROUTING"*) grep -q -- "-N SANDOCK" ${log} && grep -q -- "-I PREROUTING" ${log} || exit 1;; *" -D PREROUTING"*) [ "$(grep -c -- "-D PREROUTING" ${log})" = 1 ] || exit 1;; esac\nexit 0\n`,
  )
  await writeFile(join(dir, 'iptables-restore'), `#!/bin/sh\necho "restore $*" >> ${log}\ncat >> ${log}\n`)
  await chmod(join(dir, 'iptables'), 0o755)
  await chmod(join(dir, 'iptables-restore'), 0o755)
  return {
    bin: join(dir, 'iptables'),
    calls: async () => (await readFile(log, 'utf8').catch(() => '')).trim().split('\n'),
  }
}

describe('createRedirectChain', () => {
  it('records before install, then loads everything at once; each change replaces the chain atomically', async () => {
    const ipt = await fakeIptables()
    const chain = createRedirectChain({
      instanceId: 'abcdef0123456789',
      bridge: 'br-test',
      log: pino({ level: 'silent' }),
      iptables: ipt.bin,
    })
    expect(chain.chain).toBe('SANDOCK-EG-abcdef012345')
    await chain.set('172.18.0.5', 'web')
    expect(await ipt.calls()).toEqual([''])
    await chain.install(40123)
    const restore = '*nat\n:SANDOCK-EG-abcdef012345 - [0:0]'
    expect((await ipt.calls()).join('\n')).toContain(
      [
        'restore -w 5 --noflush',
        restore,
        '-A SANDOCK-EG-abcdef012345 -s 172.18.0.5/32 -p tcp -m multiport --dports 80,443 -j REDIRECT --to-ports 40123',
        'COMMIT',
      ].join('\n'),
    )
    expect(await ipt.calls()).toContain(
      'iptables -w 5 -t nat -I PREROUTING -i br-test -p tcp -j SANDOCK-EG-abcdef012345',
    )
    await chain.set('172.18.0.6', 'all')
    const last = (await ipt.calls()).join('\n').split('restore').pop()!
    expect(last).toContain('-A SANDOCK-EG-abcdef012345 -s 172.18.0.6/32 -p tcp -j REDIRECT --to-ports 40123')
    expect(last).toContain('-s 172.18.0.5/32')
    const before = (await ipt.calls()).length
    await chain.set('172.18.0.6', 'all')
    expect((await ipt.calls()).length).toBe(before)
    // Redirected sandboxes remain: the chain stays (their web traffic meets a closed port).
    await chain.release()
    expect((await ipt.calls()).some((c) => c.includes('-X'))).toBe(false)
    await chain.set('172.18.0.5', undefined)
    await chain.set('172.18.0.6', undefined)
    expect(chain.has('172.18.0.5')).toBe(false)
    await chain.release()
    expect(await ipt.calls()).toContain('iptables -w 5 -t nat -X SANDOCK-EG-abcdef012345')
  })
})
