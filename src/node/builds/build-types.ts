// A template build as it crosses the node seam: the job (plain data), its log lines as they come,
// and what a finished build leaves (the image and how sandboxes from it run).
import { AppError } from '../../shared/errors.js'
import type { Step } from './steps.js'
import type { TemplateRuntimeConfig } from './template-model.js'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
/** Every level, least severe first (a minimum level keeps its suffix). */
export const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error']
export type LogEntry = { timestamp: string; level: LogLevel; message: string; step?: string }

export type BuildJob = Readonly<{
  buildId: string
  templateId: string
  cpuCount: number
  memoryMB: number
  /** Free disk (MiB) the template must have after its steps (checked at `finalize`); 0 or absent: none. */
  minFreeDiskMb?: number | undefined
  steps: readonly Step[]
  /** Exactly one of fromImage and fromTemplate. */
  fromImage: string | undefined
  /** The parent template, resolved by the template catalog. */
  fromTemplate: Readonly<{ ref: string; image: string; config: TemplateRuntimeConfig }> | undefined
  /** Credentials for pulling fromImage: handed to Docker only, never logged or stored. */
  registry: Readonly<{ username: string; password: string; serveraddress?: string }> | undefined
  /** Rebuild every step, ignoring the layer cache. */
  force: boolean
  startCmd: string | undefined
  readyCmd: string | undefined
}>

/** One build log line; `step` is "base", "1".."N" or "finalize". */
export type BuildLog = (level: LogLevel, step: string, message: string) => void

/** `diskSizeMB`: the template's root filesystem as a sandbox of it sees it (MiB), measured at `finalize`. */
export type BuildResult = Readonly<{ image: string; config: TemplateRuntimeConfig; diskSizeMB: number }>

/** A failure at a step: the SDK maps `step` to the user's stack frame. */
export class StepError extends AppError {
  constructor(
    readonly step: string,
    message: string,
    opts: { cause?: unknown } = {},
  ) {
    super('failed_precondition', message, opts)
  }
}
