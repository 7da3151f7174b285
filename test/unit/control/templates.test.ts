// Template names, step validation, cache keys, COPY source paths, ENV quoting (run in a real sh),
// and the SQLite store's tags, logs and build states.
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseBuildName, parseTemplateRef, validateResources } from '../../../src/control/templates/names.js'
import { cacheKey, copySource, envExpansionScript, parseSteps, resolveIn } from '../../../src/control/templates/steps.js'
import { TemplateStore } from '../../../src/control/templates/template-store.js'

describe('names', () => {
  it.each([
    ['my-tpl', { alias: 'my-tpl', tag: undefined }],
    ['team/my-tpl:v2', { alias: 'my-tpl', tag: 'v2' }],
    ['  My-Tpl:Latest ', { alias: 'my-tpl', tag: 'latest' }],
  ])('parses %j', (raw, want) => expect(parseTemplateRef(raw)).toEqual(want))

  it('gives a build the default tag only when none is named', () => {
    expect(parseBuildName('a', undefined)).toEqual({ alias: 'a', tags: ['default'] })
    expect(parseBuildName('a:v1', ['v2', 'v1'])).toEqual({ alias: 'a', tags: ['v1', 'v2'] })
  })

  it.each([['Bad Name'], ['a:b c'], ['a:123e4567-e89b-12d3-a456-426614174000'], ['']])('rejects %j', (name) => {
    expect(() => parseBuildName(name, undefined)).toThrow(/invalid|required/)
  })

  it('checks resources as upstream does', () => {
    const limits = { maxCpu: 8, maxMemoryMB: 4096 }
    expect(validateResources(undefined, undefined, limits)).toEqual({ cpuCount: 2, memoryMB: 1024 })
    expect(validateResources(1, 128, limits)).toEqual({ cpuCount: 1, memoryMB: 128 })
    for (const [cpu, mem] of [[3, 1024], [0, 1024], [10, 1024], [2, 127], [2, 1025], [2, 8192]] as const) {
      expect(() => validateResources(cpu, mem, limits)).toThrow()
    }
  })
})

describe('steps', () => {
  it('normalises type aliases and case', () => {
    const steps = parseSteps([{ type: 'add', args: ['a', '/a'], filesHash: 'f'.repeat(64) }, { type: 'Arg', args: ['X', '1'] }, { type: 'run', args: ['true'], force: true }])
    expect(steps.map((s) => [s.type, s.force])).toEqual([['COPY', false], ['ENV', false], ['RUN', true]])
  })

  it.each([
    [{ type: 'NOPE' }, 'step 1: command type NOPE is not implemented'],
    [{ type: 'ENV', args: ['A'] }, 'name/value pairs'],
    [{ type: 'ENV', args: ['1A', 'x'] }, "invalid variable name '1A'"],
    [{ type: 'COPY', args: ['a', '/a'] }, 'filesHash is required'],
    [{ type: 'COPY', args: ['a', '/a'], filesHash: 'XYZ' }, '64 lowercase hex'],
    [{ type: 'COPY', args: ['a', '/a', 'bad owner!'], filesHash: 'f'.repeat(64) }, 'invalid owner'],
    [{ type: 'COPY', args: ['a', '/a', '', '999'], filesHash: 'f'.repeat(64) }, 'invalid mode'],
    [{ type: 'USER', args: [] }, 'needs [username]'],
    [{ type: 'WORKDIR', args: [] }, 'needs [path]'],
    [{ type: 'RUN', args: [''] }, 'needs [command]'],
  ])('rejects %j', (step, message) => expect(() => parseSteps([step])).toThrow(message))

  it('chains cache keys: any change upstream changes every later key', () => {
    const run = { type: 'RUN' as const, args: ['echo hi'], filesHash: undefined }
    const a = cacheKey('base1', run)
    expect(cacheKey('base1', run)).toBe(a)
    expect(cacheKey('base2', run)).not.toBe(a)
    expect(cacheKey('base1', { ...run, args: ['echo ho'] })).not.toBe(a)
    expect(cacheKey('base1', { type: 'COPY', args: ['a', '/a'], filesHash: '1'.repeat(64) })).not.toBe(cacheKey('base1', { type: 'COPY', args: ['a', '/a'], filesHash: '2'.repeat(64) }))
  })

  it.each([
    ['app/', { path: 'app', whole: false }],
    ['./app', { path: 'app', whole: false }],
    ['folder/*', { path: 'folder', whole: true }],
    ['src/**/*.ts', { path: 'src', whole: true }],
    ['*.txt', { path: '', whole: true }],
    ['a/b/file.txt', { path: 'a/b/file.txt', whole: false }],
  ])('finds the COPY source of %j', (src, want) => expect(copySource(src)).toEqual(want))

  it('resolves paths against the workdir and keeps a trailing slash', () => {
    expect(resolveIn('/app', 'src/')).toBe('/app/src/')
    expect(resolveIn('/app', '../etc/x')).toBe('/etc/x')
    expect(resolveIn('/home/user', '/abs')).toBe('/abs')
    expect(resolveIn('/', '/')).toBe('/')
  })

  it('expands $VAR in ENV values but never runs a command', () => {
    const values = ['$HOME/x', 'a "quoted" \\ value', '$(echo pwned)', '`echo pwned`', 'plain']
    const out = execFileSync('/bin/sh', ['-c', envExpansionScript(values)], { env: { HOME: '/home/t', PATH: process.env.PATH } }).toString('utf8')
    expect(out.split('\0').slice(0, values.length)).toEqual(['/home/t/x', 'a "quoted" \\ value', '$(echo pwned)', '`echo pwned`', 'plain'])
  })
})

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
