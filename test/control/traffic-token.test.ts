// Private sandboxes (network.allowPublicTraffic: false): user ports need the traffic access token
// the create returned; envd's port keeps working with the SDK's own access token.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Sandbox } from 'e2b'
import {
  createSandbox,
  killQuietly,
  printServerLogsOnFailure,
  sdkOpts,
  waitForPortInSandbox,
} from '../support/control-sdk.js'

printServerLogsOnFailure()

let sbx: Sandbox
beforeAll(async () => {
  sbx = await createSandbox({ network: { allowPublicTraffic: false } })
})
afterAll(async () => killQuietly(sbx?.sandboxId))

it('returns a traffic token, refuses user-port traffic without it and forwards with it', async () => {
  expect(sbx.trafficAccessToken).toMatch(/^[0-9a-f]{64}$/)
  await sbx.commands.run('python3 -m http.server 8000', { background: true, timeoutMs: 0 })
  await waitForPortInSandbox(sbx, 8000)
  const url = sdkOpts().sandboxUrl + '/'
  const route = { 'e2b-sandbox-id': sbx.sandboxId, 'e2b-sandbox-port': '8000' }

  const without = await fetch(url, { headers: route })
  expect(without.status).toBe(403)
  expect(await without.json()).toEqual({
    sandboxId: sbx.sandboxId,
    code: 403,
    message: "Sandbox is secured with traffic access token. Token header 'e2b-traffic-access-token' is missing",
  })
  const wrong = await fetch(url, { headers: { ...route, 'e2b-traffic-access-token': 'f'.repeat(64) } })
  expect(wrong.status).toBe(403)
  const right = await fetch(url, { headers: { ...route, 'e2b-traffic-access-token': sbx.trafficAccessToken! } })
  expect(right.status).toBe(200)
  expect(await right.text()).toContain('Directory listing')
  // envd's own port is exempt: the SDK's calls carry only X-Access-Token.
  expect((await sbx.commands.run('echo envd-ok')).stdout).toBe('envd-ok\n')
})
