// User database lookups (passwd/group files): who a request runs as, and uid/gid → names.
import { watch, type FSWatcher } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { UnauthenticatedError } from '../../shared/errors.js'

export type User = Readonly<{
  name: string
  uid: number
  gid: number
  home: string
  shell: string
  groups: readonly number[]
}>

export type UserDb = Readonly<{
  users: ReadonlyMap<string, User>
  userNames: ReadonlyMap<number, string>
  groupNames: ReadonlyMap<number, string>
}>

type Files = { passwd: string; group: string }
const SYSTEM_FILES: Files = { passwd: '/etc/passwd', group: '/etc/group' }

/** Parses passwd and group text; malformed lines are skipped, as getpwent does. */
export function parseUserDb(passwd: string, group: string): UserDb {
  const groupNames = new Map<number, string>()
  const members = new Map<string, number[]>()
  for (const line of group.split('\n')) {
    const [name, , gidText, memberList] = line.split(':')
    const gid = Number(gidText)
    if (!name || gidText === undefined || !Number.isInteger(gid)) continue
    if (!groupNames.has(gid)) groupNames.set(gid, name)
    for (const m of (memberList ?? '').split(',').filter(Boolean)) {
      members.set(m, [...(members.get(m) ?? []), gid])
    }
  }
  const users = new Map<string, User>()
  const userNames = new Map<number, string>()
  for (const line of passwd.split('\n')) {
    const [name, , uidText, gidText, , home, shell] = line.split(':')
    const uid = Number(uidText)
    const gid = Number(gidText)
    if (!name || !Number.isInteger(uid) || !Number.isInteger(gid) || uidText === '' || gidText === '') continue
    if (users.has(name)) continue
    const groups = [...new Set([gid, ...(members.get(name) ?? [])])]
    users.set(name, Object.freeze({ name, uid, gid, home: home || '/', shell: shell || '/bin/sh', groups }))
    if (!userNames.has(uid)) userNames.set(uid, name)
  }
  return { users, userNames, groupNames }
}

/** Reads the user database afresh (users may be added while the sandbox runs). */
export async function loadUserDb(files: Files = SYSTEM_FILES): Promise<UserDb> {
  const [passwd, group] = await Promise.all([
    readFile(files.passwd, 'utf8').catch(() => ''),
    readFile(files.group, 'utf8').catch(() => ''),
  ])
  return parseUserDb(passwd, group)
}

export type UserLookup = (name: string) => Promise<User>

/**
 * Lookups over a cached user database. Every request resolves a user, so the database is read
 * once and re-read only after /etc/passwd or /etc/group changes (inotify on their directory);
 * where watching is impossible it is read on every call.
 */
export function createUserLookup(files: Files = SYSTEM_FILES): {
  lookup: UserLookup
  db: () => Promise<UserDb>
  close(): void
} {
  let cached: Promise<UserDb> | undefined
  const watched = new Set([basename(files.passwd), basename(files.group)])
  const watchers: FSWatcher[] = []
  let canCache = true
  for (const dir of new Set([dirname(files.passwd), dirname(files.group)])) {
    try {
      const w = watch(dir, { persistent: false }, (_event, name) => {
        if (name === null || watched.has(name.toString())) cached = undefined
      })
      w.on('error', () => {
        canCache = false
        cached = undefined
      })
      watchers.push(w)
    } catch {
      canCache = false
    }
  }
  const db = () => {
    if (!canCache) return loadUserDb(files)
    cached ??= loadUserDb(files)
    return cached
  }
  return {
    db,
    async lookup(name) {
      const user = (await db()).users.get(name)
      if (!user) throw new UnauthenticatedError(`invalid username: '${name}'`)
      return user
    },
    close() {
      for (const w of watchers) w.close()
    },
  }
}
