// X-API-Key check for every control route but /health, the dashboard's static files (the page asks
// for the key itself) and template file uploads (authorised by the HMAC token in their URL, since
// the SDK sends them without a key). Messages as upstream's.
import type { FastifyInstance } from 'fastify'
import { UnauthenticatedError } from '../../shared/errors.js'
import { matchesDigest } from '../../shared/safe-equal.js'

const OPEN = new Set(['/health'])

/** `apiKeyDigests`: SHA-256 digests of the accepted keys (the keys themselves are never kept). */
export function registerApiKeyAuth(app: FastifyInstance, apiKeyDigests: readonly Buffer[]): void {
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0] ?? ''
    // The volume content API is authorised by the volume's token instead (api/volume-content/index.ts).
    if (
      OPEN.has(path) ||
      (req.method === 'PUT' && path.startsWith('/template-files/')) ||
      path.startsWith('/volumecontent/')
    )
      return
    if ((req.method === 'GET' || req.method === 'HEAD') && (path === '/dashboard' || path.startsWith('/dashboard/')))
      return
    const key = req.headers['x-api-key']
    if (typeof key !== 'string' || key === '') throw new UnauthenticatedError('authorization header is missing')
    if (!matchesDigest(key, apiKeyDigests)) {
      throw new UnauthenticatedError('Invalid API key, please visit https://e2b.dev/docs/api-key for more information.')
    }
  })
}
