// X-API-Key check for every control route but /health, the dashboard's static files (the page asks
// for the key itself), template file uploads (authorised by the HMAC token in their URL, since
// the SDK sends them without a key), and the CLI's sign-in: GET /teams and the sign-in pages take an
// access token instead (teams.ts, cli-login.ts). Messages as upstream's.
import type { FastifyInstance } from 'fastify'
import { UnauthenticatedError } from '../../shared/errors.js'
import { matchesDigest } from '../../shared/safe-equal.js'
import type { AccessTokens } from '../access-tokens.js'
import { CLI_LOGIN_PATH } from './cli-login.js'

const OPEN = new Set(['/health'])

/**
 * `apiKeyDigests`: SHA-256 digests of the accepted keys (the keys themselves are never kept);
 * `accessTokens`: the issued access tokens, whose API keys are accepted too.
 */
export function registerApiKeyAuth(
  app: FastifyInstance,
  apiKeyDigests: readonly Buffer[],
  accessTokens?: AccessTokens,
): void {
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0] ?? ''
    // The volume content API is authorised by the volume's token instead (api/volume-content/index.ts).
    if (
      OPEN.has(path) ||
      (req.method === 'PUT' && path.startsWith('/template-files/')) ||
      path.startsWith('/volumecontent/') ||
      (accessTokens !== undefined &&
        (path === '/teams' || path === CLI_LOGIN_PATH || path.startsWith(`${CLI_LOGIN_PATH}/`)))
    )
      return
    if ((req.method === 'GET' || req.method === 'HEAD') && (path === '/dashboard' || path.startsWith('/dashboard/')))
      return
    const key = req.headers['x-api-key']
    if (typeof key !== 'string' || key === '') throw new UnauthenticatedError('authorization header is missing')
    if (!matchesDigest(key, apiKeyDigests) && !(await accessTokens?.acceptsApiKey(key))) {
      throw new UnauthenticatedError('Invalid API key, please visit https://e2b.dev/docs/api-key for more information.')
    }
  })
}
