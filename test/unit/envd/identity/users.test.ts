// parseUserDb (passwd + group text) and basicAuthUser (the RPC caller, contract 4.3).
import { describe, expect, it } from 'vitest'
import { basicAuthUser } from '../../../../src/envd/identity/auth.js'
import { parseUserDb } from '../../../../src/envd/identity/users.js'

const PASSWD = [
  'root:x:0:0:root:/root:/bin/bash',
  'alice:x:1000:1000:Alice:/home/alice:/bin/bash',
  'bob:x:1001:1001::/home/bob:/bin/sh',
  'this line is garbage',
  'carol:x:notanumber:1002::/home/carol:/bin/sh',
  'dave:x:1003::::',
  ':x:1004:1004::/home/noname:/bin/sh',
  'alias:x:1000:1000::/home/alias:/bin/sh',
  '',
].join('\n')

const GROUP = [
  'root:x:0:',
  'alice:x:1000:',
  'bob:x:1001:',
  'dev:x:2000:alice,bob',
  'docker:x:2001:alice',
  'garbage group line',
  'broken:x:nan:alice',
  'devalias:x:2000:',
  '',
].join('\n')

describe('parseUserDb', () => {
  const db = parseUserDb(PASSWD, GROUP)

  it.each([
    ['root', { uid: 0, gid: 0, home: '/root', shell: '/bin/bash', groups: [0] }],
    ['alice', { uid: 1000, gid: 1000, home: '/home/alice', shell: '/bin/bash', groups: [1000, 2000, 2001] }],
    ['bob', { uid: 1001, gid: 1001, home: '/home/bob', shell: '/bin/sh', groups: [1001, 2000] }],
  ])('reads %s with its primary and supplementary groups', (name, expected) => {
    const { groups, ...fields } = expected
    const user = db.users.get(name)
    expect(user).toMatchObject({ name, ...fields })
    expect([...user!.groups].sort((a, b) => a - b)).toEqual(groups)
  })

  it.each([['carol'], ['dave'], ['this line is garbage'], ['']])('skips the malformed passwd line for %j', (name) => {
    expect(db.users.has(name)).toBe(false)
  })

  it('ignores supplementary groups from malformed group lines', () => {
    expect(db.users.get('alice')!.groups).not.toContain(Number.NaN)
    expect(db.users.get('alice')!.groups).toHaveLength(3)
  })

  it.each([
    [0, 'root'],
    [1000, 'alice'],
    [1001, 'bob'],
  ])('maps uid %i to the first user with it (%s)', (uid, name) => {
    expect(db.userNames.get(uid)).toBe(name)
  })

  it.each([
    [0, 'root'],
    [2000, 'dev'],
    [2001, 'docker'],
  ])('maps gid %i to the first group with it (%s)', (gid, name) => {
    expect(db.groupNames.get(gid)).toBe(name)
  })

  it('still lists a second user that shares a uid, under its own name', () => {
    expect(db.users.get('alias')).toMatchObject({ uid: 1000, home: '/home/alias' })
  })

  it('gives a user without a primary-group entry in /etc/group just its gid', () => {
    const lone = parseUserDb('lone:x:1500:1500::/home/lone:/bin/sh', '')
    expect(lone.users.get('lone')!.groups).toEqual([1500])
    expect(lone.groupNames.size).toBe(0)
  })

  it('returns empty maps for empty files', () => {
    const empty = parseUserDb('', '')
    expect(empty.users.size + empty.userNames.size + empty.groupNames.size).toBe(0)
  })
})

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`

describe('basicAuthUser', () => {
  it.each([
    ['a username with an empty password', basic('alice:'), 'alice'],
    ['a username with a password (ignored)', basic('alice:secret'), 'alice'],
    ['a username without a colon', basic('alice'), 'alice'],
    ['a lowercase scheme', `basic ${Buffer.from('bob:').toString('base64')}`, 'bob'],
    ['surrounding whitespace', `  ${basic('carol:')}  `, 'carol'],
    ['no header', undefined, undefined],
    ['an empty header', '', undefined],
    ['another scheme', 'Bearer abc.def', undefined],
    ['an empty username', basic(':'), undefined],
    ['a scheme without credentials', 'Basic', undefined],
  ])('reads %s', (_name, header, expected) => {
    expect(basicAuthUser(header)).toBe(expected)
  })
})
