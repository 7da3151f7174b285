// What a sandbox is started from: a template resolved to its image, resources and runtime config.
// Produced here (built templates, the built-ins) and by snapshots; consumed by sandboxes/.
import type { RemoveImageResult } from '../runtime/types.js'
import type { BuildJob, BuildLog, BuildResult } from './build-types.js'

/** How a sandbox from a template runs: kept with each build, and set for every built-in. */
export type TemplateRuntimeConfig = {
  user: string
  workdir: string | undefined
  envs: Record<string, string>
  startCmd: string | undefined
  readyCmd: string | undefined
  /** `/bin/bash` when the image has it (commands run as login shells), else `/bin/sh`. */
  shell: string
}

export type ResolvedTemplate = Readonly<{
  templateId: string
  alias: string | undefined
  image: string
  cpuCount: number
  memoryMB: number
  /** Templates (built and built-in): env, start and ready commands for each new sandbox; absent for snapshots. */
  config?: TemplateRuntimeConfig
}>

/** A create's template reference (alias[:tag], id, `base`, or a snapshot id/name) → what to start; throws not_found. */
export type TemplateResolver = (ref: string) => Promise<ResolvedTemplate>

/**
 * What the template catalog asks of the node that builds and runs templates (node/types.ts has
 * the whole seam). Plain data in and out; `log` and `signal` are a stream and a cancel on the wire.
 */
export interface TemplateNode {
  /** Runs a build to its end: resolves with the final image, rejects (StepError: with its step) on failure. */
  build(job: BuildJob, out: { log: BuildLog; signal: AbortSignal }): Promise<BuildResult>
  /** Removes a template's image; a missing or still used image is an answer, not an error. */
  removeImage(image: string): Promise<RemoveImageResult>
  /** Removes the build containers a restart left behind; resolves with how many. */
  removeBuildContainers(): Promise<number>
  /** Is any sandbox (running or paused) created from this template? */
  usesTemplate(templateId: string): Promise<boolean>
}
