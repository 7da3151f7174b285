// Build steps: validation, cache keys, COPY source paths, and ENV quoting (run in a real sh).
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { cacheKey, copySource, envExpansionScript, parseSteps, resolveIn } from '../../../../src/node/builds/steps.js'

describe('steps', () => {
  it('normalises type aliases and case', () => {
    const steps = parseSteps([
      { type: 'add', args: ['a', '/a'], filesHash: 'f'.repeat(64) },
      { type: 'Arg', args: ['X', '1'] },
      { type: 'run', args: ['true'], force: true },
    ])
    expect(steps.map((s) => [s.type, s.force])).toEqual([
      ['COPY', false],
      ['ENV', false],
      ['RUN', true],
    ])
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
    expect(cacheKey('base1', { type: 'COPY', args: ['a', '/a'], filesHash: '1'.repeat(64) })).not.toBe(
      cacheKey('base1', { type: 'COPY', args: ['a', '/a'], filesHash: '2'.repeat(64) }),
    )
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
    const out = execFileSync('/bin/sh', ['-c', envExpansionScript(values)], {
      env: { HOME: '/home/t', PATH: process.env.PATH },
    }).toString('utf8')
    expect(out.split('\0').slice(0, values.length)).toEqual([
      '/home/t/x',
      'a "quoted" \\ value',
      '$(echo pwned)',
      '`echo pwned`',
      'plain',
    ])
  })
})
