// What the sandbox routes receive in their plugin options.
import type { SandboxNode } from '../../../node/sandbox-node.js'

export type SandboxRouteDeps = {
  node: SandboxNode
  domain: string
}
