// The access token store on a temp data dir (what `sandock access-token` writes and `sandock serve`
// reads), the sign-in page's loopback check, and the domain listener's routing of the sign-in page.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ACCESS_TOKENS_FILE,
  accessTokenStore,
  createAccessToken,
  readAccessTokens,
  revokeAccessToken,
} from '../../../src/control/access-tokens.js'
import { loopbackNext } from '../../../src/control/api/cli-login.js'
import { teamIdOf } from '../../../src/control/api/teams.js'
import { isApiRequest } from '../../../src/control/domain-listener.js'

let dir: string
let errors: Error[]
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandock-access-tokens-'))
  errors = []
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const store = () => accessTokenStore(join(dir, ACCESS_TOKENS_FILE), (e) => errors.push(e))

describe('access tokens', () => {
  it('authenticate their own token only, and give back the API key issued with it', async () => {
    const s = store()
    const a = await createAccessToken(dir, 'alice')
    const b = await createAccessToken(dir, 'bob')
    expect(a.token).toMatch(/^sk_e2b_[0-9a-f]{40}$/)
    const alice = await s.authenticate(a.token)
    const bob = await s.authenticate(b.token)
    expect(alice).toMatchObject({ id: a.record.id, name: 'alice', apiKey: expect.stringMatching(/^e2b_[0-9a-f]{40}$/) })
    expect(bob?.name).toBe('bob')
    expect(bob?.apiKey).not.toBe(alice?.apiKey)
    expect(await s.acceptsApiKey(alice!.apiKey)).toBe(true)
    // Neither credential is the other, and near misses fail.
    expect(await s.authenticate(alice!.apiKey)).toBeUndefined()
    expect(await s.acceptsApiKey(a.token)).toBe(false)
    expect(await s.authenticate(`${a.token.slice(0, -1)}${a.token.endsWith('0') ? '1' : '0'}`)).toBeUndefined()
    expect(await s.authenticate('')).toBeUndefined()
    expect(errors).toEqual([])
  })

  it('keep neither secret in clear, in a file of mode 0600', async () => {
    const { token } = await createAccessToken(dir, 'alice')
    const apiKey = (await store().authenticate(token))!.apiKey
    const text = await readFile(join(dir, ACCESS_TOKENS_FILE), 'utf8')
    expect(text).not.toContain(token)
    expect(text).not.toContain(apiKey)
    expect(text).not.toContain(token.slice(7))
    expect((await stat(join(dir, ACCESS_TOKENS_FILE))).mode & 0o777).toBe(0o600)
  })

  it('are seen by a running store as soon as the file changes (create, revoke)', async () => {
    const s = store()
    expect(await s.acceptsApiKey('e2b_00')).toBe(false)
    const { token, record } = await createAccessToken(dir, 'late')
    const user = await s.authenticate(token)
    expect(user?.name).toBe('late')
    expect(await revokeAccessToken(dir, record.id)).toBe(true)
    expect(await revokeAccessToken(dir, record.id)).toBe(false)
    expect(await s.authenticate(token)).toBeUndefined()
    expect(await s.acceptsApiKey(user!.apiKey)).toBe(false)
    expect(await readAccessTokens(dir)).toEqual([])
  })

  it('refuse a sealed key moved onto another record', async () => {
    const a = await createAccessToken(dir, 'a')
    await createAccessToken(dir, 'b')
    const file = JSON.parse(await readFile(join(dir, ACCESS_TOKENS_FILE), 'utf8'))
    file.tokens[0].sealedApiKey = file.tokens[1].sealedApiKey
    await writeFile(join(dir, ACCESS_TOKENS_FILE), JSON.stringify(file))
    await expect(store().authenticate(a.token)).rejects.toThrow(/failed authentication/)
  })

  it('count as none when the file is not ours, and say so', async () => {
    const { token } = await createAccessToken(dir, 'a')
    await writeFile(join(dir, ACCESS_TOKENS_FILE), '{"version":2}')
    expect(await store().authenticate(token)).toBeUndefined()
    expect(errors.map((e) => e.message)).toEqual([expect.stringContaining('not an access token file')])
    await expect(createAccessToken(dir, 'b')).rejects.toThrow(/not an access token file/)
  })
})

describe('the sign-in page', () => {
  it('sends a token only to the CLI listening on this machine', () => {
    for (const ok of ['http://localhost:4321', 'http://127.0.0.1:4321/', 'http://[::1]:4321/'])
      expect(loopbackNext(ok)?.origin).toBe(new URL(ok).origin)
    for (const bad of [
      'https://localhost:4321/',
      'http://localhost/',
      'http://localhost:4321/x',
      'http://localhost:4321/?a=1',
      'http://user@localhost:4321/',
      'http://localhost.evil.example:4321/',
      'http://10.0.0.1:4321/',
      'javascript:alert(1)',
      '',
      undefined,
      ['http://localhost:4321/'],
    ])
      expect(loopbackNext(bad)).toBeUndefined()
  })

  it('is served on the bare domain in domain mode; nothing else there is the API', () => {
    const req = (host: string, url: string, headers: Record<string, string> = {}) => ({
      headers: { host, ...headers },
      url,
    })
    expect(isApiRequest(req('sandock.test', '/docs/api/cli?next=x'), 'sandock.test')).toBe(true)
    expect(isApiRequest(req('sandock.test:8443', '/docs/api/cli/token'), 'sandock.test')).toBe(true)
    expect(isApiRequest(req('sandock.test', '/v2/sandboxes'), 'sandock.test')).toBe(false)
    expect(isApiRequest(req('sandock.test', '/docs/api/cli2'), 'sandock.test')).toBe(false)
    expect(isApiRequest(req('api.sandock.test', '/v2/sandboxes'), 'sandock.test')).toBe(true)
    expect(isApiRequest(req('sandock.test', '/docs/api/cli', { 'e2b-sandbox-id': 'x' }), 'sandock.test')).toBe(false)
  })

  it('names the team with a stable UUID per server', () => {
    expect(teamIdOf('abc')).toBe(teamIdOf('abc'))
    expect(teamIdOf('abc')).not.toBe(teamIdOf('abd'))
    expect(teamIdOf('abc')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})
