// Resolves a create's templateID (alias, namespace/alias, either with :tag, a template id, or a
// snapshot id/name) to an image, its resources and how a sandbox from it starts.
import { NotFoundError } from '../../shared/errors.js'
import type { ResolvedTemplate, TemplateResolver, TemplateRuntimeConfig } from './types.js'

export function createTemplateResolver(opts: {
  cpuCount: number
  memoryMB: number
  /** Base and built templates; throws not_found for an unknown name or tag. */
  template: (ref: string) => Promise<{ templateId: string; alias: string; image: string; config: TemplateRuntimeConfig; cpuCount: number; memoryMB: number }>
  /** A snapshot by id or name, used as a template (contract: a snapshot id works in create). */
  snapshot?: (ref: string) => Promise<ResolvedTemplate | undefined>
}): TemplateResolver {
  return async (ref) => {
    try {
      const t = await opts.template(ref)
      return { templateId: t.templateId, alias: t.alias, image: t.image, cpuCount: t.cpuCount || opts.cpuCount, memoryMB: t.memoryMB || opts.memoryMB, config: t.config }
    } catch (e) {
      if (!(e instanceof NotFoundError) || ref.includes(':')) throw e
      const snapshot = await opts.snapshot?.(ref.split('/').pop()!)
      if (snapshot) return snapshot
      throw e
    }
  }
}
