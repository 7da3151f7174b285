// The cluster's API keys are exactly the configured ones: a key removed from the file (in place)
// stops matching after a reload; a failed or empty read keeps the last good set; the digest array
// is the same object throughout (the auth hook holds it).
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadApiKeySet, parseApiKeys, type ApiKeySet } from '../../../../src/control/cluster/api-keys.js'
import { matchesDigest } from '../../../../src/shared/safe-equal.js'

const sets: ApiKeySet[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const s of sets.splice(0)) s.stop()
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

async function keyFile(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sandock-keys-'))
  dirs.push(dir)
  const file = join(dir, 'keys')
  await writeFile(file, text)
  return file
}

describe('cluster API keys', () => {
  it('parses one per line or comma-separated', () => {
    expect(parseApiKeys(' e2b_a\ne2b_b, e2b_c ,\n\n')).toEqual(['e2b_a', 'e2b_b', 'e2b_c'])
  })

  it('accepts exactly the configured keys and follows the file when it changes in place', async () => {
    const file = await keyFile('e2b_old\ne2b_kept\n')
    const changes: number[] = []
    const set = await loadApiKeySet({ keys: ['e2b_env'], file, reloadMs: 0, onChange: (n) => changes.push(n) })
    sets.push(set)
    const same = set.digests
    for (const k of ['e2b_old', 'e2b_kept', 'e2b_env']) expect(matchesDigest(k, set.digests)).toBe(true)
    expect(matchesDigest('e2b_new', set.digests)).toBe(false)
    expect(await set.reload()).toBe(false)

    await writeFile(file, 'e2b_new,e2b_kept')
    expect(await set.reload()).toBe(true)
    expect(set.digests).toBe(same)
    expect(matchesDigest('e2b_old', same)).toBe(false)
    expect(matchesDigest('e2b_new', same)).toBe(true)
    expect(matchesDigest('e2b_kept', same)).toBe(true)
    expect(matchesDigest('e2b_env', same)).toBe(true)
    expect(same).toHaveLength(3)
    expect(changes).toEqual([3])
  })

  it('keeps the last good set when the file is emptied or unreadable', async () => {
    const file = await keyFile('e2b_one')
    const set = await loadApiKeySet({ keys: [], file, reloadMs: 0 })
    sets.push(set)
    await writeFile(file, '  \n')
    await expect(set.reload()).rejects.toThrow(/names no key/)
    expect(matchesDigest('e2b_one', set.digests)).toBe(true)
    await rm(file)
    await expect(set.reload()).rejects.toThrow(/cannot read the API keys/)
    expect(matchesDigest('e2b_one', set.digests)).toBe(true)
  })

  it('refuses to start with no key at all', async () => {
    await expect(loadApiKeySet({ keys: [], file: await keyFile('\n') })).rejects.toThrow(/needs API keys/)
    await expect(loadApiKeySet({ keys: [], file: undefined })).rejects.toThrow(/needs API keys/)
  })

  it('re-reads the file on its own every reloadMs', async () => {
    const file = await keyFile('e2b_first')
    const errors: Error[] = []
    const set = await loadApiKeySet({ keys: [], file, reloadMs: 50, onError: (e) => errors.push(e) })
    sets.push(set)
    await writeFile(file, 'e2b_second')
    const deadline = Date.now() + 2000
    while (matchesDigest('e2b_first', set.digests) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(matchesDigest('e2b_first', set.digests)).toBe(false)
    expect(matchesDigest('e2b_second', set.digests)).toBe(true)
    expect(errors).toEqual([])
  })
})
