// API keys are kept only as SHA-256 digests (in memory and in the data dir) and compared in constant time.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it, onTestFinished } from 'vitest'
import { matchesDigest, secretDigest } from '../../../src/shared/safe-equal.js'
import { loadServerKeys } from '../../../src/control/server-keys.js'

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sandock-secrets-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}

async function allFileText(dir: string): Promise<string> {
  const names = await readdir(dir)
  return (await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')))).join('\n')
}

it('matches a secret against digests only', () => {
  const digests = ['one', 'two'].map(secretDigest)
  expect(matchesDigest('two', digests)).toBe(true)
  expect(matchesDigest('three', digests)).toBe(false)
  expect(matchesDigest('', digests)).toBe(false)
  expect(matchesDigest('two', [])).toBe(false)
})

it('keeps configured keys as digests and writes no key file', async () => {
  const dir = await tempDir()
  const s = await loadServerKeys(dir, ['e2b_abc'])
  expect(s.apiKeyDigests).toEqual([secretDigest('e2b_abc')])
  expect(s.generatedKey).toBeUndefined()
  expect(await allFileText(dir)).not.toContain('e2b_abc')
})

it('generates a key once, stores only its digest, and accepts it after a restart', async () => {
  const dir = await tempDir()
  const first = await loadServerKeys(dir, [])
  expect(first.generatedKey).toMatch(/^e2b_[0-9a-f]{40}$/)
  expect(await allFileText(dir)).not.toContain(first.generatedKey!)
  expect((await readFile(join(dir, 'api-key.sha256'), 'utf8')).trim()).toBe(
    secretDigest(first.generatedKey!).toString('hex'),
  )
  const again = await loadServerKeys(dir, [])
  expect(again.generatedKey).toBeUndefined()
  expect(matchesDigest(first.generatedKey!, again.apiKeyDigests)).toBe(true)
})

it('replaces a key file in clear (older versions) with its digest and keeps accepting the key', async () => {
  const dir = await tempDir()
  await writeFile(join(dir, 'api-key'), 'e2b_0123456789abcdef\n')
  const s = await loadServerKeys(dir, [])
  expect(s.generatedKey).toBeUndefined()
  expect(matchesDigest('e2b_0123456789abcdef', s.apiKeyDigests)).toBe(true)
  expect(await readdir(dir)).not.toContain('api-key')
  expect(await allFileText(dir)).not.toContain('e2b_0123456789abcdef')
})
