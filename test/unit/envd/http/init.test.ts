// POST /init (contract 5.8), GET /envs (5.7) and the access token it installs (5.2, 5.3).
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { Code } from '@connectrpc/connect'
import { describe, expect, it, onTestFinished } from 'vitest'
import { processRun, rpcError, startEnvd, type InProcessEnvd } from '../../../support/envd-inprocess.js'

const UNAUTHORIZED = {
  code: 401,
  message: 'unauthorized access, please provide a valid access token or method signing if supported',
}
const TOKEN = 'secret-token-123'

async function envd() {
  const e = await startEnvd()
  onTestFinished(() => e.close())
  return e
}

function init(e: InProcessEnvd, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${e.url}/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

async function envs(e: InProcessEnvd, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const res = await fetch(`${e.url}/envs`, { headers })
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, string>
}

/** Contract 5.3: v1_ + base64 (no padding) of sha256("path:operation:username:token[:expiration]"). */
function sign(path: string, operation: 'read' | 'write', username: string, expiration?: number): string {
  const payload = `${path}:${operation}:${username}:${TOKEN}${expiration !== undefined ? `:${expiration}` : ''}`
  return 'v1_' + createHash('sha256').update(payload).digest('base64').replace(/=+$/, '')
}

async function withToken(): Promise<InProcessEnvd> {
  const e = await envd()
  const res = await init(e, { accessToken: TOKEN })
  expect(res.status).toBe(204)
  return e
}

describe('POST /init and GET /envs', () => {
  it('answers 204 with Cache-Control no-store and the envd version header', async () => {
    const e = await envd()
    const res = await init(e, {})
    expect(res.status).toBe(204)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-envd-version')).toMatch(/\d+\.\d+\.\d+/)
  })

  it('lists E2B_SANDBOX=true in /envs before any /init', async () => {
    const e = await envd()
    expect(await envs(e)).toEqual({ E2B_SANDBOX: 'true' })
  })

  it('sets envVars, visible in /envs and in a started process', async () => {
    const e = await envd()
    expect((await init(e, { envVars: { MY_VAR: 'from-init', OTHER: 'x y' } })).status).toBe(204)
    expect(await envs(e)).toEqual({ E2B_SANDBOX: 'true', MY_VAR: 'from-init', OTHER: 'x y' })
    const run = await processRun(
      e.process.start({ process: { cmd: '/bin/sh', args: ['-c', 'printf "%s|%s" "$MY_VAR" "$OTHER"'] } }),
    )
    expect(run.stdout).toBe('from-init|x y')
  })

  it('replaces all user envVars on each /init, keeping the internal E2B_* ones', async () => {
    const e = await envd()
    await init(e, { envVars: { A: '1', B: '2' } })
    await init(e, { envVars: { C: '3' } })
    expect(await envs(e)).toEqual({ E2B_SANDBOX: 'true', C: '3' })
  })

  it('ignores an /init whose timestamp is older than, or equal to, the last applied one', async () => {
    const e = await envd()
    const t = Date.UTC(2030, 0, 1, 0, 0, 0)
    expect((await init(e, { envVars: { V: 'newest' }, timestamp: new Date(t).toISOString() })).status).toBe(204)
    expect((await init(e, { envVars: { V: 'replayed' }, timestamp: new Date(t - 60_000).toISOString() })).status).toBe(
      204,
    )
    expect((await init(e, { envVars: { V: 'same-time' }, timestamp: new Date(t).toISOString() })).status).toBe(204)
    expect((await envs(e)).V).toBe('newest')
    expect((await init(e, { envVars: { V: 'later' }, timestamp: new Date(t + 1000).toISOString() })).status).toBe(204)
    expect((await envs(e)).V).toBe('later')
  })

  it('applies defaultUser and defaultWorkdir only when non-empty', async () => {
    const e = await envd()
    await e.seed({ 'wd/': null })
    await init(e, { defaultWorkdir: e.path('wd') })
    expect(e.state.defaultWorkdir).toBe(e.path('wd'))
    await init(e, { defaultWorkdir: '', defaultUser: '' })
    expect(e.state.defaultWorkdir).toBe(e.path('wd'))
    const run = await processRun(e.process.start({ process: { cmd: 'pwd' } }))
    expect(run.stdout.trim()).toBe(e.path('wd'))
  })

  it('rejects an empty accessToken with 400', async () => {
    const e = await envd()
    const res = await init(e, { accessToken: '' })
    expect(res.status).toBe(400)
    expect(e.state.accessToken).toBeUndefined()
  })
})

describe('access token', () => {
  it('protects RPCs with 401 and the exact contract body', async () => {
    const e = await withToken()
    const res = await fetch(`${e.url}/filesystem.Filesystem/Stat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: e.root }),
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual(UNAUTHORIZED)
  })

  it('makes a Connect client without the token fail with unauthenticated', async () => {
    const e = await withToken()
    expect((await rpcError(e.filesystem.stat({ path: e.root }))).code).toBe(Code.Unauthenticated)
    const { filesystem } = e.clients({ 'x-access-token': 'wrong' })
    expect((await rpcError(filesystem.stat({ path: e.root }))).code).toBe(Code.Unauthenticated)
  })

  it('lets RPCs with the right X-Access-Token through', async () => {
    const e = await withToken()
    const { filesystem, process } = e.clients({ 'x-access-token': TOKEN })
    expect((await filesystem.stat({ path: e.root })).entry?.path).toBe(e.root)
    expect((await processRun(process.start({ process: { cmd: 'true' } }))).end?.exitCode).toBe(0)
  })

  it('protects a streaming RPC too', async () => {
    const e = await withToken()
    const run = await processRun(e.process.start({ process: { cmd: 'true' } }))
    expect(run.kinds).toEqual([])
    expect(run.error?.code).toBe(Code.Unauthenticated)
  })

  it.each([['/envs'], ['/metrics']])('protects %s with the exact 401 body', async (path) => {
    const e = await withToken()
    const res = await fetch(`${e.url}${path}`)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual(UNAUTHORIZED)
    expect((await fetch(`${e.url}${path}`, { headers: { 'x-access-token': TOKEN } })).status).toBe(200)
  })

  it('leaves /health open', async () => {
    const e = await withToken()
    const res = await fetch(`${e.url}/health`)
    expect(res.status).toBe(204)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('requires the current token for the next /init, then applies it', async () => {
    const e = await withToken()
    const refused = await init(e, { envVars: { X: 'no' } })
    expect(refused.status).toBe(401)
    expect((await envs(e, { 'x-access-token': TOKEN })).X).toBeUndefined()
    expect((await init(e, { envVars: { X: 'yes' }, accessToken: TOKEN }, { 'x-access-token': TOKEN })).status).toBe(204)
    expect((await envs(e, { 'x-access-token': TOKEN })).X).toBe('yes')
  })

  it('clears the token when an authorized /init omits it', async () => {
    const e = await withToken()
    expect((await init(e, {}, { 'x-access-token': TOKEN })).status).toBe(204)
    expect((await e.filesystem.stat({ path: e.root })).entry?.path).toBe(e.root)
  })
})

describe('/files with a token', () => {
  it.each([
    ['a mismatching header', { 'x-access-token': 'wrong' }, {}, 'access token present in header but does not match'],
    ['neither header nor signature', {}, {}, 'missing signature query parameter'],
    ['a bad signature', {}, { signature: 'v1_bad' }, 'invalid signature'],
  ])('refuses a download with %s: 401 %j', async (_name, headers, query, message) => {
    const e = await withToken()
    await e.seed({ 'f.txt': 'x' })
    const res = await fetch(`${e.url}/files?${new URLSearchParams({ path: e.path('f.txt'), ...query })}`, { headers })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ code: 401, message })
  })

  it('serves a download with the token header', async () => {
    const e = await withToken()
    await e.seed({ 'f.txt': 'token ok' })
    const res = await fetch(`${e.url}/files?${new URLSearchParams({ path: e.path('f.txt') })}`, {
      headers: { 'x-access-token': TOKEN },
    })
    expect(await res.text()).toBe('token ok')
  })

  it('serves a signed download, with and without an expiration in the future', async () => {
    const e = await withToken()
    await e.seed({ 'f.txt': 'signed ok' })
    const path = e.path('f.txt')
    const plain = await fetch(`${e.url}/files?${new URLSearchParams({ path, signature: sign(path, 'read', '') })}`)
    expect(await plain.text()).toBe('signed ok')
    const exp = Math.floor(Date.now() / 1000) + 300
    const expiring = await fetch(
      `${e.url}/files?${new URLSearchParams({ path, username: 'root', signature: sign(path, 'read', 'root', exp), signature_expiration: String(exp) })}`,
    )
    expect(await expiring.text()).toBe('signed ok')
  })

  it("refuses an expired signature with upstream's exact body", async () => {
    const e = await withToken()
    await e.seed({ 'f.txt': 'x' })
    const path = e.path('f.txt')
    const exp = Math.floor(Date.now() / 1000) - 5
    const res = await fetch(
      `${e.url}/files?${new URLSearchParams({ path, signature: sign(path, 'read', '', exp), signature_expiration: String(exp) })}`,
    )
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ code: 401, message: 'signature is already expired' })
  })

  it('accepts a signed upload only with a write signature', async () => {
    const e = await withToken()
    const path = e.path('up.txt')
    const post = (signature: string) =>
      fetch(`${e.url}/files?${new URLSearchParams({ path, signature })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: 'up',
      })
    const withRead = await post(sign(path, 'read', ''))
    expect(withRead.status).toBe(401)
    const withWrite = await post(sign(path, 'write', ''))
    expect(withWrite.status).toBe(200)
  })
})

describe('POST /init caBundle (upstream host/cacerts.go)', () => {
  const PEM_A = '-----BEGIN CERTIFICATE-----\nQUFB\n-----END CERTIFICATE-----\n'
  const PEM_B = '-----BEGIN CERTIFICATE-----\nQkJC\n-----END CERTIFICATE-----'

  it('appends the bundle to the trust bundle once and keeps it as the local CA file', async () => {
    const e = await envd()
    await e.seed({ '.ca/ca-certificates.crt': 'EXISTING ROOTS' })
    expect((await init(e, { caBundle: PEM_A, timestamp: new Date(Date.now() - 2000).toISOString() })).status).toBe(204)
    // A resume sends the same CA again: the bundle does not grow.
    expect((await init(e, { caBundle: PEM_A, timestamp: new Date(Date.now() - 1000).toISOString() })).status).toBe(204)
    expect(await readFile(e.path('.ca/ca-certificates.crt'), 'utf8')).toBe(`EXISTING ROOTS\n${PEM_A}`)
    expect(await readFile(e.path('.ca/local/e2b-ca.crt'), 'utf8')).toBe(PEM_A)
    expect((await init(e, { caBundle: PEM_B })).status).toBe(204)
    expect(await readFile(e.path('.ca/ca-certificates.crt'), 'utf8')).toBe(`EXISTING ROOTS\n${PEM_A}${PEM_B}\n`)
    expect(await readFile(e.path('.ca/local/e2b-ca.crt'), 'utf8')).toBe(`${PEM_B}\n`)
  })

  it('leaves the trust store alone without a caBundle, and refuses a non-string one', async () => {
    const e = await envd()
    expect((await init(e, { envVars: {} })).status).toBe(204)
    await expect(readFile(e.path('.ca/local/e2b-ca.crt'), 'utf8')).rejects.toThrow(/ENOENT/)
    expect((await init(e, { caBundle: 42 })).status).toBe(400)
  })
})

describe('/init with the ids (a sandbox restored from the memory of another)', () => {
  it('replaces E2B_SANDBOX_ID and E2B_TEMPLATE_ID in /envs only with the current token, and refuses a bad id', async () => {
    const e = await withToken()
    expect((await init(e, { sandboxId: 'ifork1', templateId: 'snap1' })).status).toBe(401)
    expect((await envs(e, { 'x-access-token': TOKEN })).E2B_SANDBOX_ID).toBeUndefined()
    const bad = await init(e, { sandboxId: 'a b/../c' }, { 'x-access-token': TOKEN })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toMatch(/body\/sandboxId/)
    const ok = await init(
      e,
      { sandboxId: 'ifork1', templateId: 'snap1', accessToken: 'new-token' },
      { 'x-access-token': TOKEN },
    )
    expect(ok.status).toBe(204)
    const now = await envs(e, { 'x-access-token': 'new-token' })
    expect(now).toMatchObject({ E2B_SANDBOX: 'true', E2B_SANDBOX_ID: 'ifork1', E2B_TEMPLATE_ID: 'snap1' })
  })
})

describe('the sandbox files (/run/e2b/.E2B_SANDBOX, .E2B_SANDBOX_ID, .E2B_TEMPLATE_ID)', () => {
  it('are written with the bare ids, readable by every user, replacing what a snapshot carried over', async () => {
    const { mkdtemp, rm, stat, writeFile, mkdir, readdir } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { writeRunIds } = await import('../../../../src/envd/http/init.js')
    const root = await mkdtemp(join(tmpdir(), 'envd-run-'))
    onTestFinished(() => rm(root, { recursive: true, force: true }))
    const dir = join(root, 'run', 'e2b')
    // What the source sandbox of a snapshot left there.
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, '.E2B_SANDBOX_ID'), 'ioldsandbox')
    await writeRunIds(dir, {
      internalEnv: { E2B_SANDBOX: 'true', E2B_SANDBOX_ID: 'inewsandbox', E2B_TEMPLATE_ID: 'tpl123' },
    })
    expect(await readFile(join(dir, '.E2B_SANDBOX_ID'), 'utf8')).toBe('inewsandbox')
    expect(await readFile(join(dir, '.E2B_TEMPLATE_ID'), 'utf8')).toBe('tpl123')
    expect(await readFile(join(dir, '.E2B_SANDBOX'), 'utf8')).toBe('true')
    for (const f of ['.E2B_SANDBOX', '.E2B_SANDBOX_ID', '.E2B_TEMPLATE_ID'])
      expect((await stat(join(dir, f))).mode & 0o777).toBe(0o644)
    expect((await readdir(dir)).sort()).toEqual(['.E2B_SANDBOX', '.E2B_SANDBOX_ID', '.E2B_TEMPLATE_ID'])
  })
})
