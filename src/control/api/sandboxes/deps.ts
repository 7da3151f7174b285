// What the sandbox routes receive in their plugin options.
import type { SandboxService } from '../../sandboxes/sandbox-service.js'

export type SandboxRouteDeps = { sandboxes: SandboxService; domain: string }
