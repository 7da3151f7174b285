// AppError → ConnectError, once for every RPC (Connect sends any other error as "internal").
import { Code, ConnectError, type Interceptor } from '@connectrpc/connect'
import type { Logger } from 'pino'
import { AppError, type ErrorKind } from '../../shared/errors.js'

const CODE: Record<ErrorKind, Code> = {
  invalid_argument: Code.InvalidArgument,
  unauthenticated: Code.Unauthenticated,
  permission_denied: Code.PermissionDenied,
  not_found: Code.NotFound,
  already_exists: Code.AlreadyExists,
  conflict: Code.Aborted,
  failed_precondition: Code.FailedPrecondition,
  resource_exhausted: Code.ResourceExhausted,
  deadline_exceeded: Code.DeadlineExceeded,
  unavailable: Code.Unavailable,
  unimplemented: Code.Unimplemented,
  unknown: Code.Unknown,
  internal: Code.Internal,
}

export function toConnectError(e: unknown, log: Logger): unknown {
  if (e instanceof AppError) {
    if (e.kind === 'internal' || e.kind === 'unknown') log.warn({ err: e }, 'rpc failed')
    return new ConnectError(e.message, CODE[e.kind], undefined, undefined, e)
  }
  if (e instanceof ConnectError) return e
  log.error({ err: e }, 'rpc failed unexpectedly')
  return new ConnectError('internal error', Code.Internal, undefined, undefined, e)
}

export function errorInterceptor(log: Logger): Interceptor {
  const map = (e: unknown) => toConnectError(e, log)
  async function* mapStream<T>(it: AsyncIterable<T>) {
    try {
      yield* it
    } catch (e) {
      throw map(e)
    }
  }
  return (next) => async (req) => {
    try {
      const res = await next(req)
      return res.stream ? { ...res, message: mapStream(res.message) } : res
    } catch (e) {
      throw map(e)
    }
  }
}
