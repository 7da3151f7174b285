// A create's template reference → what to start: the catalog's lookup first, then the snapshots.
import { AppError, NotFoundError } from '../../shared/errors.js'
import type { ResolvedTemplate, TemplateResolver, TemplateRuntimeConfig } from '../builds/template-model.js'

/**
 * A built or built-in template (cpuCount/memoryMB 0: the server's defaults), or why there is none;
 * `unavailable` when it exists but cannot start now (a built-in still building, or not built).
 */
export type TemplateLookup =
  | { template: ResolvedTemplate & { config: TemplateRuntimeConfig }; missing?: undefined; unavailable?: undefined }
  | { template?: undefined; missing: string; unavailable?: true }

/**
 * A create's resolver: templates first, then (for a reference without a tag) snapshots by id or
 * name, as a snapshot id works as a template id. Throws not_found with the template's reason.
 */
export function createTemplateResolver(opts: {
  lookup: (ref: string) => Promise<TemplateLookup>
  snapshot: (ref: string) => Promise<ResolvedTemplate | undefined>
  /** Resources of a template that names none (the built-ins). */
  cpuCount: number
  memoryMB: number
}): TemplateResolver {
  return async (ref) => {
    const found = await opts.lookup(ref)
    if (found.template) {
      const t = found.template
      return {
        templateId: t.templateId,
        alias: t.alias,
        image: t.image,
        cpuCount: t.cpuCount || opts.cpuCount,
        memoryMB: t.memoryMB || opts.memoryMB,
        config: t.config,
      }
    }
    const snapshot = ref.includes(':') ? undefined : await opts.snapshot(ref.split('/').pop()!)
    if (snapshot) return snapshot
    if (found.unavailable) throw new AppError('unavailable', found.missing)
    throw new NotFoundError(found.missing)
  }
}
