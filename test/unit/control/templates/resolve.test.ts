// Resolving a create's template reference: built-ins, built templates by alias, tag or id, misses
// as values with their reason, snapshots only for a reference without a tag, and the server's
// default resources for a template that names none.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { BuiltinImageState } from '../../../../src/node/builds/builtin-images.js'
import { builtinTemplates } from '../../../../src/node/builds/builtins.js'
import { createTemplateLookup, refreshingLookup } from '../../../../src/control/templates/resolve.js'
import { createTemplateResolver } from '../../../../src/node/sandboxes/template-resolver.js'
import { SqliteTemplateStore } from '../../../../src/control/templates/sqlite-template-store.js'
import type { ResolvedTemplate } from '../../../../src/node/builds/template-model.js'
import { rejection } from '../../../support/async.js'

const config = { user: 'u', workdir: '/w', envs: { A: '1' }, startCmd: 's', readyCmd: 'r', shell: '/bin/sh' }

async function catalog() {
  const dir = await mkdtemp(join(tmpdir(), 'sandock-resolve-'))
  const store = new SqliteTemplateStore(dir)
  onTestFinished(async () => {
    await store.close()
    await rm(dir, { recursive: true, force: true })
  })
  const { template, build } = await store.requestBuild({
    newTemplateId: 'tid',
    alias: 'app',
    buildId: 'b1',
    cpuCount: 4,
    memoryMB: 2048,
    tags: ['v1'],
  })
  await store.setBuilding(build.buildId)
  await store.finishBuild(build.buildId, 'img:app-v1', config)
  await store.requestBuild({
    newTemplateId: 'tid2',
    alias: 'never',
    buildId: 'b2',
    cpuCount: 1,
    memoryMB: 512,
    tags: [],
  })
  const states = new Map<string, BuiltinImageState>([['base', { state: 'ready', image: 'sandock/base:x' }]])
  const lookup = createTemplateLookup(store, builtinTemplates({ baseImage: 'sandock/base:x' }), {
    state: (name) => states.get(name),
  })
  return { store, lookup, states, templateId: template.templateId }
}

describe('template look-up', () => {
  it('finds the built-in base (default and latest tags) and built templates by alias, tag, namespace or id', async () => {
    const { lookup } = await catalog()
    for (const ref of ['base', 'base:default', 'base:latest', 'Team/Base']) {
      expect((await lookup(ref)).template).toMatchObject({
        templateId: 'base',
        image: 'sandock/base:x',
        cpuCount: 0,
        memoryMB: 0,
        config: { user: 'user', shell: '/bin/bash' },
      })
    }
    for (const ref of ['app:v1', 'team/app:v1', 'tid:v1'])
      expect((await lookup(ref)).template).toEqual({
        templateId: 'tid',
        alias: 'app',
        image: 'img:app-v1',
        cpuCount: 4,
        memoryMB: 2048,
        config,
      })
  })

  it.each([
    ['base:v2', "tag 'v2' does not exist for template 'base'"],
    ['nosuch', "template 'nosuch' not found"],
    ['never', "template 'never' not found"],
    ['app:v2', "tag 'v2' does not exist for template 'app'"],
    ['app', "tag 'undefined' does not exist for template 'app'"],
  ])('answers %s with the reason it is missing', async (ref, missing) => {
    const { lookup } = await catalog()
    expect(await lookup(ref)).toEqual({ missing })
  })

  it('gives a derived built-in its image and resources once ready, and says why it cannot start before', async () => {
    const { lookup, states } = await catalog()
    expect(await lookup('code-interpreter-v1')).toEqual({
      missing: "the built-in template 'code-interpreter-v1' is not ready",
      unavailable: true,
    })
    states.set('code-interpreter-v1', {
      state: 'building',
      image: 'sandock/code-interpreter:abc',
      since: Date.now() - 42_000,
    })
    expect(await lookup('code-interpreter-v1')).toEqual({
      unavailable: true,
      missing:
        "the built-in template 'code-interpreter-v1' is being built (started 42 s ago, usually a few minutes); try again when it is ready",
    })
    states.set('desktop', { state: 'unavailable', reason: 'the build failed: apt' })
    expect(await lookup('desktop')).toEqual({ missing: 'the build failed: apt', unavailable: true })
    states.set('code-interpreter-v1', { state: 'ready', image: 'sandock/code-interpreter:abc' })
    expect((await lookup('code-interpreter-v1:latest')).template).toMatchObject({
      templateId: 'code-interpreter-v1',
      image: 'sandock/code-interpreter:abc',
      cpuCount: 2,
      memoryMB: 2048,
      config: {
        user: 'user',
        workdir: '/home/user',
        startCmd: expect.stringContaining('sandock.mjs interpreter'),
        readyCmd: expect.stringContaining('49999/health'),
      },
    })
  })
})

describe("the create's resolver", () => {
  it('answers 503 (unavailable) for a built-in that cannot start yet, after looking for its image again', async () => {
    const { lookup, states } = await catalog()
    const refreshed: string[] = []
    const resolve = createTemplateResolver({
      lookup: refreshingLookup(lookup, async (name) => void refreshed.push(name)),
      cpuCount: 2,
      memoryMB: 1024,
      snapshot: async () => undefined,
    })
    states.set('desktop', { state: 'missing', reason: "the built-in template 'desktop' is not built on this server" })
    const e = await rejection(resolve('desktop'))
    expect(e).toMatchObject({
      kind: 'unavailable',
      message: "the built-in template 'desktop' is not built on this server",
    })
    expect(refreshed).toEqual(['desktop'])
    // Built since (the CLI): the refresh finds it, and the same create succeeds.
    const ready = createTemplateResolver({
      lookup: refreshingLookup(
        lookup,
        async (name) => void states.set(name, { state: 'ready', image: 'sandock/desktop:1' }),
      ),
      cpuCount: 2,
      memoryMB: 1024,
      snapshot: async () => undefined,
    })
    expect(await ready('desktop')).toMatchObject({
      templateId: 'desktop',
      image: 'sandock/desktop:1',
      cpuCount: 2,
      memoryMB: 2048,
    })
  })

  const snapshot: ResolvedTemplate = {
    templateId: 'ssnap',
    alias: 'snappy',
    image: 'sandock/snapshot:ssnap',
    cpuCount: 1,
    memoryMB: 256,
  }

  it("gives a template without resources the server's defaults, and tries snapshots only for a bare reference", async () => {
    const { lookup } = await catalog()
    const asked: string[] = []
    const resolve = createTemplateResolver({
      lookup,
      cpuCount: 2,
      memoryMB: 1024,
      snapshot: async (ref) => (asked.push(ref), ref === 'snappy' ? snapshot : undefined),
    })
    expect(await resolve('base')).toMatchObject({ templateId: 'base', cpuCount: 2, memoryMB: 1024 })
    expect(await resolve('app:v1')).toMatchObject({ cpuCount: 4, memoryMB: 2048 })
    expect(await resolve('team/snappy')).toBe(snapshot)
    expect(await rejection(resolve('snappy:v1'))).toMatchObject({
      kind: 'not_found',
      message: "template 'snappy:v1' not found",
    })
    expect(await rejection(resolve('nosuch'))).toMatchObject({
      kind: 'not_found',
      message: "template 'nosuch' not found",
    })
    expect(asked).toEqual(['snappy', 'nosuch'])
  })
})
