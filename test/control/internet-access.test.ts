// allow_internet_access: false puts the sandbox on the server's internal Docker network (no route
// out), while the control plane and proxy still reach its envd. Checked through Docker, not by
// sending traffic to the internet.
import { afterAll, expect, it } from 'vitest'
import type { Sandbox } from 'e2b'
import { docker } from '../support/docker.js'
import {
  createSandbox,
  inspectSandbox,
  killQuietly,
  printServerLogsOnFailure,
  sharedServer,
} from '../support/control-sdk.js'

printServerLogsOnFailure()

const made: Sandbox[] = []
afterAll(async () => Promise.all(made.map((s) => killQuietly(s.sandboxId))))

async function networkOf(sbx: Sandbox): Promise<{ name: string; internal: boolean }> {
  const info = (await inspectSandbox(sbx.sandboxId)) as unknown as { HostConfig: { NetworkMode: string } }
  const name = info.HostConfig.NetworkMode
  const [net] = JSON.parse(await docker('network', 'inspect', name)) as { Internal: boolean }[]
  return { name, internal: net!.Internal }
}

it('attaches sandboxes without internet access to the internal network, others to the routed one', async () => {
  const [open, closed] = await Promise.all([createSandbox(), createSandbox({ allowInternetAccess: false })])
  made.push(open, closed)
  const [openNet, closedNet] = await Promise.all([networkOf(open), networkOf(closed)])
  expect(openNet).toEqual({ name: sharedServer().networks[0], internal: false })
  expect(closedNet).toEqual({ name: sharedServer().networks[1], internal: true })
  expect((await closed.getInfo()).allowInternetAccess).toBe(false)
  // envd is still reached through the proxy.
  expect((await closed.commands.run('echo reachable')).stdout).toBe('reachable\n')
})
