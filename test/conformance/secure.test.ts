// A "secure" envd (access token set through /init): token rules, signed URLs and /init replay
// protection (contract 5.2, 5.3, 5.7, 5.8, 8.1 sandbox/secure + files/signing).
import { randomBytes } from 'node:crypto'
import { Sandbox } from 'e2b'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startEnvdContainer } from '../support/docker.js'
import { jsonOrText } from '../support/raw-http.js'

const UNAUTHORIZED = {
  code: 401,
  message: 'unauthorized access, please provide a valid access token or method signing if supported',
}

let envd: Awaited<ReturnType<typeof startEnvdContainer>>
let url: string
let token: string
let initAt: Date
let sbx: Sandbox

async function postInit(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

beforeAll(async () => {
  envd = await startEnvdContainer()
  url = envd.url
  token = randomBytes(24).toString('hex')
  initAt = new Date()
  const res = await postInit({
    accessToken: token,
    timestamp: initAt.toISOString(),
    envVars: { SECURE_TEST_VAR: 'first' },
  })
  expect(res.status).toBe(204)

  process.env.E2B_DEBUG = 'true'
  // This is how the SDK's own Sandbox.connect()/create() build the instance from the control
  // plane's answer (sandboxId, envdVersion, envdAccessToken) plus the connection config; the
  // constructor is internal in the typings, hence the cast.
  sbx = new Sandbox({
    sandboxId: 'secure-test',
    envdVersion: '0.6.13',
    envdAccessToken: token,
    debug: true,
    sandboxUrl: `http://localhost:${envd.port}`,
  } as any)
})

afterAll(async () => {
  await envd?.stop()
})

describe('access token', () => {
  it('commands, files and RPCs work with the token', async () => {
    const res = await sbx.commands.run('whoami; echo "$SECURE_TEST_VAR"')
    expect(res.exitCode).toBe(0)
    expect(res.stdout).toBe('user\nfirst\n')
    const info = await sbx.files.write('token-file.txt', 'with token')
    expect(info.path).toBe('/home/user/token-file.txt')
    expect(await sbx.files.read('token-file.txt')).toBe('with token')
    expect((await sbx.files.getInfo('token-file.txt')).owner).toBe('user')
  })

  it('an RPC without X-Access-Token gets 401 with the exact upstream body', async () => {
    const res = await fetch(`${url}/process.Process/List`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
      body: '{}',
    })
    expect(res.status).toBe(401)
    expect(await jsonOrText(res)).toEqual(UNAUTHORIZED)

    const fsRes = await fetch(`${url}/filesystem.Filesystem/Stat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
      body: JSON.stringify({ path: '/etc/passwd' }),
    })
    expect(fsRes.status).toBe(401)
    expect(await jsonOrText(fsRes)).toEqual(UNAUTHORIZED)

    // A wrong token is the same.
    const wrong = await fetch(`${url}/process.Process/List`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'connect-protocol-version': '1',
        'x-access-token': 'not-the-token',
      },
      body: '{}',
    })
    expect(wrong.status).toBe(401)
    expect(await jsonOrText(wrong)).toEqual(UNAUTHORIZED)

    // With the token the same request succeeds.
    const ok = await fetch(`${url}/process.Process/List`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'connect-protocol-version': '1', 'x-access-token': token },
      body: '{}',
    })
    expect(ok.status).toBe(200)
    const list = (await jsonOrText(ok)) as { processes?: unknown }
    expect(typeof list).toBe('object')
    expect(Array.isArray(list.processes ?? [])).toBe(true)
  })

  it('a streaming RPC without the token gets 401 too', async () => {
    const payload = Buffer.from(JSON.stringify({ process: { cmd: '/bin/true', args: [] }, stdin: false }))
    const head = Buffer.alloc(5)
    head.writeUInt32BE(payload.length, 1)
    const res = await fetch(`${url}/process.Process/Start`, {
      method: 'POST',
      headers: { 'content-type': 'application/connect+json', 'connect-protocol-version': '1' },
      body: Buffer.concat([head, payload]),
    })
    expect(res.status).toBe(401)
    expect(await jsonOrText(res)).toEqual(UNAUTHORIZED)
  })

  it('/health stays 204 without a token; /envs and /metrics need it', async () => {
    const health = await fetch(`${url}/health`)
    expect(health.status).toBe(204)

    for (const path of ['/envs', '/metrics']) {
      const denied = await fetch(`${url}${path}`)
      expect(denied.status).toBe(401)
      expect(await jsonOrText(denied)).toEqual(UNAUTHORIZED)
      const allowed = await fetch(`${url}${path}`, { headers: { 'x-access-token': token } })
      expect(allowed.status).toBe(200)
      await allowed.arrayBuffer()
    }
  })

  it('/files with a wrong X-Access-Token is 401 "access token present in header but does not match"', async () => {
    const expected = { code: 401, message: 'access token present in header but does not match' }
    const get = await fetch(`${url}/files?path=token-file.txt`, { headers: { 'x-access-token': 'wrong' } })
    expect(get.status).toBe(401)
    expect(await jsonOrText(get)).toEqual(expected)

    const post = await fetch(`${url}/files?path=should-not-exist.txt`, {
      method: 'POST',
      headers: { 'x-access-token': 'wrong', 'content-type': 'application/octet-stream' },
      body: 'nope',
    })
    expect(post.status).toBe(401)
    expect(await jsonOrText(post)).toEqual(expected)
    expect(await sbx.files.exists('should-not-exist.txt')).toBe(false)

    // Even with a valid signature, a present-but-wrong header wins.
    const signed = new URL(await sbx.downloadUrl('token-file.txt', { useSignatureExpiration: 10_000 }))
    const both = await fetch(signed, { headers: { 'x-access-token': 'wrong' } })
    expect(both.status).toBe(401)
    expect(await jsonOrText(both)).toEqual(expected)
  })
})

describe('signed URLs', () => {
  it('uploadUrl + downloadUrl with an expiration work without the token header', async () => {
    onTestFinished(() => sbx.files.remove('/home/user/hello.txt'))
    const content = `hello signed world ${randomBytes(4).toString('hex')}`
    const uploadUrl = await sbx.uploadUrl('hello.txt', { useSignatureExpiration: 10_000 })
    expect(uploadUrl.startsWith(`http://localhost:${envd.port}/files?`)).toBe(true)
    const form = new FormData()
    form.append('file', new Blob([content]), 'hello.txt')
    const up = await fetch(uploadUrl, { method: 'POST', body: form })
    expect(up.status).toBe(200)
    const body = await jsonOrText(up)
    // Exactly this: no `metadata` key when no metadata was sent.
    expect(body).toStrictEqual([{ name: 'hello.txt', path: '/home/user/hello.txt', type: 'file' }])

    const downloadUrl = await sbx.downloadUrl('hello.txt', { useSignatureExpiration: 10_000 })
    const down = await fetch(downloadUrl)
    expect(down.status).toBe(200)
    expect(await down.text()).toBe(content)

    // The uploaded file is the default user's.
    const entry = await sbx.files.getInfo('hello.txt')
    expect(entry).toMatchObject({ owner: 'user', group: 'user', mode: 0o644 })
  })

  it('a part without a filename (FormData string value) posted to an upload URL is written to its path', async () => {
    onTestFinished(() => sbx.files.remove('/home/user/nameless.txt'))
    const form = new FormData()
    form.append('file', 'text from a plain form field')
    const up = await fetch(await sbx.uploadUrl('nameless.txt', { useSignatureExpiration: 10_000 }), {
      method: 'POST',
      body: form,
    })
    expect(up.status).toBe(200)
    expect(await jsonOrText(up)).toStrictEqual([
      { name: 'nameless.txt', path: '/home/user/nameless.txt', type: 'file' },
    ])
    expect(await sbx.files.read('nameless.txt')).toBe('text from a plain form field')
  })

  it('an upload URL answers 400 to a body without a file part, never 200 []', async () => {
    const form = new FormData()
    form.append('upload', new Blob(['misnamed']), 'misnamed.txt')
    const up = await fetch(await sbx.uploadUrl('misnamed.txt'), { method: 'POST', body: form })
    expect(up.status).toBe(400)
    expect(await jsonOrText(up)).toEqual({ code: 400, message: expect.stringContaining("no part named 'file'") })
    expect(await sbx.files.exists('misnamed.txt')).toBe(false)
  })

  it('signed URLs without an expiration work as well', async () => {
    onTestFinished(() => sbx.files.remove('/home/user/noexp.txt'))
    const form = new FormData()
    form.append('file', new Blob(['no expiration']), 'noexp.txt')
    const up = await fetch(await sbx.uploadUrl('noexp.txt'), { method: 'POST', body: form })
    expect(up.status).toBe(200)
    const down = await fetch(await sbx.downloadUrl('noexp.txt'))
    expect(down.status).toBe(200)
    expect(await down.text()).toBe('no expiration')
  })

  it('an expired signature is 401 {"code":401,"message":"signature is already expired"}', async () => {
    await sbx.files.write('expired.txt', 'x')
    onTestFinished(() => sbx.files.remove('/home/user/expired.txt'))
    const expected = { code: 401, message: 'signature is already expired' }
    const down = await fetch(await sbx.downloadUrl('expired.txt', { useSignatureExpiration: -10_000 }))
    expect(down.status).toBe(401)
    expect(await jsonOrText(down)).toEqual(expected)

    const form = new FormData()
    form.append('file', new Blob(['overwrite attempt']), 'expired.txt')
    const up = await fetch(await sbx.uploadUrl('expired.txt', { useSignatureExpiration: -10_000 }), {
      method: 'POST',
      body: form,
    })
    expect(up.status).toBe(401)
    expect(await jsonOrText(up)).toEqual(expected)
    expect(await sbx.files.read('expired.txt')).toBe('x')
  })

  it('a tampered signature is 401 "invalid signature"', async () => {
    await sbx.files.write('tamper.txt', 'secret')
    onTestFinished(() => sbx.files.remove('/home/user/tamper.txt'))
    const expected = { code: 401, message: 'invalid signature' }
    const good = new URL(await sbx.downloadUrl('tamper.txt', { useSignatureExpiration: 10_000 }))

    // Flip one character of the signature.
    const sig = good.searchParams.get('signature')!
    expect(sig.startsWith('v1_')).toBe(true)
    const last = sig.at(-1) === 'A' ? 'B' : 'A'
    const flipped = new URL(good)
    flipped.searchParams.set('signature', sig.slice(0, -1) + last)
    const r1 = await fetch(flipped)
    expect(r1.status).toBe(401)
    expect(await jsonOrText(r1)).toEqual(expected)

    // A signature for another path.
    const otherPath = new URL(good)
    otherPath.searchParams.set('path', '/etc/shadow')
    const r2 = await fetch(otherPath)
    expect(r2.status).toBe(401)
    expect(await jsonOrText(r2)).toEqual(expected)

    // Extending the expiration invalidates the signature.
    const extended = new URL(good)
    extended.searchParams.set(
      'signature_expiration',
      String(Number(good.searchParams.get('signature_expiration')) + 3600),
    )
    const r3 = await fetch(extended)
    expect(r3.status).toBe(401)
    expect(await jsonOrText(r3)).toEqual(expected)

    // A read signature does not allow writing.
    const form = new FormData()
    form.append('file', new Blob(['overwrite']), 'tamper.txt')
    const r4 = await fetch(good, { method: 'POST', body: form })
    expect(r4.status).toBe(401)
    expect(await jsonOrText(r4)).toEqual(expected)
    expect(await sbx.files.read('tamper.txt')).toBe('secret')

    // Sanity: the untouched URL works.
    const ok = await fetch(good)
    expect(ok.status).toBe(200)
    expect(await ok.text()).toBe('secret')
  })

  it('no signature and no token is 401 "missing signature query parameter"', async () => {
    const expected = { code: 401, message: 'missing signature query parameter' }
    const get = await fetch(`${url}/files?path=hello.txt`)
    expect(get.status).toBe(401)
    expect(await jsonOrText(get)).toEqual(expected)
    const form = new FormData()
    form.append('file', new Blob(['x']), 'unsigned.txt')
    const post = await fetch(`${url}/files?path=unsigned.txt`, { method: 'POST', body: form })
    expect(post.status).toBe(401)
    expect(await jsonOrText(post)).toEqual(expected)
    expect(await sbx.files.exists('unsigned.txt')).toBe(false)
  })

  it("as user 'root' the upload goes to /root/hello.txt", async () => {
    onTestFinished(() => sbx.files.remove('/root/hello.txt', { user: 'root' }))
    const uploadUrl = new URL(await sbx.uploadUrl('hello.txt', { user: 'root', useSignatureExpiration: 10_000 }))
    expect(uploadUrl.searchParams.get('username')).toBe('root')
    const form = new FormData()
    form.append('file', new Blob(['root upload']), 'hello.txt')
    const up = await fetch(uploadUrl, { method: 'POST', body: form })
    expect(up.status).toBe(200)
    expect(await jsonOrText(up)).toStrictEqual([{ name: 'hello.txt', path: '/root/hello.txt', type: 'file' }])

    const stat = await sbx.commands.run('stat -c %U:%G:%a /root/hello.txt && cat /root/hello.txt', { user: 'root' })
    expect(stat.stdout).toBe('root:root:644\nroot upload')

    const down = await fetch(await sbx.downloadUrl('hello.txt', { user: 'root', useSignatureExpiration: 10_000 }))
    expect(down.status).toBe(200)
    expect(await down.text()).toBe('root upload')

    // The same signature is not valid for another user.
    const asUser = new URL(uploadUrl)
    asUser.searchParams.set('username', 'user')
    const r = await fetch(asUser, { method: 'POST', body: form })
    expect(r.status).toBe(401)
    expect(await jsonOrText(r)).toEqual({ code: 401, message: 'invalid signature' })
  })
})

describe('/init replay protection', () => {
  async function envs(): Promise<Record<string, string>> {
    const res = await fetch(`${url}/envs`, { headers: { 'x-access-token': token } })
    expect(res.status).toBe(200)
    return (await res.json()) as Record<string, string>
  }

  it('a second /init without the token is 401 and changes nothing', async () => {
    const older = new Date(initAt.getTime() - 60_000).toISOString()
    const res = await postInit({ timestamp: older, envVars: { SECURE_TEST_VAR: 'hijacked' } })
    expect(res.status).toBe(401)
    // Newer timestamp but still no token: 401 too.
    const newer = await postInit({
      timestamp: new Date(Date.now() + 1000).toISOString(),
      envVars: { SECURE_TEST_VAR: 'hijacked' },
      accessToken: 'attacker',
    })
    expect(newer.status).toBe(401)
    // A wrong token is refused as well.
    const wrong = await postInit(
      { timestamp: new Date(Date.now() + 2000).toISOString(), accessToken: 'attacker' },
      { 'x-access-token': 'nope' },
    )
    expect(wrong.status).toBe(401)

    expect((await envs()).SECURE_TEST_VAR).toBe('first')
    // The original token still works, the attacker's does not.
    const res2 = await sbx.commands.run('echo "$SECURE_TEST_VAR"')
    expect(res2.stdout).toBe('first\n')
    const attacker = await fetch(`${url}/envs`, { headers: { 'x-access-token': 'attacker' } })
    expect(attacker.status).toBe(401)
  })

  it('with the right token but an older timestamp, envVars are not changed', async () => {
    const older = new Date(initAt.getTime() - 60_000).toISOString()
    // accessToken is repeated so that even a wrongly applied request would keep the token.
    const res = await postInit(
      { timestamp: older, accessToken: token, envVars: { SECURE_TEST_VAR: 'stale', STALE_ONLY: '1' } },
      { 'x-access-token': token },
    )
    expect(res.status).toBe(204)
    const after = await envs()
    expect(after.SECURE_TEST_VAR).toBe('first')
    expect(after.STALE_ONLY).toBeUndefined()
    expect(after.E2B_SANDBOX).toBe('true')
    const run = await sbx.commands.run('echo "$SECURE_TEST_VAR-${STALE_ONLY:-unset}"')
    expect(run.stdout).toBe('first-unset\n')
  })

  it('with the right token and a newer timestamp, envVars are replaced', async () => {
    const newer = new Date(Date.now() + 5_000).toISOString()
    const res = await postInit(
      { timestamp: newer, accessToken: token, envVars: { SECURE_TEST_VAR: 'second', NEW_VAR: 'n' } },
      { 'x-access-token': token },
    )
    expect(res.status).toBe(204)
    const after = await envs()
    expect(after.SECURE_TEST_VAR).toBe('second')
    expect(after.NEW_VAR).toBe('n')
    expect(after.E2B_SANDBOX).toBe('true')
    const run = await sbx.commands.run('echo "$SECURE_TEST_VAR $NEW_VAR"')
    expect(run.stdout).toBe('second n\n')
  })
})
