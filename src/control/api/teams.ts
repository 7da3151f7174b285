// GET /teams: what E2B's CLI asks with `Authorization: Bearer <access token>` after signing in,
// to store the chosen team's API key. A Sandock server is one team; its answer carries the API key
// that was issued with the presented token (access-tokens.ts). API keys are not access tokens here,
// nor access tokens API keys (auth.ts): each credential opens only its own routes.
import { createHash } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { UnauthenticatedError } from '../../shared/errors.js'
import type { AccessTokens, AccessTokenUser } from '../access-tokens.js'

export type TeamRouteDeps = { accessTokens: AccessTokens; instanceId: string }

/** The one team's name (what `e2b auth configure` lists). */
export const TEAM_NAME = 'Sandock'

/** A stable UUID for this server's team, derived from its instance id (upstream's team ids are UUIDs). */
export function teamIdOf(instanceId: string): string {
  const h = createHash('sha256').update(`sandock-team:${instanceId}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** The holder of the request's `Authorization: Bearer` access token; 401 otherwise. */
export async function bearerUser(req: FastifyRequest, accessTokens: AccessTokens): Promise<AccessTokenUser> {
  const header = req.headers.authorization
  if (typeof header !== 'string' || header === '') throw new UnauthenticatedError('authorization header is missing')
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
  const user = m ? await accessTokens.authenticate(m[1]!) : undefined
  if (!user) throw new UnauthenticatedError('Invalid access token')
  return user
}

export const teamRoutes: FastifyPluginAsync<TeamRouteDeps> = async (app, deps) => {
  const teamID = teamIdOf(deps.instanceId)
  app.get('/teams', async (req, reply) => {
    const user = await bearerUser(req, deps.accessTokens)
    reply.header('cache-control', 'no-store')
    return [{ teamID, name: TEAM_NAME, apiKey: user.apiKey, isDefault: true }]
  })
}
