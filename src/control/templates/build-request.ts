// A build's start request: checked into a job before it is queued (the parent template is
// resolved when it runs), and the reason a build that ended in failure is given.
import { InvalidArgumentError } from '../../shared/errors.js'
import { StepError, type BuildJob } from '../../node/builds/build-types.js'
import { parseSteps, type RawStep } from '../../node/builds/steps.js'
import type { Uploads } from './uploads.js'

/** `POST /v2/templates/{id}/builds/{buildId}`, before validation. */
export type StartBuildRequest = {
  fromImage?: string
  fromTemplate?: string
  fromImageRegistry?: { type?: string; username?: string; password?: string; serverAddress?: string }
  force?: boolean
  steps?: RawStep[]
  startCmd?: string
  readyCmd?: string
}

/** Validates the request into a job (everything but the parent template, resolved when it runs). */
export async function validateBuildRequest(
  req: StartBuildRequest,
  uploads: Pick<Uploads, 'has'>,
): Promise<
  Omit<BuildJob, 'buildId' | 'templateId' | 'cpuCount' | 'memoryMB' | 'fromTemplate'> & {
    fromTemplate: string | undefined
  }
> {
  if ((req.fromImage === undefined) === (req.fromTemplate === undefined))
    throw new InvalidArgumentError('exactly one of fromImage and fromTemplate is required')
  if (req.fromImage !== undefined && req.fromImage.trim() === '')
    throw new InvalidArgumentError('fromImage must not be empty')
  const steps = parseSteps(req.steps ?? [])
  for (const [i, s] of steps.entries()) {
    if (s.type === 'COPY' && !(await uploads.has(s.filesHash!))) {
      throw new InvalidArgumentError(
        `step ${i + 1} (COPY ${s.args[0]}): its files (hash ${s.filesHash!.slice(0, 12)}…) were never uploaded`,
      )
    }
  }
  const reg = req.fromImageRegistry
  if (reg && reg.type && reg.type !== 'registry')
    throw new InvalidArgumentError(
      `fromImageRegistry type '${reg.type}' is not supported (use 'registry' with username and password)`,
    )
  return {
    steps,
    fromImage: req.fromImage?.trim(),
    fromTemplate: req.fromTemplate?.trim(),
    force: req.force === true,
    registry:
      reg?.username && reg.password
        ? {
            username: reg.username,
            password: reg.password,
            ...(reg.serverAddress ? { serveraddress: reg.serverAddress } : {}),
          }
        : undefined,
    startCmd: req.startCmd || undefined,
    readyCmd: req.readyCmd || undefined,
  }
}

/** Why a build failed: cancelled (the signal's reason), a step's error (with its step), or any other error. */
export function failureReason(signal: AbortSignal, e: unknown): { message: string; step?: string } {
  return signal.aborted
    ? { message: `build cancelled: ${(signal.reason as Error)?.message ?? 'aborted'}` }
    : e instanceof StepError
      ? { message: e.message, step: e.step }
      : { message: `build failed: ${(e as Error).message}` }
}
