// The POST /init body, checked in code: a JSON-schema validator (Ajv) would be compiled on every
// envd start for this one small object, which cost a third of the start.
import { InvalidArgumentError } from '../../shared/errors.js'

export type InitBody = {
  envVars?: Record<string, string>
  accessToken?: string
  timestamp?: Date
  defaultUser?: string
  defaultWorkdir?: string
  /** PEM certificates to trust (the egress gateway's CA for this sandbox; upstream's host/cacerts.go). */
  caBundle?: string
  /**
   * Sandock's own: the sandbox's and template's ids (E2B_SANDBOX_ID, E2B_TEMPLATE_ID). A sandbox
   * restored from another's memory (a fork keeping its processes) is told its own.
   */
  sandboxId?: string
  templateId?: string
}

// RFC 3339 date-time (as JSON-schema's `date-time` format): date, `T`, time, fraction, zone.
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key]
  if (v === undefined) return undefined
  if (typeof v !== 'string') throw new InvalidArgumentError(`body/${key} must be string`)
  return v
}

/**
 * Checks a parsed /init body; throws invalid_argument (400) naming the first bad field. Unknown
 * fields are ignored (upstream's volumeMounts, … have no meaning here).
 */
export function parseInitBody(body: unknown): InitBody {
  if (!isObject(body)) throw new InvalidArgumentError('body must be object')
  const out: InitBody = {}
  if (body.envVars !== undefined) {
    if (!isObject(body.envVars)) throw new InvalidArgumentError('body/envVars must be object')
    for (const [k, v] of Object.entries(body.envVars)) {
      if (typeof v !== 'string') throw new InvalidArgumentError(`body/envVars/${k} must be string`)
    }
    out.envVars = { ...(body.envVars as Record<string, string>) }
  }
  const accessToken = optionalString(body, 'accessToken')
  // compat: an empty token is refused as invalid (upstream's JSON decoder rejects it).
  if (accessToken === '') throw new InvalidArgumentError('body/accessToken must NOT have fewer than 1 characters')
  if (accessToken !== undefined) out.accessToken = accessToken
  const timestamp = optionalString(body, 'timestamp')
  if (timestamp !== undefined) {
    const at = new Date(timestamp)
    if (!RFC3339.test(timestamp) || Number.isNaN(at.getTime()))
      throw new InvalidArgumentError('body/timestamp must match format "date-time"')
    out.timestamp = at
  }
  const defaultUser = optionalString(body, 'defaultUser')
  if (defaultUser !== undefined) out.defaultUser = defaultUser
  const defaultWorkdir = optionalString(body, 'defaultWorkdir')
  if (defaultWorkdir !== undefined) out.defaultWorkdir = defaultWorkdir
  const caBundle = optionalString(body, 'caBundle')
  if (caBundle !== undefined && !caBundle.includes('-----BEGIN CERTIFICATE-----'))
    throw new InvalidArgumentError('body/caBundle must hold PEM certificates')
  if (caBundle !== undefined) out.caBundle = caBundle
  for (const key of ['sandboxId', 'templateId'] as const) {
    const id = optionalString(body, key)
    if (id !== undefined && !/^[A-Za-z0-9._-]{1,128}$/.test(id))
      throw new InvalidArgumentError(`body/${key} must be an id (letters, digits, ".", "_", "-")`)
    if (id !== undefined) out[key] = id
  }
  return out
}
