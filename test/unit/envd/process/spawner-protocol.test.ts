// The envd ↔ sandock-spawner wire format (src/envd/process/spawner-protocol.ts), as bytes.
import { describe, expect, it } from 'vitest'
import { argumentWithNul, encodeKill, encodeSpawn, parseEvent } from '../../../../src/envd/process/spawner-protocol.js'

/** A frame's NUL-terminated fields, after checking its little-endian length prefix. */
function fields(frame: Buffer): string[] {
  expect(frame.readUInt32LE(0)).toBe(frame.length - 4)
  const body = frame.subarray(4).toString()
  expect(body.endsWith('\0')).toBe(true)
  return body.slice(0, -1).split('\0')
}

describe('spawner protocol', () => {
  it('encodes a spawn as S, id, file, cwd, stdin, user, argv with its count, env with its count', () => {
    const frame = encodeSpawn({
      id: 7,
      file: 'ls',
      argv: ['ls', '-l', 'a b'],
      cwd: '/tmp',
      env: { PATH: '/bin', EMPTY: '' },
      stdin: true,
      user: { uid: 1000, gid: 1000, groups: [1000, 27] },
    })
    expect(fields(frame)).toEqual([
      'S',
      '7',
      'ls',
      '/tmp',
      '1',
      '1000',
      '1000',
      '2',
      '1000',
      '27',
      '3',
      'ls',
      '-l',
      'a b',
      '2',
      'PATH=/bin',
      'EMPTY=',
    ])
  })

  it('encodes "stay as envd\'s user" as uid and gid -1 with no groups, and stdin off as 0', () => {
    const frame = encodeSpawn({
      id: 1,
      file: '/bin/true',
      argv: ['/bin/true'],
      cwd: '/',
      env: {},
      stdin: false,
      user: undefined,
    })
    expect(fields(frame)).toEqual(['S', '1', '/bin/true', '/', '0', '-1', '-1', '0', '1', '/bin/true', '0'])
  })

  it('keeps UTF-8 text and counts the frame length in bytes', () => {
    const frame = encodeSpawn({
      id: 2,
      file: 'echo',
      argv: ['echo', 'é漢🙂'],
      cwd: '/',
      env: { K: 'ü' },
      stdin: false,
      user: undefined,
    })
    expect(fields(frame)).toContain('é漢🙂')
    expect(fields(frame)).toContain('K=ü')
  })

  it('encodes a kill as K, pid, signal number', () => {
    expect(fields(encodeKill(123, 9))).toEqual(['K', '123', '9'])
  })

  it.each([
    ['the file', { file: 'a\0b', argv: ['x'], cwd: '/', env: {} }, 'file'],
    ['an argument', { file: 'a', argv: ['a', 'ok', 'b\0'], cwd: '/', env: {} }, 'args[2]'],
    ['the cwd', { file: 'a', argv: ['a'], cwd: '/t\0', env: {} }, 'options.cwd'],
    ['an env value', { file: 'a', argv: ['a'], cwd: '/', env: { K: 'v\0' } }, "options.env['K']"],
    ['an env name', { file: 'a', argv: ['a'], cwd: '/', env: { 'K\0': 'v' } }, "options.env['K\0']"],
  ])('names a NUL byte in %s', (_what, req, name) => {
    expect(argumentWithNul(req)).toBe(name)
  })

  it('finds no NUL byte in ordinary arguments', () => {
    expect(argumentWithNul({ file: 'a', argv: ['a', ''], cwd: '/', env: { A: '' } })).toBeUndefined()
  })

  it.each([
    [{ t: 'spawned', id: 1, pid: 10 }, true],
    [{ t: 'fd', id: 1, fd: 2 }, true],
    [{ t: 'error', id: 1, errno: 2, syscall: 'chdir' }, true],
    [{ t: 'exit', pid: 10, code: 0, signal: null }, true],
    [{ t: 'exit', pid: 10, code: null, signal: 9 }, true],
    [{ t: 'fd', id: 1, fd: 3 }, false],
    [{ t: 'spawned', id: '1', pid: 10 }, false],
    [{ t: 'error', id: 1, errno: 2, syscall: 'open' }, false],
    [{ t: 'exit', pid: 10, code: 'x', signal: null }, false],
    [{ cmd: 'NODE_HANDLE_ACK' }, false],
    [null, false],
    ['text', false],
  ])('parses %j as an event: %s', (msg, ok) => {
    expect(parseEvent(msg) !== undefined).toBe(ok)
  })
})
