// Shared by both /files routes: settings, users, and the `username` query → user rule.
import type { EnvdState } from '../state.js'
import type { User, UserLookup } from '../identity/users.js'
import { UnauthenticatedError } from '../../shared/errors.js'
import type { OwnChanges } from '../filesystem/own-changes.js'

export type FilesDeps = Readonly<{ state: EnvdState; lookup: UserLookup; own: OwnChanges }>

/** The `username` query's user, or the default user; unknown → 401 as upstream words it. */
export async function filesUser(deps: FilesDeps, username: string | undefined): Promise<User> {
  const name = username || deps.state.defaultUser
  return deps.lookup(name).catch(() => {
    throw new UnauthenticatedError(`error looking up user '${name}': user: unknown user ${name}`)
  })
}
