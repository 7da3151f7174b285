// Access tokens and GET /teams against the shared `sandock serve`: a token issued by `sandock
// access-token create` on the running server's data dir, then E2B's own CLI (`@e2b/cli`, pinned,
// unmodified) signed in with it as a person would: `e2b auth login` in a PTY (no browser on PATH, so
// it prints the sign-in URL; Chromium, then the test itself, is the browser), `e2b auth configure`
// choosing the project, then commands that use only the API key the CLI stored. Plus every
// refusal: 401s with the E2B body.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import * as nodePty from 'node-pty'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { launchBrowser } from '../support/browser.js'
import { printServerLogsOnFailure, sharedServer } from '../support/control-sdk.js'
import { serverLogTail } from '../support/control-server.js'

const run = promisify(execFile)
const E2B_CLI = createRequire(import.meta.url).resolve('@e2b/cli/dist/index.js')
const SANDOCK = resolve(import.meta.dirname, '../../dist/cli.js')
const TOKEN_RE = /^sk_e2b_[0-9a-f]{40}$/
let home: string
let noBrowser: string

printServerLogsOnFailure()

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'sandock-teams-home-'))
  noBrowser = await mkdtemp(join(tmpdir(), 'sandock-teams-path-'))
})
afterAll(async () => {
  await rm(home, { recursive: true, force: true })
  await rm(noBrowser, { recursive: true, force: true })
})

/** `sandock access-token <args>` on the shared server's data dir (the server keeps running). */
async function accessToken(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [SANDOCK, 'access-token', ...args], {
    env: { ...process.env, SANDOCK_DATA_DIR: sharedServer().dataDir },
  })
}

async function createToken(name: string): Promise<{ token: string; id: string }> {
  const { stdout, stderr } = await accessToken('create', '--name', name)
  const token = stdout.trim()
  expect(token).toMatch(TOKEN_RE)
  const id = /Access token ([0-9a-f]+)/.exec(stderr)?.[1]
  expect(id).toBeDefined()
  return { token, id: id! }
}

const api = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${sharedServer().apiUrl}${path}`, { headers })

async function expect401(res: Response, message: string | RegExp) {
  expect(res.status).toBe(401)
  const body = (await res.json()) as { code: number; message: string }
  expect(body.code).toBe(401)
  expect(body.message).toMatch(message)
}

type Team = { teamID: string; name: string; apiKey: string; isDefault: boolean }

/** The CLI's environment: the server's URLs, no API key, a fresh HOME and no browser to open. */
function cliEnv(): Record<string, string> {
  const server = sharedServer()
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('E2B_') && !k.startsWith('SANDOCK_')) env[k] = v
  return {
    ...env,
    HOME: home,
    PATH: noBrowser,
    E2B_API_URL: server.apiUrl,
    E2B_SANDBOX_URL: server.sandboxUrl,
    E2B_DOCS_BASE: `${server.apiUrl}/docs`,
    NO_UPDATE_NOTIFIER: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  }
}

const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;?]*[a-zA-Z]|\x1b\][^\x07]*\x07/g, '')

/** `e2b <args>` in a pseudo-terminal, as a person at a shell would run it. */
function e2bInPty(args: string[]) {
  const term = nodePty.spawn(process.execPath, [E2B_CLI, ...args], {
    name: 'xterm',
    cols: 250,
    rows: 40,
    cwd: home,
    env: cliEnv(),
  })
  let output = ''
  term.onData((d) => {
    output += d
  })
  const exited = new Promise<number>((r) => term.onExit(({ exitCode }) => r(exitCode)))
  onTestFinished(() => {
    try {
      term.kill()
    } catch {
      /* already gone */
    }
  })
  const screen = () => stripAnsi(output).replace(/\r/g, '')
  return {
    screen,
    write: (s: string) => term.write(s),
    exited,
    waitFor: (re: RegExp, what: string, timeoutMs = 30_000) =>
      vi.waitFor(
        () => {
          const m = re.exec(screen())
          if (!m) throw new Error(`${what}; terminal so far:\n${screen()}`)
          return m
        },
        { timeout: timeoutMs, interval: 100 },
      ),
  }
}

/** `e2b <args>` to completion without a terminal. */
async function e2b(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const running = run(process.execPath, [E2B_CLI, ...args], { env: cliEnv(), cwd: home, timeout: 60_000 })
  running.child.stdin?.end()
  try {
    return { code: 0, ...(await running) }
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string }
    if (typeof err.code !== 'number') throw e
    return { code: err.code, stdout: err.stdout ?? '', stderr: err.stderr ?? '' }
  }
}

/** `e2b auth login` to the end, the test acting as the browser that opens the printed URL. */
async function login(token: string, name: string): Promise<void> {
  const cli = e2bInPty(['auth', 'login'])
  const [url] = await cli.waitFor(/http:\/\/\S+\/docs\/api\/cli\?\S+/, 'the sign-in URL')
  const form = await fetch(url)
  expect(form.status).toBe(200)
  const html = await form.text()
  const next = /name="next" value="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&')
  expect(next).toMatch(/^http:\/\/localhost:\d+\/$/)
  const signIn = await fetch(`${sharedServer().apiUrl}/docs/api/cli`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ next: next!, token }),
    redirect: 'manual',
  })
  expect(signIn.status).toBe(302)
  const toCli = signIn.headers.get('location')!
  expect(new URL(toCli).origin).toBe(new URL(next!).origin)
  const cliAnswer = await fetch(toCli, { redirect: 'manual' })
  expect(cliAnswer.status).toBe(302)
  const done = await fetch(cliAnswer.headers.get('location')!)
  expect(done.status).toBe(200)
  expect(await done.text()).toContain(`signed in as ${name}`)
  await cli.waitFor(new RegExp(`Logged in as ${name} with selected project Sandock`), 'the signed-in line')
  expect(await cli.exited).toBe(0)
}

/** `e2b auth login` with a person at Chromium: the printed URL opened, the token pasted, Sign in clicked. */
async function loginInBrowser(token: string, name: string): Promise<void> {
  const cli = e2bInPty(['auth', 'login'])
  const [url] = await cli.waitFor(/http:\/\/\S+\/docs\/api\/cli\?\S+/, 'the sign-in URL')
  const browser = await launchBrowser()
  try {
    const page = await browser.context.newPage()
    await page.goto(url)
    await page.getByLabel('Access token').fill(token)
    await page.getByRole('button', { name: 'Sign in' }).click()
    // Through the CLI's own listener on localhost, which sends the browser back to the success page.
    await page.waitForURL(/\/docs\/api\/cli\?state=success/, { timeout: 30_000 })
    expect((await page.locator('body').textContent()) ?? '').toContain(`signed in as ${name}`)
  } finally {
    await browser.close()
  }
  await cli.waitFor(new RegExp(`Logged in as ${name} with selected project Sandock`), 'the signed-in line')
  expect(await cli.exited).toBe(0)
}

const readConfig = async () =>
  JSON.parse(await readFile(join(home, '.e2b', 'config.json'), 'utf8')) as Record<string, unknown> & {
    projectApiKey: string
    projectId: string
    projectName: string
  }

describe('GET /teams with an access token', () => {
  it('answers the one team with the API key issued with the token, which the API accepts', async () => {
    const { token } = await createToken('teams-test')
    const res = await api('/teams', { authorization: `Bearer ${token}` })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const teams = (await res.json()) as Team[]
    expect(teams).toEqual([
      {
        teamID: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/),
        name: 'Sandock',
        apiKey: expect.stringMatching(/^e2b_[0-9a-f]{40}$/),
        isDefault: true,
      },
    ])
    expect(teams[0]!.apiKey).not.toBe(sharedServer().apiKey)
    expect((await api('/v2/sandboxes', { 'x-api-key': teams[0]!.apiKey })).status).toBe(200)
    // The same answer on a second call, and neither secret is in the data dir or the log.
    const again = (await (await api('/teams', { authorization: `Bearer ${token}` })).json()) as Team[]
    expect(again).toEqual(teams)
    const stored = await readFile(join(sharedServer().dataDir, 'access-tokens.json'), 'utf8')
    expect(stored).not.toContain(token)
    expect(stored).not.toContain(teams[0]!.apiKey)
    const log = await serverLogTail(sharedServer(), 1 << 20)
    expect(log).not.toContain(token)
    expect(log).not.toContain(teams[0]!.apiKey)
  })

  it('refuses a missing, malformed or unknown token, and an API key, with 401', async () => {
    await expect401(await api('/teams'), 'authorization header is missing')
    await expect401(await api('/teams', { authorization: `Bearer sk_e2b_${'0'.repeat(40)}` }), 'Invalid access token')
    await expect401(await api('/teams', { authorization: 'Bearer' }), 'Invalid access token')
    await expect401(await api('/teams', { authorization: `Basic ${btoa('a:b')}` }), 'Invalid access token')
    // An API key is not an access token, in either header.
    await expect401(await api('/teams', { authorization: `Bearer ${sharedServer().apiKey}` }), 'Invalid access token')
    await expect401(await api('/teams', { 'x-api-key': sharedServer().apiKey }), 'authorization header is missing')
  })

  it('does not take an access token as an API key', async () => {
    const { token } = await createToken('not-a-key')
    await expect401(await api('/v2/sandboxes', { 'x-api-key': token }), /Invalid API key/)
    await expect401(await api('/v2/sandboxes', { authorization: `Bearer ${token}` }), 'authorization header is missing')
  })

  it('revoking a token refuses it and its API key at once, on the running server', async () => {
    const { token, id } = await createToken('revoked')
    const [team] = (await (await api('/teams', { authorization: `Bearer ${token}` })).json()) as Team[]
    expect((await api('/v2/sandboxes', { 'x-api-key': team!.apiKey })).status).toBe(200)
    expect((await accessToken('list')).stdout).toMatch(new RegExp(`^${id}\\trevoked\\t`, 'm'))
    await accessToken('revoke', id)
    expect((await accessToken('list')).stdout).not.toContain(id)
    await expect401(await api('/teams', { authorization: `Bearer ${token}` }), 'Invalid access token')
    await expect401(await api('/v2/sandboxes', { 'x-api-key': team!.apiKey }), /Invalid API key/)
    // The server's own key is untouched.
    expect((await api('/v2/sandboxes', { 'x-api-key': sharedServer().apiKey })).status).toBe(200)
  })
})

describe('the CLI sign-in pages', () => {
  it('hand a token only to a loopback listener, and only a valid one', async () => {
    const { token } = await createToken('pages')
    const base = `${sharedServer().apiUrl}/docs/api/cli`
    const post = (body: Record<string, string>) =>
      fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
        redirect: 'manual',
      })
    for (const next of ['https://evil.example/', 'http://evil.example:8080/', 'http://localhost:1234/steal', 'x']) {
      expect((await fetch(`${base}?next=${encodeURIComponent(next)}`)).status).toBe(400)
      const res = await post({ next, token })
      expect(res.status).toBe(400)
      expect(res.headers.get('location')).toBeNull()
    }
    const wrong = await post({ next: 'http://localhost:1234/', token: `sk_e2b_${'1'.repeat(40)}` })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('location')).toBeNull()
    // The token endpoint the CLI refreshes through: the token itself, or invalid_grant.
    const refresh = (t: string) =>
      fetch(`${base}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: t, client_id: 'sandock-cli' }),
      })
    expect(await (await refresh(token)).json()).toMatchObject({ access_token: token, refresh_token: token })
    const bad = await refresh(sharedServer().apiKey)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: 'invalid_grant' })
  })
})

describe('e2b auth login and configure (E2B CLI in a PTY)', () => {
  it('signs in with an access token, selects the project, and then works with the stored key', async () => {
    const { token, id } = await createToken('alice')
    await loginInBrowser(token, 'alice')
    const config = await readConfig()
    expect(config.projectName).toBe('Sandock')
    expect(config.projectApiKey).toMatch(/^e2b_[0-9a-f]{40}$/)

    const configure = e2bInPty(['auth', 'configure'])
    await configure.waitFor(/Select project/, 'the project prompt')
    await configure.waitFor(/Sandock \(/, 'the project in the list')
    configure.write('\r')
    await configure.waitFor(new RegExp(`Project Sandock \\(${config.projectId}\\) selected`), 'the selection')
    expect(await configure.exited).toBe(0)
    expect((await readConfig()).projectApiKey).toBe(config.projectApiKey)

    // The CLI now works with what it stored (no E2B_API_KEY in its environment).
    const templates = await e2b(['template', 'list', '-f', 'json'])
    expect(templates.code, templates.stderr).toBe(0)
    expect((JSON.parse(templates.stdout) as { templateID: string }[]).map((t) => t.templateID)).toContain('base')
    const sandboxes = await e2b(['sandbox', 'list', '-f', 'json'])
    expect(sandboxes.code, sandboxes.stderr).toBe(0)
    expect(Array.isArray(JSON.parse(sandboxes.stdout))).toBe(true)
    expect((await e2b(['auth', 'info'])).stdout).toContain('You are logged in as alice')

    // Logout forgets the token here; the server keeps it valid.
    expect((await e2b(['auth', 'logout'])).stdout).toContain('Logged out')
    await expect(readFile(join(home, '.e2b', 'config.json'))).rejects.toThrow(/ENOENT/)
    expect((await api('/teams', { authorization: `Bearer ${token}` })).status).toBe(200)

    // Signed in again, then revoked on the server: configure's refresh fails and the CLI signs out.
    await login(token, 'alice')
    await accessToken('revoke', id)
    const after = e2bInPty(['auth', 'configure'])
    await after.waitFor(/session has expired/, 'the expired-session message')
    await after.exited
    await expect(readFile(join(home, '.e2b', 'config.json'))).rejects.toThrow(/ENOENT/)
    const refused = await e2b(['template', 'list'])
    expect(refused.code).toBe(1)
  })
})
