// Resolving a template reference (alias[:tag], namespace/alias[:tag], a template id, a built-in)
// to what a sandbox starts from. A miss is a value carrying its reason, not an error: the caller
// decides (a create tries the snapshots, then answers 404 with the reason: node/sandboxes/template-resolver.ts).
import type { BuiltinImages } from '../../node/builds/builtin-images.js'
import type { BuiltinTemplate } from '../../node/builds/builtins.js'
import { parseTemplateRef } from './names.js'
import type { TemplateRow, TemplateStore } from './template-store.js'
import type { TemplateLookup } from '../../node/sandboxes/template-resolver.js'

/** A template with at least one ready build (a name whose builds all failed does not exist). */
export async function liveTemplate(store: TemplateStore, alias: string): Promise<TemplateRow | undefined> {
  const t = await store.findTemplate(alias)
  return t && (await store.tagsOf(t.templateId)).length > 0 ? t : undefined
}

export function createTemplateLookup(
  store: TemplateStore,
  builtins: readonly BuiltinTemplate[],
  images: Pick<BuiltinImages, 'state'>,
): (raw: string) => Promise<TemplateLookup> {
  return async (raw) => {
    const ref = parseTemplateRef(raw)
    const builtin = builtins.find((b) => b.name === ref.alias)
    if (builtin) {
      if (ref.tag !== undefined && ref.tag !== 'default' && ref.tag !== 'latest')
        return { missing: `tag '${ref.tag}' does not exist for template '${ref.alias}'` }
      const s = images.state(builtin.name)
      if (s?.state !== 'ready') {
        const why =
          s?.state === 'building'
            ? `the built-in template '${builtin.name}' is being built (started ${Math.round((Date.now() - s.since) / 1000)} s ago, usually a few minutes); try again when it is ready`
            : (s?.reason ?? `the built-in template '${builtin.name}' is not ready`)
        return { missing: why, unavailable: true }
      }
      return {
        template: {
          templateId: builtin.name,
          alias: builtin.name,
          image: s.image,
          config: builtin.config,
          cpuCount: builtin.cpuCount,
          memoryMB: builtin.memoryMB,
        },
      }
    }
    const t = await liveTemplate(store, ref.alias)
    if (!t) return { missing: `template '${raw}' not found` }
    const tag = await store.tag(t.templateId, ref.tag ?? 'default')
    if (!tag) return { missing: `tag '${ref.tag}' does not exist for template '${ref.alias}'` }
    const b = await store.build(tag.buildId)
    if (!b?.image || !b.config) return { missing: `template '${raw}' has no ready build` }
    return {
      template: {
        templateId: t.templateId,
        alias: t.alias,
        image: b.image,
        config: b.config,
        cpuCount: b.cpuCount,
        memoryMB: b.memoryMB,
      },
    }
  }
}

/** `lookup`, looking again for a built-in's image that was missing (built since by the CLI). */
export function refreshingLookup(
  lookup: (ref: string) => Promise<TemplateLookup>,
  refresh: (name: string) => Promise<void>,
): (ref: string) => Promise<TemplateLookup> {
  return async (ref) => {
    const found = await lookup(ref)
    if (!found.unavailable) return found
    await refresh(parseTemplateRef(ref).alias)
    return lookup(ref)
  }
}
