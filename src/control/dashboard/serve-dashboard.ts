// GET /dashboard/…: the web dashboard's static files (built by `npm run build` into dist/dashboard),
// with long-lived caching for hashed assets, no-cache for the page, and a strict CSP.
import { access } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { AppError } from '../../shared/errors.js'

export const DASHBOARD_PATH = '/dashboard'

/**
 * Everything the page needs comes from its own origin (air-gapped hosts have no CDN): no inline
 * script or style, no remote origin, no framing, API and envd calls to 'self' only.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': DASHBOARD_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
}

// Vite names every file under assets/ by its content hash, so those never change.
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Where the built dashboard lives: dist/dashboard beside dist/control (tsc), dist/image (bundle), or the repo (tests). */
export async function findDashboardDir(explicit: string | undefined): Promise<string | undefined> {
  const here = dirname(fileURLToPath(import.meta.url))
  const candidates = explicit
    ? [explicit]
    : [
        join(here, '..', 'dashboard'),
        join(here, '..', '..', 'dashboard'),
        join(here, '..', '..', '..', 'dist', 'dashboard'),
      ]
  for (const dir of candidates) {
    if (
      await access(join(dir, 'index.html')).then(
        () => true,
        () => false,
      )
    )
      return dir
  }
  return undefined
}

function setDashboardHeaders(reply: FastifyReply, path: string): void {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) reply.header(k, v)
  reply.header('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache')
}

/**
 * Serves the dashboard at /dashboard/ (and /dashboard → dashboard/, a relative redirect that also
 * works under a path prefix). Without a built bundle every dashboard path answers 503.
 */
export const serveDashboard: FastifyPluginAsync<{ assetsDir?: string }> = async (app, opts) => {
  const root = await findDashboardDir(opts.assetsDir)
  app.get(DASHBOARD_PATH, async (_req, reply) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) reply.header(k, v)
    return reply.redirect('dashboard/', 302)
  })
  if (root === undefined) {
    app.log.warn({}, 'dashboard not built: /dashboard answers 503 (run npm run build)')
    app.get(`${DASHBOARD_PATH}/*`, async () => {
      throw new AppError('unavailable', 'the dashboard is not built into this server (run npm run build)')
    })
    return
  }
  await app.register(fastifyStatic, {
    root,
    prefix: `${DASHBOARD_PATH}/`,
    index: ['index.html'],
    // The build writes .br and .gz beside every text asset; clients get the smallest they accept.
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'deny',
    decorateReply: false,
    setHeaders: setDashboardHeaders,
  })
}
