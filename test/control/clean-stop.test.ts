// A clean stop (SIGTERM) while the warm pool fills leaves nothing of the server behind: no pool
// container (booting or ready), no network, no host firewall chain, no volumes-dir mount. A refill
// boot caught in Docker's create/start must not outlast the server's exit deadline.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it, onTestFinished } from 'vitest'
import { DEFAULT_API_PORT, DEFAULT_PROXY_PORT, startServer } from '../support/control-server.js'
import { docker } from '../support/docker.js'

const OFFSET = 97

type Health = { pools: Record<string, { size: number; ready: number }> }

it('SIGTERM while the warm pool fills: exit 0, no container, network, firewall chain or mount left', async () => {
  const server = await startServer({
    apiPort: DEFAULT_API_PORT + OFFSET,
    proxyPort: DEFAULT_PROXY_PORT + OFFSET,
    env: { SANDOCK_POOL_SIZE: '4' },
  })
  onTestFinished(() => server.cleanup())
  const instance = (await readFile(join(server.dataDir, 'instance-id'), 'utf8')).trim()
  const ours = () => docker('ps', '-aq', '--filter', `label=sandock.instance=${instance}`)
  // Stop while refills are in flight: the first pool container exists, the pool is not full.
  await expect
    .poll(async () => (await ours()).trim(), { timeout: 120_000, interval: 100, message: 'a first pool container' })
    .not.toBe('')
  const health = (await (await fetch(`${server.apiUrl}/health`)).json()) as Health
  expect(health.pools.base?.ready ?? 0).toBeLessThan(4)

  await server.stop('SIGTERM')
  expect(await server.exited).toEqual({ code: 0, signal: null })
  expect(await ours()).toBe('')
  for (const n of server.networks) expect(await docker('network', 'ls', '-q', '--filter', `name=^${n}$`)).toBe('')
  const { stdout: rules } = await promisify(execFile)('iptables', ['-w', '5', '-S'])
  expect(rules).not.toContain(instance.slice(0, 12))
  expect(await readFile('/proc/self/mounts', 'utf8')).not.toContain(join(server.dataDir, 'volumes'))
})
