// Secrets through the official SDK against a real `sandock serve`: CRUD, versions 1 → 2, lookup by
// id or name (any case), paging with X-Next-Token, 404s and 409, and write-only values: in no
// answer, no line of the server's debug log, no file of the data dir; kept across a restart.
// The restart uses its own server (API port + 70, proxy port + 70).
import { readFile, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { Secret, SecretNotFoundError, AuthenticationError } from 'e2b'
import { LOG_FILE, sdkOpts, sharedServer } from '../support/control-server.js'
import { rejection as rejectionOf, unique } from '../support/async.js'
import { printServerLogsOnFailure, restartableServer } from '../support/control-sdk.js'

const created: string[] = []
afterAll(async () => {
  for (const id of created) await Secret.destroy(id, sdkOpts()).catch(() => undefined)
})

async function make(name: string, value: string, metadata?: Record<string, string>) {
  const info = await Secret.create(name, value, { ...sdkOpts(), metadata })
  created.push(info.secretId)
  return info
}

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, e.name)
    if (e.isDirectory()) out.push(...(await filesUnder(p)))
    else if (e.isFile()) out.push(p)
  }
  return out
}

describe('Secret (SDK) against sandock serve', () => {
  printServerLogsOnFailure()

  it('creates at version 1, updates to 2, finds by id and by name in any case, and destroys', async () => {
    const name = unique('openai-key-')
    const info = await make(name.toUpperCase(), 'sk-test-1', { env: 'test' })
    expect(info.secretId).toMatch(/^sec_[0-9a-z]{26}$/)
    expect(info).toMatchObject({ name, version: 1, metadata: { env: 'test' } })
    expect(info.createdAt).toBeInstanceOf(Date)
    expect(info).not.toHaveProperty('value')
    const updated = await Secret.update(info.secretId, 'sk-test-2', sdkOpts())
    expect(updated).toMatchObject({ secretId: info.secretId, version: 2, metadata: { env: 'test' } })
    expect(await Secret.update(name, 'sk-test-3', { ...sdkOpts(), metadata: { env: 'prod' } })).toMatchObject({
      version: 3,
      metadata: { env: 'prod' },
    })
    expect((await Secret.getInfo(info.secretId, sdkOpts())).name).toBe(name)
    expect((await Secret.getInfo(name.toUpperCase(), sdkOpts())).secretId).toBe(info.secretId)
    expect(await Secret.exists(name, sdkOpts())).toBe(true)
    expect(await Secret.destroy(info.secretId, sdkOpts())).toBe(true)
    expect(await Secret.exists(info.secretId, sdkOpts())).toBe(false)
    expect(await Secret.destroy(info.secretId, sdkOpts())).toBe(false)
  })

  it('maps 404 to SecretNotFoundError, and answers 409 for a duplicate name and 400 for a reserved one', async () => {
    await expect(Secret.getInfo(unique('absent-'), sdkOpts())).rejects.toThrow(SecretNotFoundError)
    await expect(Secret.update(unique('absent-'), 'v', sdkOpts())).rejects.toThrow(SecretNotFoundError)
    const name = unique('dup-')
    await make(name, 'v')
    expect((await rejectionOf(make(name, 'v'))).message).toBe('409: Secret cannot be modified in its current state')
    expect((await rejectionOf(make('sec_reserved', 'v'))).message).toBe('400: Invalid secrets request')
    await expect(Secret.create(unique('k-'), 'v', { ...sdkOpts(), apiKey: 'e2b_0000' })).rejects.toThrow(
      AuthenticationError,
    )
  })

  it('pages with limit and X-Next-Token until the last page', async () => {
    const prefix = unique('page-')
    for (const i of [1, 2, 3]) await make(`${prefix}-${i}`, `v${i}`)
    const seen: string[] = []
    const paginator = Secret.list({ ...sdkOpts(), limit: 2 })
    let pages = 0
    while (paginator.hasNext) {
      const items = await paginator.nextItems()
      expect(items.length).toBeLessThanOrEqual(2)
      seen.push(...items.map((s) => s.name))
      pages++
    }
    expect(seen.filter((n) => n.startsWith(prefix))).toEqual([`${prefix}-1`, `${prefix}-2`, `${prefix}-3`])
    expect(pages).toBeGreaterThanOrEqual(2)
    const res = await fetch(`${sharedServer().apiUrl}/secrets?limit=1`, {
      headers: { 'x-api-key': sharedServer().apiKey },
    })
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-next-token')).toBeTruthy()
  })
})

describe('secret values are write-only and survive a restart', () => {
  const servers = restartableServer(70, { env: { SANDOCK_LOG_LEVEL: 'debug' } })

  it('keeps the value out of every answer, log line and file, and keeps the secret across a restart', async () => {
    const first = await servers.start()
    const opts = sdkOpts(first)
    const value = `clear-value-${unique('')}`
    const info = await Secret.create('restart-key', value, { ...opts, metadata: { kept: 'yes' } })
    await Secret.update('restart-key', `${value}-v2`, opts)
    // Malformed requests carrying the value as well.
    for (const body of [`{"name":"broken","value":"${value}`, JSON.stringify({ name: 'sec_x', value })]) {
      const res = await fetch(`${first.apiUrl}/secrets`, {
        method: 'POST',
        headers: { 'x-api-key': first.apiKey, 'content-type': 'application/json' },
        body,
      })
      expect(res.status).toBe(400)
      expect(await res.text()).not.toContain(value)
    }
    const raw = await Promise.all(
      [`/secrets`, `/secrets/${info.secretId}`, '/secrets/restart-key'].map(async (p) =>
        (await fetch(`${first!.apiUrl}${p}`, { headers: { 'x-api-key': first!.apiKey } })).text(),
      ),
    )
    for (const text of raw) expect(text).not.toContain(value)

    const second = await servers.restart()
    expect(await Secret.getInfo('restart-key', sdkOpts(second))).toMatchObject({
      secretId: info.secretId,
      version: 2,
      metadata: { kept: 'yes' },
    })
    await second.stop()

    const log = await readFile(join(first.dataDir, LOG_FILE), 'utf8')
    expect(log).toContain('"level":20')
    expect(log).not.toContain(value)
    const files = await filesUnder(first.dataDir)
    expect(files.some((f) => f.endsWith('secrets.db'))).toBe(true)
    for (const f of files) expect((await readFile(f)).includes(Buffer.from(value)), f).toBe(false)
    expect((await stat(join(first.dataDir, 'secrets.db'))).mode & 0o777).toBe(0o600)
  })
})
