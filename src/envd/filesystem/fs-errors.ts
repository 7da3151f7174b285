// errno → domain errors for filesystem work, so RPCs and HTTP routes answer the same way.
import { AppError, InternalError, InvalidArgumentError, NoSpaceError, NotFoundError } from '../../shared/errors.js'

export function fromFsError(e: unknown, path: string): AppError {
  if (e instanceof AppError) return e
  const code = (e as NodeJS.ErrnoException)?.code
  switch (code) {
    case 'ENOENT':
      return new NotFoundError(`file not found: ${path}`, { cause: e })
    case 'ENOTDIR':
      return new InvalidArgumentError(`path is not a directory: ${path}`, { cause: e })
    case 'ELOOP':
      return new AppError('failed_precondition', `cyclic symlink or too many levels of symlinks: ${path}`, { cause: e })
    case 'ENOSPC':
    case 'EDQUOT':
      return new NoSpaceError(undefined, { cause: e })
    case 'ENAMETOOLONG':
    case 'EINVAL':
      return new InvalidArgumentError(`invalid path: ${path}`, { cause: e })
    default:
      return new InternalError(`${code ?? 'error'}: ${(e as Error)?.message ?? String(e)}`, { cause: e })
  }
}

export function isErrno(e: unknown, ...codes: string[]): boolean {
  return codes.includes((e as NodeJS.ErrnoException)?.code ?? '')
}
