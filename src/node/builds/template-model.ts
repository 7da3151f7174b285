// What a sandbox is started from: a template resolved to its image, resources and runtime config.
// Produced here (built templates, the built-ins) and by snapshots; consumed by sandboxes/.

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
  /** A snapshot that kept its processes' memory (runsc-netstack): a sandbox from it restores them. */
  memory?: boolean
}>

/** A create's template reference (alias[:tag], id, `base`, or a snapshot id/name) → what to start; throws not_found. */
export type TemplateResolver = (ref: string) => Promise<ResolvedTemplate>
