// Domain errors shared by both programs: one AppError with a kind that each protocol maps once.

export type ErrorKind =
  | 'invalid_argument'
  | 'unauthenticated'
  | 'permission_denied'
  | 'not_found'
  | 'already_exists'
  | 'conflict'
  | 'failed_precondition'
  | 'resource_exhausted'
  | 'deadline_exceeded'
  | 'unavailable'
  | 'unimplemented'
  | 'unknown'
  | 'internal'

export class AppError extends Error {
  readonly kind: ErrorKind
  /** Rare override of the kind's HTTP status, e.g. 507 for a full disk. */
  readonly httpStatus: number | undefined
  /** Upstream's machine-readable `error_code` for the control API's body (e.g. sandbox_create_failed). */
  readonly errorCode: string | undefined

  constructor(
    kind: ErrorKind,
    message: string,
    opts: { cause?: unknown; httpStatus?: number; errorCode?: string } = {},
  ) {
    super(message, { cause: opts.cause })
    this.name = new.target.name
    this.kind = kind
    this.httpStatus = opts.httpStatus
    this.errorCode = opts.errorCode
  }
}

export class InvalidArgumentError extends AppError {
  constructor(message: string, opts: { cause?: unknown } = {}) {
    super('invalid_argument', message, opts)
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, opts: { cause?: unknown } = {}) {
    super('not_found', message, opts)
  }
}

/** Named errors carry their subject. */
export class SandboxNotFoundError extends NotFoundError {
  constructor(readonly sandboxId: string) {
    super(`Sandbox "${sandboxId}" doesn't exist or you don't have access to it`)
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message: string) {
    super('unauthenticated', message)
  }
}

export class InternalError extends AppError {
  constructor(message: string, opts: { cause?: unknown } = {}) {
    super('internal', message, opts)
  }
}

/** ENOSPC/EDQUOT while writing: the client gets 507 and nothing half-written stays behind. */
export class NoSpaceError extends AppError {
  constructor(message = 'not enough disk space available', opts: { cause?: unknown } = {}) {
    super('resource_exhausted', message, { ...opts, httpStatus: 507 })
  }
}

/** Over a concurrency limit: 429 with an integer Retry-After, which SDK 2.51 retries on. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterS = 1,
  ) {
    super('resource_exhausted', message)
  }
}
