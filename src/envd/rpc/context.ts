// Context values every RPC reads: the resolved calling user and the request's raw headers.
import { createContextKey, type HandlerContext } from '@connectrpc/connect'
import { InternalError } from '../../shared/errors.js'
import type { User } from '../identity/users.js'

/** The username from `Authorization: Basic`, set per request by the plugin's contextValues. */
export const kRequestedUser = createContextKey<string | undefined>(undefined, { description: 'requested user' })
/** The resolved user; set by the user interceptor before any handler runs. */
export const kUser = createContextKey<User | undefined>(undefined, { description: 'calling user' })

export function callerOf(ctx: HandlerContext): User {
  const user = ctx.values.get(kUser)
  if (!user) throw new InternalError('no user resolved for this request')
  return user
}
