// Cursor paging for listings the SDK or CLI pages with `?limit&nextToken` and `X-Next-Token`
// (contract 2.3): the token names the last item of the previous page (opaque to clients), the
// header is sent only while more items remain, and a token naming no item is a 400.
import { Type } from 'typebox'
import type { FastifyReply } from 'fastify'
import { InvalidArgumentError } from '../../shared/errors.js'

export const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  nextToken: Type.Optional(Type.String({ maxLength: 1024 })),
})

/** One page of `all` (already in listing order) after the token's item; sets X-Next-Token when more remain. */
export function pageOf<T>(
  all: readonly T[],
  keyOf: (item: T) => string,
  query: { limit?: number | undefined; nextToken?: string | undefined },
  reply: FastifyReply,
  defaultLimit = 100,
): T[] {
  const limit = query.limit ?? defaultLimit
  let start = 0
  if (query.nextToken) {
    const last = Buffer.from(query.nextToken, 'base64url').toString('utf8')
    const at = all.findIndex((x) => keyOf(x) === last)
    if (at < 0) throw new InvalidArgumentError('Invalid next token')
    start = at + 1
  }
  const page = all.slice(start, start + limit)
  if (start + limit < all.length && page.length > 0)
    reply.header('x-next-token', Buffer.from(keyOf(page.at(-1)!)).toString('base64url'))
  return page
}
