// The secret store on a temp data dir: CRUD, versions, lookup by id or name, paging, limits, the
// value only through resolveSecret, nothing in clear on disk, restarts, and a tampered row refused.
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it, onTestFinished } from 'vitest'
import { SecretStore } from '../../../../src/control/secret-store/secret-store.js'

async function store(opts: { key?: Buffer; maxSecrets?: number; dataDir?: string } = {}) {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'secrets-')))
  const key = opts.key ?? randomBytes(32)
  const s = new SecretStore({ dataDir, key, maxSecrets: opts.maxSecrets })
  onTestFinished(async () => {
    s.close()
    if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true })
  })
  return { s, dataDir, key }
}
const kindOf = (fn: () => unknown) => {
  try {
    fn()
    return 'ok'
  } catch (e) {
    return `${(e as { kind: string }).kind}: ${(e as Error).message}`
  }
}

describe('SecretStore', () => {
  it('creates at version 1 with a lowercased name, and updates to version 2 keeping or replacing metadata', async () => {
    const { s } = await store()
    const created = s.create({ name: 'OpenAI-Key', value: 'sk-1', metadata: { env: 'test' } })
    expect(created).toMatchObject({ name: 'openai-key', currentVersion: 1, metadata: { env: 'test' } })
    expect(created.secretId).toMatch(/^sec_[0-9a-z]{26}$/)
    expect(created).not.toHaveProperty('value')
    const kept = s.update(created.secretId, { value: 'sk-2' })
    expect(kept).toMatchObject({ secretId: created.secretId, currentVersion: 2, metadata: { env: 'test' } })
    expect(kept.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime())
    expect(kept.createdAt).toEqual(created.createdAt)
    expect(s.update('openai-key', { value: 'sk-3', metadata: {} })).toMatchObject({ currentVersion: 3, metadata: {} })
    expect(s.update('OPENAI-KEY', { value: 'sk-4', metadata: { a: 'b' } })).toMatchObject({
      currentVersion: 4,
      metadata: { a: 'b' },
    })
    expect(await s.resolveSecret('openai-key')).toBe('sk-4')
    expect(await s.resolveSecret('OpenAI-KEY')).toBe('sk-4')
  })

  it('finds a secret by id or by name, case-insensitively; 404 and 400 with the fixed texts', async () => {
    const { s } = await store()
    const { secretId } = s.create({ name: 'lookup', value: 'v' })
    expect(s.get(secretId).name).toBe('lookup')
    expect(s.get(secretId.toUpperCase()).name).toBe('lookup')
    expect(s.get('LookUp').secretId).toBe(secretId)
    expect(kindOf(() => s.get('missing'))).toBe('not_found: Secret not found')
    expect(kindOf(() => s.get(`sec_${'0'.repeat(26)}`))).toBe('not_found: Secret not found')
    expect(kindOf(() => s.get('sec_lookup'))).toBe('invalid_argument: Invalid secrets request')
    expect(kindOf(() => s.get('bad name'))).toBe('invalid_argument: Invalid secrets request')
  })

  it('refuses duplicate names (409), bad names, values and metadata (400), and a full store (409)', async () => {
    const { s } = await store({ maxSecrets: 2 })
    s.create({ name: 'dup', value: 'v' })
    expect(kindOf(() => s.create({ name: 'DUP', value: 'v' }))).toBe(
      'conflict: Secret cannot be modified in its current state',
    )
    for (const bad of [
      { name: 'sec_x', value: 'v' },
      { name: 'a b', value: 'v' },
      { name: 'ok', value: '' },
      { name: 'ok', value: 'x'.repeat(65 * 1024) },
      { name: 'ok', value: 'v', metadata: { ['k'.repeat(200)]: 'v' } },
    ]) {
      expect(kindOf(() => s.create(bad))).toBe('invalid_argument: Invalid secrets request')
    }
    s.create({ name: 'second', value: 'v' })
    expect(kindOf(() => s.create({ name: 'third', value: 'v' }))).toBe(
      'conflict: Secret cannot be modified in its current state',
    )
    expect(kindOf(() => s.update('second', { value: '' }))).toBe('invalid_argument: Invalid secrets request')
  })

  it('pages in creation order with an opaque next token while more remain', async () => {
    const { s } = await store()
    const names = ['key-a', 'key-b', 'key-c', 'key-d', 'key-e']
    for (const name of names) s.create({ name, value: name })
    const first = s.list({ limit: 2 })
    expect(first.items.map((i) => i.name)).toEqual(['key-a', 'key-b'])
    expect(first.nextToken).toBeTruthy()
    const second = s.list({ limit: 2, nextToken: first.nextToken })
    expect(second.items.map((i) => i.name)).toEqual(['key-c', 'key-d'])
    const last = s.list({ limit: 2, nextToken: second.nextToken })
    expect(last.items.map((i) => i.name)).toEqual(['key-e'])
    expect(last.nextToken).toBeUndefined()
    expect(s.list().items).toHaveLength(5)
    expect(s.list({ limit: 5 }).nextToken).toBeUndefined()
    for (const bad of [
      { limit: 0 },
      { limit: 101 },
      { nextToken: 'garbage' },
      { nextToken: Buffer.from('sec_x').toString('base64url') },
    ]) {
      expect(kindOf(() => s.list(bad))).toBe('invalid_argument: Invalid secrets request')
    }
  })

  it('removes every version: gone by id and name, and the name is free again', async () => {
    const { s } = await store()
    const { secretId } = s.create({ name: 'gone', value: 'v1' })
    s.update(secretId, { value: 'v2' })
    s.remove('GONE')
    expect(kindOf(() => s.get(secretId))).toBe('not_found: Secret not found')
    expect(kindOf(() => s.remove(secretId))).toBe('not_found: Secret not found')
    expect(await s.resolveSecret('gone')).toBeUndefined()
    expect(s.create({ name: 'gone', value: 'v3' }).currentVersion).toBe(1)
  })

  it('keeps no value in clear on disk (file 0600), and survives a restart with the same key', async () => {
    const { s, dataDir, key } = await store()
    const value = `clear-${randomBytes(8).toString('hex')}`
    s.create({ name: 'persisted', value, metadata: { team: 'x' } })
    s.update('persisted', { value: `${value}-v2` })
    s.close()
    for (const f of await readdir(dataDir))
      expect((await readFile(join(dataDir, f))).includes(Buffer.from(value)), f).toBe(false)
    expect((await stat(join(dataDir, 'secrets.db'))).mode & 0o777).toBe(0o600)
    const again = new SecretStore({ dataDir, key })
    onTestFinished(() => again.close())
    expect(again.get('persisted')).toMatchObject({ currentVersion: 2, metadata: { team: 'x' } })
    expect(await again.resolveSecret('persisted')).toBe(`${value}-v2`)
  })

  it('refuses a value sealed under another key or tampered with on disk', async () => {
    const { s, dataDir, key } = await store()
    s.create({ name: 'a', value: 'value-a' })
    s.create({ name: 'b', value: 'value-b' })
    s.close()
    const other = new SecretStore({ dataDir, key: randomBytes(32) })
    await expect(other.resolveSecret('a')).rejects.toThrow('failed authentication')
    other.close()
    // Swap the sealed values of two rows (each is bound to its own id and version), and flip a bit of another.
    const db = new DatabaseSync(join(dataDir, 'secrets.db'))
    db.exec("UPDATE secrets SET sealed = (SELECT sealed FROM secrets WHERE name = 'b') WHERE name = 'a'")
    const row = db.prepare("SELECT sealed FROM secrets WHERE name = 'b'").get() as { sealed: Uint8Array }
    const flipped = Buffer.from(row.sealed)
    flipped[flipped.length - 1] = flipped[flipped.length - 1]! ^ 1
    db.prepare("UPDATE secrets SET sealed = ? WHERE name = 'b'").run(flipped)
    db.close()
    const again = new SecretStore({ dataDir, key })
    onTestFinished(() => again.close())
    await expect(again.resolveSecret('a')).rejects.toThrow('failed authentication')
    await expect(again.resolveSecret('b')).rejects.toThrow('failed authentication')
    // The metadata still reads: only the value is refused.
    expect(again.get('a').currentVersion).toBe(1)
  })

  it('answers undefined for names that cannot exist', async () => {
    const { s } = await store()
    expect(await s.resolveSecret('nope')).toBeUndefined()
    expect(await s.resolveSecret('sec_abc')).toBeUndefined()
    expect(await s.resolveSecret('{bad}')).toBeUndefined()
  })
})
