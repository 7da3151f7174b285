// findImageContext(): where the built-ins' Dockerfiles are, seen from wherever this code runs: the
// bundle's chunk (the server image, dist/image), tsc's output, or the sources.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { findImageContext } from '../../../../src/node/builds/builtin-images.js'

describe('findImageContext', () => {
  it.each([
    ['a chunk of the bundle (chunks/ beside sandock.mjs, as in /opt/sandock)', 'image', 'image/chunks'],
    ['the bundle entry itself', 'image', 'image'],
    ['tsc output (dist/node/builds)', 'dist/image', 'dist/node/builds'],
    ['the sources (src/node/builds)', 'dist/image', 'src/node/builds'],
  ])('finds base.Dockerfile from %s', async (_what, context, from) => {
    const root = await mkdtemp(join(tmpdir(), 'sandock-ctx-'))
    onTestFinished(() => rm(root, { recursive: true, force: true }))
    await mkdir(join(root, context), { recursive: true })
    await mkdir(join(root, from), { recursive: true })
    await writeFile(join(root, context, 'base.Dockerfile'), 'FROM scratch\n')
    expect(await findImageContext(undefined, join(root, from))).toBe(join(root, context))
  })

  it('says where it looked when there is none', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sandock-ctx-'))
    onTestFinished(() => rm(root, { recursive: true, force: true }))
    await expect(findImageContext(undefined, root)).rejects.toThrow(/no base\.Dockerfile found in .*run npm run build/)
  })
})
