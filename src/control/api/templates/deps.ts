// What the template routes receive in their plugin options.
import type { SandboxNode } from '../../../node/sandbox-node.js'
import type { TemplateService } from '../../templates/service.js'

export type TemplateRouteDeps = { templates: TemplateService; node: SandboxNode }
