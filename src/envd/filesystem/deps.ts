// What every filesystem RPC needs: settings, the user database, the polling watchers and the
// announcements of envd's own changes.
import type { HandlerContext } from '@connectrpc/connect'
import type { EnvdState } from '../state.js'
import type { UserDb, UserLookup } from '../identity/users.js'
import { resolvePath } from '../identity/paths.js'
import { callerOf } from '../identity/caller.js'
import type { OwnChanges } from './own-changes.js'
import type { WatcherRegistry } from './watcher-registry.js'
import type { Logger } from 'pino'

export type FsDeps = Readonly<{
  state: EnvdState
  users: { lookup: UserLookup; db: () => Promise<UserDb> }
  watchers: WatcherRegistry
  /** envd's own changes, announced so watchers report them as upstream does. */
  own: OwnChanges
  log: Logger
}>

/** The calling user and the request path resolved for them. */
export function resolveFor(deps: FsDeps, ctx: HandlerContext, path: string) {
  const user = callerOf(ctx)
  return { user, path: resolvePath(path, user, deps.state.defaultWorkdir) }
}
