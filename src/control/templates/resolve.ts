// Resolving a template reference (alias[:tag], namespace/alias[:tag], a template id, a built-in)
// to what a sandbox starts from. A miss is a value carrying its reason, not an error: the caller
// decides (a create tries the snapshots, then answers 404 with the reason).
import { NotFoundError } from '../../shared/errors.js'
import type { BuiltinTemplate } from './builtins.js'
import { parseTemplateRef } from './names.js'
import type { TemplateRow, TemplateStore } from './template-store.js'
import type { ResolvedTemplate, TemplateResolver, TemplateRuntimeConfig } from './types.js'

/** A built or built-in template (cpuCount/memoryMB 0: the server's defaults), or why there is none. */
export type TemplateLookup =
  | { template: ResolvedTemplate & { config: TemplateRuntimeConfig }; missing?: undefined }
  | { template?: undefined; missing: string }

/** A template with at least one ready build (a name whose builds all failed does not exist). */
export async function liveTemplate(store: TemplateStore, alias: string): Promise<TemplateRow | undefined> {
  const t = await store.findTemplate(alias)
  return t && (await store.tagsOf(t.templateId)).length > 0 ? t : undefined
}

export function createTemplateLookup(store: TemplateStore, builtins: readonly BuiltinTemplate[]): (raw: string) => Promise<TemplateLookup> {
  return async (raw) => {
    const ref = parseTemplateRef(raw)
    const builtin = builtins.find((b) => b.name === ref.alias)
    if (builtin) {
      if (ref.tag !== undefined && ref.tag !== 'default' && ref.tag !== 'latest') return { missing: `tag '${ref.tag}' does not exist for template '${ref.alias}'` }
      return { template: { templateId: builtin.name, alias: builtin.name, image: builtin.image, config: builtin.config, cpuCount: 0, memoryMB: 0 } }
    }
    const t = await liveTemplate(store, ref.alias)
    if (!t) return { missing: `template '${raw}' not found` }
    const tag = await store.tag(t.templateId, ref.tag ?? 'default')
    if (!tag) return { missing: `tag '${ref.tag}' does not exist for template '${ref.alias}'` }
    const b = await store.build(tag.buildId)
    if (!b?.image || !b.config) return { missing: `template '${raw}' has no ready build` }
    return { template: { templateId: t.templateId, alias: t.alias, image: b.image, config: b.config, cpuCount: b.cpuCount, memoryMB: b.memoryMB } }
  }
}

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
      return { templateId: t.templateId, alias: t.alias, image: t.image, cpuCount: t.cpuCount || opts.cpuCount, memoryMB: t.memoryMB || opts.memoryMB, config: t.config }
    }
    const snapshot = ref.includes(':') ? undefined : await opts.snapshot(ref.split('/').pop()!)
    if (snapshot) return snapshot
    throw new NotFoundError(found.missing)
  }
}
