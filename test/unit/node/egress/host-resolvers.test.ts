// The resolvers Docker's embedded DNS forwards to (the host firewall keeps port 53 open to them):
// /etc/resolv.conf's non-loopback servers, else systemd-resolved's upstreams behind its stub.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { fenceDnsServers, hostResolvers } from '../../../../src/node/egress/host-resolvers.js'

async function files(...texts: string[]): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'sandock-resolv-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return Promise.all(
    texts.map(async (t, i) => {
      const f = join(dir, `resolv-${i}.conf`)
      await writeFile(f, t)
      return f
    }),
  )
}

describe('hostResolvers', () => {
  it('reads the IPv4 nameservers, leaving out loopback and IPv6 ones', async () => {
    expect(
      await hostResolvers(
        await files(
          '# c\nnameserver 127.0.0.53\nnameserver 10.255.255.53\nnameserver fd00::1\n  nameserver 192.0.2.53\n',
          'nameserver 9.9.9.9\n',
        ),
      ),
    ).toEqual(['10.255.255.53', '192.0.2.53'])
  })

  it("falls back to systemd-resolved's upstreams when /etc/resolv.conf has only its stub", async () => {
    expect(
      await hostResolvers(
        await files('nameserver 127.0.0.53\noptions edns0\n', 'nameserver 169.254.169.253\nnameserver 10.0.0.2\n'),
      ),
    ).toEqual(['169.254.169.253', '10.0.0.2'])
    expect(await hostResolvers(['/nonexistent/resolv.conf'])).toEqual([])
  })

  it("opens the host's and SANDOCK_EGRESS_DNS's resolvers in the fence, once each", () => {
    expect(fenceDnsServers(['10.255.255.53'], undefined)).toEqual(['10.255.255.53'])
    expect(fenceDnsServers(['10.255.255.53'], [])).toEqual(['10.255.255.53'])
    expect(fenceDnsServers(['10.255.255.53'], ['10.255.255.53', '10.1.1.1'])).toEqual(['10.255.255.53', '10.1.1.1'])
  })
})
