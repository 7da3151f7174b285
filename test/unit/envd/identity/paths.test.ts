// resolvePath (contract 4.3): absolute as is, relative → home (not workdir), ~ expands, empty → workdir.
import { describe, expect, it } from 'vitest'
import { resolvePath } from '../../../../src/envd/identity/paths.js'
import type { User } from '../../../../src/envd/identity/users.js'
import { InvalidArgumentError } from '../../../../src/shared/errors.js'

const alice: User = { name: 'alice', uid: 1000, gid: 1000, home: '/home/alice', shell: '/bin/bash', groups: [1000] }

describe('resolvePath', () => {
  it.each([
    ['an absolute path', '/etc/passwd', '/etc/passwd'],
    ['an absolute path with ..', '/srv/app/../data/x', '/srv/data/x'],
    ['an absolute path with . and doubled slashes', '/srv/./a//b', '/srv/a/b'],
    ['.. above the filesystem root', '/../../etc', '/etc'],
    ['the filesystem root', '/', '/'],
    ['a trailing slash', '/srv/dir/', '/srv/dir'],
    ['several trailing slashes', '/srv/dir///', '/srv/dir'],
    ['a relative file', 'hello.txt', '/home/alice/hello.txt'],
    ['a relative path with ..', 'a/../b.txt', '/home/alice/b.txt'],
    ['a relative path leaving home', '../bob/x', '/home/bob/x'],
    ['a relative dot', '.', '/home/alice'],
    ['~', '~', '/home/alice'],
    ['~/', '~/', '/home/alice'],
    ['~/x', '~/x', '/home/alice/x'],
    ['~/a/../b', '~/a/../b', '/home/alice/b'],
  ])('resolves %s (%j → %j), relative to home even with a workdir', (_name, input, expected) => {
    expect(resolvePath(input, alice, '/workdir')).toBe(expected)
    expect(resolvePath(input, alice, undefined)).toBe(expected)
  })

  it.each([
    ['a default workdir', '/srv/work', '/srv/work'],
    ['no default workdir', undefined, '/home/alice'],
    ['an empty default workdir', '', '/home/alice'],
  ])('resolves an empty path to the workdir or home with %s', (_name, workdir, expected) => {
    expect(resolvePath('', alice, workdir)).toBe(expected)
  })

  it.each([['~bob'], ['~bob/file'], ['~root']])("refuses another user's home %j with invalid_argument", (input) => {
    const call = () => resolvePath(input, alice, undefined)
    expect(call).toThrow(InvalidArgumentError)
    expect(call).toThrow(expect.objectContaining({ kind: 'invalid_argument' }))
  })

  it('refuses a path containing a NUL byte with invalid_argument', () => {
    expect(() => resolvePath('/tmp/a\0b', alice, undefined)).toThrow(InvalidArgumentError)
  })

  it("uses the given user's home, not the process's", () => {
    const bob: User = { ...alice, name: 'bob', home: '/srv/bob-home' }
    expect(resolvePath('notes.txt', bob, undefined)).toBe('/srv/bob-home/notes.txt')
    expect(resolvePath('~/notes.txt', bob, undefined)).toBe('/srv/bob-home/notes.txt')
  })
})
