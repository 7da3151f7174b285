// The SQLite template store: templates reused by alias, tags moved only on success, build states
// and paged logs, all of it on disk.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { TemplateStore } from '../../../../src/control/templates/template-store.js'

describe('template store', () => {
  let dir: string | undefined
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })
  const open = async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandock-store-'))
    return new TemplateStore(dir)
  }
  const config = { user: 'user', workdir: undefined, envs: {}, startCmd: undefined, readyCmd: undefined, shell: '/bin/bash' }

  it('reuses the template of an alias, moves tags only on success, and pages logs', async () => {
    const store = await open()
    const one = store.requestBuild({ newTemplateId: 't1', alias: 'app', buildId: 'b1', cpuCount: 1, memoryMB: 512, tags: ['default'] })
    const two = store.requestBuild({ newTemplateId: 't2', alias: 'app', buildId: 'b2', cpuCount: 1, memoryMB: 512, tags: ['default', 'v2'] })
    expect(two.template.templateId).toBe(one.template.templateId)
    store.setBuilding('b1')
    store.finishBuild('b1', 'img1', config)
    expect(store.tag('t1', 'default')?.buildId).toBe('b1')
    store.setBuilding('b2')
    store.failBuild('b2', { message: 'boom', step: '1' })
    expect(store.tag('t1', 'default')?.buildId).toBe('b1')
    expect(store.tag('t1', 'v2')).toBeUndefined()
    expect(store.build('b2')).toMatchObject({ status: 'error', reason: { message: 'boom', step: '1' } })
    // A finished build is never failed afterwards.
    store.failBuild('b1', { message: 'late' })
    expect(store.build('b1')?.status).toBe('ready')

    store.appendLogs('b1', [0, 1, 2, 3, 4].map((i) => ({ timestamp: 't', level: i === 3 ? 'error' as const : 'info' as const, message: `line ${i}`, step: String(i % 2) })))
    expect(store.logs('b1', { offset: 3, limit: 10 }).map((l) => l.message)).toEqual(['line 3', 'line 4'])
    expect(store.logs('b1', { offset: 9, limit: 10 })).toEqual([])
    expect(store.logs('b1', { offset: 0, limit: 10, minLevel: 'warn' }).map((l) => l.message)).toEqual(['line 3'])
    expect(store.logs('b1', { offset: 0, limit: 10, step: '1' }).map((l) => l.message)).toEqual(['line 1', 'line 3'])
    store.close()
    // Everything is on disk.
    const again = new TemplateStore(dir!)
    expect(again.findTemplate('app')?.templateId).toBe('t1')
    expect(again.logs('b1', { offset: 0, limit: 100 })).toHaveLength(5)
    again.close()
  })
})
