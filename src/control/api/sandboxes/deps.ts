// What the sandbox routes receive in their plugin options.
import type { SandboxService } from '../../sandboxes/service.js'

export type SandboxRouteDeps = { sandboxes: SandboxService; domain: string }
