// A create's `iam` (workload identity tokens): validated as upstream does, then refused, since this
// server has no token issuer.
import { InvalidArgumentError } from '../../../shared/errors.js'

const MAX_IAM_TOKENS = 5
export const IAM_UNAVAILABLE = 'Sandbox IAM workload tokens are not available for your team.'

/**
 * A create's `iam` (workload identity tokens for `${e2b.identity.tokens.<name>}`): checked as
 * upstream checks it, then refused with upstream's gate text, since this server has no token
 * issuer. The SDK sends `iam` only when it holds a token; an empty one is accepted.
 */
export function refuseIamTokens(iam: unknown): void {
  if (iam === undefined || iam === null) return
  const tokens = (iam as { tokens?: unknown }).tokens
  if (
    typeof iam !== 'object' ||
    Array.isArray(iam) ||
    (tokens !== undefined && tokens !== null && (typeof tokens !== 'object' || Array.isArray(tokens)))
  ) {
    throw new InvalidArgumentError('iam: expected {"tokens": {<name>: {"audience", "tokenType"}}}')
  }
  const entries = Object.entries((tokens ?? {}) as Record<string, unknown>)
  if (entries.length === 0) return
  if (entries.length > MAX_IAM_TOKENS)
    throw new InvalidArgumentError(`iam.tokens: too many tokens: ${entries.length} (max ${MAX_IAM_TOKENS})`)
  for (const [name, t] of entries) {
    if (name === '') throw new InvalidArgumentError('iam.tokens: token name must not be empty')
    const { audience, tokenType } = (t ?? {}) as { audience?: unknown; tokenType?: unknown }
    if (typeof audience !== 'string' || audience === '')
      throw new InvalidArgumentError(`iam.tokens.${name}.audience: audience is required`)
    if (tokenType !== 'JWT-SVID')
      throw new InvalidArgumentError(`iam.tokens.${name}.tokenType: only "JWT-SVID" is supported`)
  }
  throw new InvalidArgumentError(IAM_UNAVAILABLE)
}
