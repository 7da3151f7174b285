// The built-in templates' images on a fake runtime: base first (built when missing), the derived
// ones tagged by the content hash of their folder and the base image, built in 'auto' mode with
// the base as BASE_TEMPLATE_IMAGE, found ready when the tag exists, reported (not built) in 'off'
// mode and found again by refresh() once built, a failed build reported with its cause, and older
// builds of the same built-in removed; a create right after the start answered from the look at
// the images (moments), not "still starting".
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { contentHash, createBuiltinImages } from '../../../../src/node/builds/builtin-images.js'
import { builtinTemplates } from '../../../../src/node/builds/builtins.js'
import { createLogger } from '../../../../src/shared/logging.js'
import { FakeRuntime } from '../../../support/fake-runtime.js'

const BASE = 'sandock/base:unit-builtins'

/** An image context (base.Dockerfile) with builtins/<name>/ beside it, as npm run build lays them out. */
async function layout() {
  const root = await mkdtemp(join(tmpdir(), 'sandock-builtins-'))
  onTestFinished(() => rm(root, { recursive: true, force: true }))
  const context = join(root, 'image')
  await mkdir(context)
  await writeFile(join(context, 'base.Dockerfile'), 'FROM debian\n')
  for (const name of ['code-interpreter-v1', 'desktop']) {
    await mkdir(join(root, 'builtins', name, 'sub'), { recursive: true })
    await writeFile(
      join(root, 'builtins', name, 'Dockerfile'),
      `ARG BASE_TEMPLATE_IMAGE\nFROM \${BASE_TEMPLATE_IMAGE}\n# ${name}\n`,
    )
    await writeFile(join(root, 'builtins', name, 'sub', 'file.txt'), 'v1')
  }
  return { root, context }
}

function lines() {
  const out: Record<string, unknown>[] = []
  const log = createLogger({
    level: 'info',
    name: 'unit',
    destination: { write: (l: string) => void out.push(JSON.parse(l)) },
  })
  return { log, out }
}

function setup(runtime: FakeRuntime, context: string) {
  const { log, out } = lines()
  const images = createBuiltinImages({
    runtime,
    builtins: builtinTemplates({ baseImage: BASE }),
    log,
    imageContext: context,
  })
  return { images, out }
}

describe('built-in template images', () => {
  it('builds a missing base first, then each missing derived one from its folder with the base as build arg', async () => {
    const { root, context } = await layout()
    const runtime = new FakeRuntime()
    const { images, out } = setup(runtime, context)
    expect(images.state('code-interpreter-v1')).toMatchObject({
      state: 'unavailable',
      reason: expect.stringContaining('still starting'),
    })
    await images.ensureBase()
    expect(runtime.imageBuilds).toEqual([{ tag: BASE, contextDir: context, dockerfile: 'base.Dockerfile' }])
    expect(images.state('base')).toEqual({ state: 'ready', image: BASE })

    await images.ensureDerived('auto')
    const hash = await contentHash(join(root, 'builtins', 'code-interpreter-v1'), `sha256:${BASE}`)
    expect(runtime.imageBuilds.slice(1)).toEqual([
      {
        tag: `sandock/code-interpreter:${hash}`,
        contextDir: join(context, '..', 'builtins', 'code-interpreter-v1'),
        dockerfile: 'Dockerfile',
        buildArgs: { BASE_TEMPLATE_IMAGE: BASE },
        labels: { 'sandock.builtin': 'code-interpreter-v1', 'sandock.builtin.base': BASE },
      },
      expect.objectContaining({
        tag: expect.stringMatching(/^sandock\/desktop:[0-9a-f]{16}$/),
        buildArgs: { BASE_TEMPLATE_IMAGE: BASE },
      }),
    ])
    expect(images.state('code-interpreter-v1')).toEqual({ state: 'ready', image: `sandock/code-interpreter:${hash}` })
    // Progress in the log: the start and the end of each build.
    const msgs = out.filter((l) => l.template === 'code-interpreter-v1').map((l) => l.msg)
    expect(msgs[0]).toMatch(/^building a built-in template image/)
    expect(msgs.at(-1)).toBe('built-in template image ready')
  })

  it('finds images that exist without building, and a changed folder or base gives a new tag', async () => {
    const { root, context } = await layout()
    const runtime = new FakeRuntime({ images: [BASE] })
    await setup(runtime, context).images.ensureDerived('auto')
    expect(runtime.imageBuilds).toHaveLength(2)
    const again = setup(runtime, context).images
    await again.ensureBase()
    await again.ensureDerived('auto')
    expect(runtime.imageBuilds).toHaveLength(2)
    expect(again.state('desktop')).toMatchObject({ state: 'ready' })

    const dir = join(root, 'builtins', 'desktop')
    const before = await contentHash(dir, 'sha256:x')
    await writeFile(join(dir, 'sub', 'file.txt'), 'v2')
    expect(await contentHash(dir, 'sha256:x')).not.toBe(before)
    expect(await contentHash(dir, 'sha256:y')).not.toBe(await contentHash(dir, 'sha256:x'))
  })

  it('removes the older image of a built-in after a rebuild from the same base', async () => {
    const { root, context } = await layout()
    const runtime = new FakeRuntime({ images: [BASE] })
    const first = setup(runtime, context).images
    await first.ensureDerived('auto', ['desktop'])
    const old = (first.state('desktop') as { image: string }).image
    await writeFile(
      join(root, 'builtins', 'desktop', 'Dockerfile'),
      'ARG BASE_TEMPLATE_IMAGE\nFROM ${BASE_TEMPLATE_IMAGE}\n# v2\n',
    )
    const second = setup(runtime, context).images
    await second.ensureDerived('auto', ['desktop'])
    const now = (second.state('desktop') as { image: string }).image
    expect(now).not.toBe(old)
    expect(runtime.images.has(now)).toBe(true)
    expect(runtime.images.has(old)).toBe(false)
  })

  it("with 'off' reports a missing one with the command that builds it, and refresh() finds it once built", async () => {
    const { context } = await layout()
    const runtime = new FakeRuntime({ images: [BASE] })
    const { images } = setup(runtime, context)
    await images.ensureBase()
    await images.ensureDerived('off')
    expect(runtime.imageBuilds).toEqual([])
    expect(images.state('code-interpreter-v1')).toEqual({
      state: 'missing',
      reason:
        "the built-in template 'code-interpreter-v1' is not built on this server: run 'sandock templates build-builtin code-interpreter-v1' or start the server with SANDOCK_BUILD_BUILTINS=auto",
    })
    await images.refresh('code-interpreter-v1')
    expect(images.state('code-interpreter-v1')?.state).toBe('missing')
    // The CLI builds it (another process, same engine).
    const cli = setup(runtime, context).images
    await cli.ensureDerived('auto', ['code-interpreter-v1'])
    await images.refresh('code-interpreter-v1')
    expect(images.state('code-interpreter-v1')).toEqual(cli.state('code-interpreter-v1'))
    expect(images.state('desktop')?.state).toBe('missing')
  })

  it('a create right after the start waits for the look, not for the builds: missing (off) or building (auto)', async () => {
    const { context } = await layout()
    const runtime = new FakeRuntime({ images: [BASE] })
    const { images } = setup(runtime, context)
    // Before any start looked (a node that never builds them, a test's server): nothing to wait for.
    await images.refresh('desktop')
    expect(images.state('desktop')).toMatchObject({
      state: 'unavailable',
      reason: expect.stringContaining('still starting'),
    })
    // The create comes while the start is looking (CI saw "still starting" for a server that was up).
    const look = images.ensureDerived('off')
    const early = images.refresh('desktop')
    await early
    expect(images.state('desktop')).toMatchObject({
      state: 'missing',
      reason: expect.stringContaining('build-builtin'),
    })
    await look

    const auto = setup(runtime, context).images
    const release = runtime.hold('buildImage')
    const started = auto.ensureDerived('auto')
    await auto.refresh('desktop')
    // code-interpreter-v1 is building (held), desktop waits its turn: both say "building", not "starting".
    expect(auto.state('code-interpreter-v1')).toMatchObject({ state: 'building' })
    expect(auto.state('desktop')).toMatchObject({
      state: 'building',
      image: expect.stringMatching(/^sandock\/desktop:/),
    })
    release()
    await started
    expect(auto.state('desktop')).toMatchObject({ state: 'ready' })
  })

  it('reports a failed build with its cause and goes on with the next built-in', async () => {
    const { context } = await layout()
    const runtime = new FakeRuntime({ images: [BASE] })
    runtime.failNext('buildImage', new Error('apt-get: unable to fetch'))
    const { images, out } = setup(runtime, context)
    await images.ensureDerived('auto')
    expect(images.state('code-interpreter-v1')).toEqual({
      state: 'unavailable',
      reason: "the built-in template 'code-interpreter-v1' could not be built: apt-get: unable to fetch",
    })
    expect(images.state('desktop')?.state).toBe('ready')
    expect(out.some((l) => l.msg === 'built-in template build failed' && l.template === 'code-interpreter-v1')).toBe(
      true,
    )
  })

  it('says what is missing when the build folder is not there', async () => {
    const { root, context } = await layout()
    await rm(join(root, 'builtins', 'desktop'), { recursive: true })
    const runtime = new FakeRuntime({ images: [BASE] })
    const { images } = setup(runtime, context)
    await images.ensureDerived('auto')
    expect(images.state('desktop')).toMatchObject({
      state: 'unavailable',
      reason: expect.stringContaining("no Dockerfile for the built-in template 'desktop'"),
    })
    expect(images.state('code-interpreter-v1')?.state).toBe('ready')
  })
})
