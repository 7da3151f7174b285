// E2B's CLI sign-in, served by Sandock: `e2b auth login` opens `<E2B_DOCS_BASE>/api/cli?next=
// http://localhost:<port>` (E2B_DOCS_BASE defaults to https://<E2B_DOMAIN>/docs) and waits there for
// a redirect carrying `email, accessToken, refreshToken, tokenEndpoint, revokeEndpoint, clientId`.
// Upstream that page is an OAuth sign-in; here it is a form that takes an access token from
// `sandock access-token create` and hands that same token back as both the access and the refresh
// token. `e2b auth configure` refreshes through `tokenEndpoint` whenever its token is not a JWT with
// a future `exp` (ours never is), so the token endpoint answers a valid token with itself and a
// revoked one with `invalid_grant` (the CLI then signs out). Logout's revocation call is answered
// 200 without revoking: the token stays valid until `sandock access-token revoke`.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { AccessTokens } from '../access-tokens.js'

export const CLI_LOGIN_PATH = '/docs/api/cli'
const CLIENT_ID = 'sandock-cli'
const FORM_LIMIT = 8 * 1024

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Only the CLI's own listener on this machine may receive a token: http://localhost|127.0.0.1|[::1]:<port>. */
export function loopbackNext(next: unknown): URL | undefined {
  if (typeof next !== 'string') return undefined
  let url: URL
  try {
    url = new URL(next)
  } catch {
    return undefined
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  const bare =
    url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === ''
  return url.protocol === 'http:' && loopback && url.port !== '' && bare ? url : undefined
}

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; form-action 'self' http://localhost:* http://127.0.0.1:* http://[::1]:*",
    )
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>` +
        '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem}' +
        'input[type=password]{width:100%;padding:.4rem;font-family:monospace}button{margin-top:.8rem;padding:.4rem 1rem}</style>' +
        `</head><body><h1>${esc(title)}</h1>${body}</body></html>`,
    )
}

function loginForm(reply: FastifyReply, status: number, next: string, problem?: string) {
  return page(
    reply,
    status,
    'Sign the E2B CLI in to Sandock',
    (problem ? `<p role="alert"><strong>${esc(problem)}</strong></p>` : '') +
      '<p>Paste an access token (<code>sandock access-token create</code> prints one on the server). ' +
      'The CLI gets it back on this machine, with the API key that was issued with it.</p>' +
      `<form method="post" action="cli"><input type="hidden" name="next" value="${esc(next)}">` +
      '<label>Access token <input type="password" name="token" autocomplete="off" required autofocus></label>' +
      '<br><button type="submit">Sign in</button></form>',
  )
}

const formField = (req: FastifyRequest, name: string): string | undefined => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name]
  return typeof v === 'string' ? v : undefined
}

/** This server's origin as the browser sees it: the form's Origin, else the request's own. */
function originOf(req: FastifyRequest): string {
  const origin = req.headers.origin
  if (typeof origin === 'string' && /^https?:\/\/[^/\s]+$/.test(origin)) return origin
  return `${req.protocol}://${req.host}`
}

export const cliLoginRoutes: FastifyPluginAsync<{ accessTokens: AccessTokens }> = async (app, deps) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  app.get(CLI_LOGIN_PATH, async (req, reply) => {
    const q = req.query as Record<string, unknown>
    if (q.state === 'success') {
      const who = typeof q.email === 'string' ? ` as ${q.email}` : ''
      return page(reply, 200, 'Signed in', `<p>The E2B CLI is signed in${esc(who)}. Return to your terminal.</p>`)
    }
    if (q.state === 'error') {
      const why = typeof q.error === 'string' ? q.error : 'unknown error'
      return page(reply, 400, 'Sign-in failed', `<p>${esc(why)}</p>`)
    }
    const next = loopbackNext(q.next)
    if (!next) {
      return page(reply, 400, 'Not a CLI sign-in', '<p>Start it with <code>e2b auth login</code>.</p>')
    }
    return loginForm(reply, 200, next.href)
  })

  app.post(CLI_LOGIN_PATH, async (req, reply) => {
    const next = loopbackNext(formField(req, 'next'))
    if (!next) return page(reply, 400, 'Not a CLI sign-in', '<p>Start it with <code>e2b auth login</code>.</p>')
    const token = (formField(req, 'token') ?? '').trim()
    const user = token ? await deps.accessTokens.authenticate(token) : undefined
    if (!user) return loginForm(reply, 401, next.href, 'That is not a valid access token.')
    const base = `${originOf(req)}${CLI_LOGIN_PATH}`
    const params = new URLSearchParams({
      email: user.name,
      accessToken: token,
      refreshToken: token,
      tokenEndpoint: `${base}/token`,
      revokeEndpoint: `${base}/revoke`,
      clientId: CLIENT_ID,
    })
    return reply.code(302).header('cache-control', 'no-store').header('location', `${next.origin}/?${params}`).send()
  })

  app.post(`${CLI_LOGIN_PATH}/token`, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    const token = formField(req, 'refresh_token') ?? ''
    if (formField(req, 'grant_type') !== 'refresh_token') {
      return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'only refresh_token' })
    }
    const user = token ? await deps.accessTokens.authenticate(token) : undefined
    if (!user) {
      return reply.code(400).send({ error: 'invalid_grant', error_description: 'the access token is not valid' })
    }
    return { access_token: token, refresh_token: token, token_type: 'Bearer' }
  })

  // RFC 7009: the answer is 200 whether or not the token was valid.
  app.post(`${CLI_LOGIN_PATH}/revoke`, async (_req, reply) =>
    reply.code(200).header('cache-control', 'no-store').send(),
  )
}
