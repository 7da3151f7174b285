// The calling user of an RPC: resolved once per request (rpc/routes.ts) and read by every handler.
import { createContextKey, type HandlerContext } from '@connectrpc/connect'
import { InternalError } from '../../shared/errors.js'
import type { User } from './users.js'

/** The resolved user; set by the user interceptor before any handler runs. */
export const kUser = createContextKey<User | undefined>(undefined, { description: 'calling user' })

export function callerOf(ctx: HandlerContext): User {
  const user = ctx.values.get(kUser)
  if (!user) throw new InternalError('no user resolved for this request')
  return user
}
