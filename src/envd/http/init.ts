// POST /init: the control plane configures a fresh or resumed daemon (env, token, defaults).
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { InvalidArgumentError, UnauthenticatedError } from '../../shared/errors.js'
import { safeEqual } from '../../shared/safe-equal.js'
import { readJsonBody } from '../../shared/json-body.js'
import { installCaBundle, type CaCertPaths } from '../host/ca-certs.js'
import type { EnvdState } from '../state.js'
import { parseInitBody } from './init-body.js'
import type { EnvdRequest, Routes } from './router.js'

const BODY_LIMIT = 1024 * 1024
// An oversized body is read (and discarded) up to this size so its 413 reaches the caller.
const DRAIN_LIMIT = 64 * 1024 * 1024

/** The JSON body; without one (no body, or another media type) there is no object to apply. */
async function jsonBody(req: EnvdRequest): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  return type === 'application/json'
    ? readJsonBody(req.raw, BODY_LIMIT, DRAIN_LIMIT, { emptyIsError: true })
    : undefined
}

/**
 * `.E2B_SANDBOX` (`true`), `.E2B_SANDBOX_ID` and `.E2B_TEMPLATE_ID` in `dir`, as upstream's envd
 * writes them (the bare value, readable by every user; E2B's JS suite reads all three). At each /init: a pool container learns it was claimed there, and a
 * sandbox from a snapshot must not keep its source's files.
 */
export async function writeRunIds(dir: string, state: Pick<EnvdState, 'internalEnv'>): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o755 })
  for (const key of ['E2B_SANDBOX', 'E2B_SANDBOX_ID', 'E2B_TEMPLATE_ID'] as const) {
    const value = state.internalEnv[key]
    if (value === undefined) continue
    const file = join(dir, `.${key}`)
    // A fresh file renamed over the old one: a reader never sees half an id.
    await writeFile(`${file}.tmp`, value, { mode: 0o644 })
    await chmod(`${file}.tmp`, 0o644)
    await rename(`${file}.tmp`, file)
  }
}

export function initRoute(
  app: Routes,
  { state, caPaths, runDir, log }: { state: EnvdState; caPaths?: CaCertPaths; runDir?: string; log?: Logger },
) {
  app.post('/init', async (req, reply) => {
    // The body is checked before the token (as upstream's generated handler does).
    const body = parseInitBody(await jsonBody(req))
    // Accept the current token, or anything while no token is set (first-time setup).
    const presented = req.headers['x-access-token']
    if (
      state.accessToken !== undefined &&
      (typeof presented !== 'string' || !safeEqual(presented, state.accessToken))
    ) {
      throw new UnauthenticatedError('unauthorized access, invalid access token')
    }
    const at = body.timestamp
    // Replay protection: an older (or equal) timestamp than the last applied one changes nothing.
    const stale = at !== undefined && state.lastInitAt !== undefined && at <= state.lastInitAt
    if (!stale) {
      if (at) state.lastInitAt = at
      if (body.envVars) state.envVars = { ...body.envVars }
      state.accessToken = body.accessToken
      if (body.defaultUser) state.defaultUser = body.defaultUser
      if (body.defaultWorkdir) state.defaultWorkdir = body.defaultWorkdir
      if (body.sandboxId) state.internalEnv.E2B_SANDBOX_ID = body.sandboxId
      if (body.templateId) state.internalEnv.E2B_TEMPLATE_ID = body.templateId
      if (body.caBundle) {
        await installCaBundle(body.caBundle, caPaths).catch((e: unknown) => {
          throw new InvalidArgumentError(`caBundle could not be installed: ${(e as Error).message}`)
        })
      }
      if (runDir)
        await writeRunIds(runDir, state).catch((err: unknown) =>
          (log ?? req.log).warn({ err, runDir }, 'writing the sandbox id files failed'),
        )
      req.log.info(
        {
          stale,
          envVarCount: Object.keys(body.envVars ?? {}).length,
          tokenSet: body.accessToken !== undefined,
          caBundle: Boolean(body.caBundle),
        },
        'init applied',
      )
    }
    reply.code(204).header('cache-control', 'no-store').send()
  })
}
