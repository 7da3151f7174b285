// How the CLI loads envd (src/commands/envd-loader.ts): the bundle with V8's code cache, or the sources.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createRequire } from 'node:module'
import { codeCachePath, loadEnvd, wrapCommonJs } from '../../../src/commands/envd-loader.js'

/** A directory laid out like dist/image with a stand-in envd.cjs. */
async function bundleDir(source: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'envd-loader-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  await mkdir(join(dir, 'compile-cache'))
  await writeFile(join(dir, 'envd.cjs'), source)
  return dir
}

const FAKE = `
const { join } = require('node:path')
exports.runEnvd = async (args) => args.length + (__filename.endsWith('envd.cjs') && module.exports === exports ? 100 : 0)
`

describe('loadEnvd', () => {
  it("wraps a file exactly as Node's CommonJS loader does (Module.wrap, not importable by name on Node 24)", () => {
    const Module = createRequire(import.meta.url)('node:module') as { wrap?: (s: string) => string }
    expect(typeof Module.wrap).toBe('function')
    expect(wrapCommonJs('exports.a = 1')).toBe(Module.wrap!('exports.a = 1'))
  })

  it('runs envd.cjs as a CommonJS module (require, module, __filename)', async () => {
    const envd = await loadEnvd(await bundleDir(FAKE))
    expect(await envd.runEnvd(['a', 'b'])).toBe(102)
    expect(envd.cacheAccepted).toBe(false)
  })

  it('writes a code cache that the next load takes', async () => {
    const dir = await bundleDir(FAKE)
    const first = await loadEnvd(dir)
    await first.runEnvd([])
    expect(first.saveCodeCache()).toBe(true)
    expect((await readFile(codeCachePath(dir))).length).toBeGreaterThan(0)
    const second = await loadEnvd(dir)
    expect(second.cacheAccepted).toBe(true)
    expect(await second.runEnvd(['x'])).toBe(101)
  })

  it('ignores a cache made for other source (V8 rejects it) and still runs', async () => {
    const dir = await bundleDir(FAKE)
    await writeFile(codeCachePath(dir), Buffer.from('not a V8 code cache'))
    const envd = await loadEnvd(dir)
    expect(envd.cacheAccepted).toBe(false)
    expect(await envd.runEnvd([])).toBe(100)
  })

  it('refuses a bundle without runEnvd', async () => {
    await expect(loadEnvd(await bundleDir('exports.other = 1'))).rejects.toThrow('does not export runEnvd')
  })

  it('runs envd from the sources when there is no bundle', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'envd-loader-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    const envd = await loadEnvd(dir)
    expect(envd.saveCodeCache()).toBe(false)
    const write = process.stdout.write
    let printed = ''
    process.stdout.write = ((chunk: string) => ((printed += chunk), true)) as typeof process.stdout.write
    try {
      expect(await envd.runEnvd(['--help'])).toBe(0)
    } finally {
      process.stdout.write = write
    }
    expect(printed).toContain('Usage: sandock envd')
  })
})
