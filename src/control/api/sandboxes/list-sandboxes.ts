// GET /v2/sandboxes (filters, paging) and GET /sandboxes (v1: running only).
import { Type } from 'typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { InvalidArgumentError } from '../../../shared/errors.js'
import { listPage, parseMetadataFilter } from '../../../node/sandboxes/list-query.js'
import type { SandboxState } from '../../../node/sandboxes/types.js'
import { ErrorBody, ListedSandbox, listedBody } from '../schemas.js'
import type { SandboxRouteDeps } from './deps.js'

const ListQuery = Type.Object({
  metadata: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  template: Type.Optional(Type.String()),
  startedAfter: Type.Optional(Type.String()),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  limit: Type.Optional(Type.Integer()),
  nextToken: Type.Optional(Type.String()),
})

function parseStates(raw: string | undefined): SandboxState[] {
  if (!raw) return ['running', 'paused']
  const states = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (const s of states)
    if (s !== 'running' && s !== 'paused')
      throw new InvalidArgumentError(`state: unknown state '${s}' (running, paused)`)
  return states as SandboxState[]
}

export const listSandboxesRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node }) => {
  app.get(
    '/v2/sandboxes',
    { schema: { querystring: ListQuery, response: { 200: Type.Array(ListedSandbox), '4xx': ErrorBody } } },
    async (req, reply) => {
      const q = req.query
      const startedAfter = q.startedAfter ? new Date(q.startedAfter) : undefined
      if (startedAfter && Number.isNaN(startedAfter.getTime()))
        throw new InvalidArgumentError('startedAfter: must be an ISO 8601 date-time')
      const states = parseStates(q.state)
      const page = listPage(await node.list(), {
        states,
        metadata: parseMetadataFilter(q.metadata),
        templateIds: q.template ? q.template.split(',').filter(Boolean) : undefined,
        startedAfter,
        order: q.order ?? 'desc',
        limit: Math.min(100, Math.max(1, q.limit ?? 100)),
        nextToken: q.nextToken || undefined,
      })
      if (page.nextToken) reply.header('x-next-token', page.nextToken)
      if (states.includes('running')) reply.header('x-total-running', String(page.totalRunning))
      return page.items.map(listedBody)
    },
  )

  app.get(
    '/sandboxes',
    {
      schema: {
        querystring: Type.Object({ metadata: Type.Optional(Type.String()) }),
        response: { 200: Type.Array(ListedSandbox), '4xx': ErrorBody },
      },
    },
    async (req) => {
      const page = listPage(await node.list(), {
        states: ['running'],
        metadata: parseMetadataFilter(req.query.metadata),
        order: 'desc',
        limit: Number.MAX_SAFE_INTEGER,
      })
      return page.items.map(listedBody)
    },
  )
}
