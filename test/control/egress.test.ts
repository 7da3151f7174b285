// Egress rules (network.allowOut / denyOut, allow_internet_access) enforced in each sandbox's
// network namespace, changed live with updateNetwork. The only outside address ever contacted is
// registry.npmjs.org's (resolved here; on this CI the Debian mirror shares it), so "another
// address" is checked by rules that name a neighbour address no traffic is ever sent to. The
// restart case uses its own server (API and proxy ports + 55).
import { lookup } from 'node:dns/promises'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { ALL_TRAFFIC, Sandbox } from 'e2b'
import { DEFAULT_API_PORT, DEFAULT_PROXY_PORT, startServer, type ControlServer } from '../support/control-server.js'
import { createSandbox, killQuietly, printServerLogsOnFailure, sdkOpts, sharedServer } from '../support/control-sdk.js'
import { rejection } from '../support/async.js'

printServerLogsOnFailure()

let registryIp: string
let neighbourIp: string
beforeAll(async () => {
  registryIp = (await lookup('registry.npmjs.org', { family: 4 })).address
  const parts = registryIp.split('.').map(Number)
  parts[3] = (parts[3]! + 1) % 256
  neighbourIp = parts.join('.')
})

/** 'open' when a TCP connection to the registry's :443 succeeds from inside the sandbox, else 'blocked'. */
async function reach(sbx: Sandbox): Promise<'open' | 'blocked'> {
  const r = await sbx.commands.run(
    `timeout 5 bash -c 'exec 3<>/dev/tcp/${registryIp}/443' && echo open || echo blocked`,
    { timeoutMs: 20_000 },
  )
  return r.stdout.trim() as 'open' | 'blocked'
}

async function made(opts: Parameters<typeof createSandbox>[0]): Promise<Sandbox> {
  const sbx = await createSandbox({ timeoutMs: 180_000, ...opts })
  onTestFinished(() => killQuietly(sbx.sandboxId))
  return sbx
}

describe('egress rules', () => {
  it('denyOut 0.0.0.0/0 with the registry in allowOut reaches the registry; without it, nothing', async () => {
    const sbx = await made({ network: { denyOut: [ALL_TRAFFIC], allowOut: [registryIp] } })
    expect(await reach(sbx)).toBe('open')
    const info = await sbx.getInfo()
    expect(info.network?.allowOut).toEqual([registryIp])
    expect(info.network?.denyOut).toEqual([ALL_TRAFFIC])
    // DNS keeps working (the host's resolvers stay reachable on port 53).
    expect((await sbx.commands.run('getent hosts registry.npmjs.org')).stdout).toContain(registryIp)
    // envd and the proxy still reach the sandbox: replies to incoming connections pass.
    expect((await sbx.commands.run('echo in')).stdout).toBe('in\n')

    const closed = await made({ network: { denyOut: [ALL_TRAFFIC] } })
    expect(await reach(closed)).toBe('blocked')
  })

  it('denyOut one address blocks it; a rule for another address does not', async () => {
    const blocked = await made({ network: { denyOut: [registryIp] } })
    expect(await reach(blocked)).toBe('blocked')
    const other = await made({ network: { denyOut: [`${neighbourIp}/32`] } })
    expect(await reach(other)).toBe('open')
  })

  it('updateNetwork replaces the rules live, and they hold across pauses', async () => {
    const sbx = await made({})
    expect(await reach(sbx)).toBe('open')
    await sbx.updateNetwork({ denyOut: [ALL_TRAFFIC] })
    expect(await reach(sbx)).toBe('blocked')
    expect((await sbx.getInfo()).network?.denyOut).toEqual([ALL_TRAFFIC])

    // Memory pause: the namespace and its rules stay.
    await sbx.pause()
    await sbx.connect()
    expect(await reach(sbx)).toBe('blocked')
    // Filesystem-only pause: the container boots again with a new namespace; the rules go back in.
    await sbx.pause({ keepMemory: false })
    await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(), timeoutMs: 120_000 })
    expect(await reach(sbx)).toBe('blocked')

    // An update replaces everything: omitted lists are cleared.
    await sbx.updateNetwork({ allowOut: [registryIp], denyOut: [ALL_TRAFFIC] })
    expect(await reach(sbx)).toBe('open')
    await sbx.updateNetwork({})
    expect(await reach(sbx)).toBe('open')
    // No network setting left: omitted from the info, as upstream omits it.
    expect((await sbx.getInfo()).network).toBeUndefined()
  })

  it('allowInternetAccess: false in an update cuts egress; true brings it back', async () => {
    const sbx = await made({})
    await sbx.updateNetwork({ allowInternetAccess: false })
    expect(await reach(sbx)).toBe('blocked')
    expect((await sbx.getInfo()).allowInternetAccess).toBe(false)
    await sbx.updateNetwork({ allowInternetAccess: true })
    expect(await reach(sbx)).toBe('open')
    expect((await sbx.getInfo()).allowInternetAccess).toBe(true)
  })

  it('refuses to grant internet access to a sandbox created without it', async () => {
    const sbx = await made({ allowInternetAccess: false })
    const err = await rejection(sbx.updateNetwork({ allowInternetAccess: true }))
    expect(err.message).toContain('was created with allow_internet_access: false')
    expect(await reach(sbx)).toBe('blocked')
  })
})

describe('bad network input', () => {
  it.each([
    [
      { allowOut: ['registry.npmjs.org'] },
      "When specifying allowed domains in allow out, you must include 'ALL_TRAFFIC' in deny out to block all other traffic.",
    ],
    [{ denyOut: ['10.0.0.0/33'] }, 'invalid denied CIDR 10.0.0.0/33'],
    [{ denyOut: ['example.com'] }, 'invalid denied CIDR example.com'],
  ])('a create with %j is a 400 naming the problem', async (network, message) => {
    const err = await rejection(Sandbox.create('base', { ...sdkOpts(), network }))
    expect(err.message).toContain('400')
    expect(err.message).toContain(message)
  })

  it('a bad update is a 400 and leaves the rules as they were', async () => {
    const sbx = await made({ network: { denyOut: [registryIp] } })
    const err = await rejection(sbx.updateNetwork({ allowOut: ['*.npmjs.org'] }))
    expect(err.message).toContain("you must include 'ALL_TRAFFIC' in deny out")
    expect((await sbx.getInfo()).network?.denyOut).toEqual([registryIp])
    expect(await reach(sbx)).toBe('blocked')
  })

  it('PUT /sandboxes/{id}/network answers the contract statuses with {code, message} bodies', async () => {
    const sbx = await made({ allowInternetAccess: false })
    const put = async (sandboxId: string, body: unknown) => {
      const res = await fetch(`${sharedServer().apiUrl}/sandboxes/${sandboxId}/network`, {
        method: 'PUT',
        headers: { 'x-api-key': sharedServer().apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const text = await res.text()
      return { status: res.status, body: text ? (JSON.parse(text) as { code: number; message: string }) : undefined }
    }
    const granted = await put(sbx.sandboxId, { allow_internet_access: true })
    expect(granted.status).toBe(400)
    expect(granted.body).toEqual({
      code: 400,
      message: expect.stringContaining('was created with allow_internet_access: false'),
    })
    const badType = await put(sbx.sandboxId, { denyOut: '0.0.0.0/0' })
    expect(badType.status).toBe(400)
    expect(badType.body?.code).toBe(400)
    const badCidr = await put(sbx.sandboxId, { denyOut: ['10.0.0.0/33'] })
    expect(badCidr).toEqual({ status: 400, body: { code: 400, message: 'invalid denied CIDR 10.0.0.0/33' } })
    const unknown = await put('nosuchsandbox000000', { denyOut: [ALL_TRAFFIC] })
    expect(unknown.status).toBe(404)
    expect(unknown.body?.code).toBe(404)
    expect(await put(sbx.sandboxId, { denyOut: [ALL_TRAFFIC] })).toEqual({ status: 204, body: undefined })
  })

  it('an update of an unknown sandbox is SandboxNotFoundError', async () => {
    const err = await rejection(Sandbox.updateNetwork('nosuchsandbox000000', { denyOut: [ALL_TRAFFIC] }, sdkOpts()))
    expect(err.name).toBe('SandboxNotFoundError')
  })
})

describe('egress rules across a server restart (own server: API port + 55)', () => {
  let first: ControlServer
  let second: ControlServer | undefined
  printServerLogsOnFailure(() => second ?? first)
  beforeAll(async () => {
    first = await startServer({ apiPort: DEFAULT_API_PORT + 55, proxyPort: DEFAULT_PROXY_PORT + 55 })
  })
  afterAll(async () => {
    await second?.cleanup()
    await first?.cleanup()
  })

  it('are kept in the sandbox state and loaded again when a filesystem-paused sandbox boots', async () => {
    const sbx = await createSandbox({ timeoutMs: 180_000, network: { denyOut: [registryIp] } }, first)
    const running = await createSandbox(
      { timeoutMs: 180_000, network: { denyOut: [ALL_TRAFFIC], allowOut: [registryIp] } },
      first,
    )
    expect(await reach(sbx)).toBe('blocked')
    await sbx.pause({ keepMemory: false })
    await first.stop('SIGKILL')
    second = await startServer({
      apiPort: first.apiPort,
      proxyPort: first.proxyPort,
      dataDir: first.dataDir,
      apiKey: first.apiKey,
    })

    const info = await Sandbox.getInfo(sbx.sandboxId, sdkOpts(second))
    expect(info.network).toMatchObject({ denyOut: [registryIp], allowOut: [] })
    const again = await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(second), timeoutMs: 120_000 })
    expect(await reach(again)).toBe('blocked')
    expect(await reach(running)).toBe('open')
    expect((await Sandbox.getInfo(running.sandboxId, sdkOpts(second))).network).toMatchObject({
      denyOut: [ALL_TRAFFIC],
      allowOut: [registryIp],
    })
    for (const s of [sbx, running]) await killQuietly(s.sandboxId, second)
  })
})
