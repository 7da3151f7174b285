// What the sandbox routes receive in their plugin options.
import type { SandboxNode } from '../../node/types.js'

export type SandboxRouteDeps = { node: SandboxNode; domain: string }
