// The template catalog's listing of built-ins: every entry of the built-in list is a listed
// template (public, one ready build), so a built-in added to templates/builtins.ts shows up in
// GET /templates and `e2b template list` without more code. The routes: test/unit/control/api/templates.test.ts.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { builtinTemplates, type BuiltinTemplate } from '../../../../src/node/builds/builtins.js'
import { createCatalog } from '../../../../src/control/templates/catalog.js'
import { SqliteTemplateStore } from '../../../../src/control/templates/sqlite-template-store.js'

describe('template catalog: built-ins', () => {
  let dir: string | undefined
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })
  const catalogOf = async (builtins: readonly BuiltinTemplate[]) => {
    dir = await mkdtemp(join(tmpdir(), 'sandock-catalog-'))
    const store = new SqliteTemplateStore(dir)
    const catalog = createCatalog({
      store,
      builtins,
      log: pino({ level: 'silent' }),
      node: { usesTemplate: async () => false, removeImage: async () => 'removed' as const },
      queue: { cancel: () => undefined },
      limits: { maxCpu: 8, maxMemoryMB: 8192 },
      builtinResources: { cpuCount: 2, memoryMB: 1024 },
    })
    return { store, catalog }
  }

  it('lists each built-in of builtins.ts, and one more added there, as a public template with one ready build', async () => {
    const defined = builtinTemplates({ baseImage: 'sandock/base:unit' })
    // Shaped like the defined ones (whatever fields they carry), under another name and image.
    const extra: BuiltinTemplate = { ...defined[0]!, name: 'extra-builtin', image: 'sandock/extra:unit' }
    const builtins = [...defined, extra]
    const { store, catalog } = await catalogOf(builtins)
    const listed = await catalog.list()
    expect(listed.map((x) => x.template.templateId).sort()).toEqual(builtins.map((b) => b.name).sort())
    for (const x of listed) {
      // Its own resources (code-interpreter-v1, desktop: 2 CPU, 2 GiB), else the server's defaults.
      const b = builtins.find((y) => y.name === x.template.templateId)!
      expect(x.template).toMatchObject({
        alias: x.template.templateId,
        public: true,
        cpuCount: b.cpuCount || 2,
        memoryMB: b.memoryMB || 1024,
        spawnCount: 0,
        lastSpawnedAt: null,
      })
      expect(x.builds).toEqual([
        expect.objectContaining({
          status: 'ready',
          image: builtins.find((b) => b.name === x.template.templateId)!.image,
        }),
      ])
      expect(x.tags).toEqual(['default'])
    }
    // Each built-in has its own build id, stable across calls; GET /templates/{id} finds each.
    const ids = listed.map((x) => x.builds[0]!.buildId)
    expect(new Set(ids).size).toBe(ids.length)
    expect((await catalog.list()).map((x) => x.builds[0]!.buildId)).toEqual(ids)
    expect((await catalog.get('extra-builtin')).template.templateId).toBe('extra-builtin')
    // Spawns are counted per built-in.
    await store.recordSpawn('extra-builtin')
    expect((await catalog.get('extra-builtin')).template.spawnCount).toBe(1)
    expect((await catalog.get('base')).template.spawnCount).toBe(0)
    await store.close()
  })
})
