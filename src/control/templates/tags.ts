// Template tags: pointing more tags at the build a tag names, removing tags (never `default`),
// and listing them. A tag always names a ready build.
import { InvalidArgumentError, NotFoundError } from '../../shared/errors.js'
import { parseTemplateRef, validateTag } from './names.js'
import { liveTemplate } from './resolve.js'
import type { TemplateStore } from './template-store.js'

export function createTags(store: TemplateStore) {
  const live = (alias: string, what: string) => {
    const t = liveTemplate(store, alias)
    if (!t) throw new NotFoundError(`template '${what}' not found`)
    return t
  }

  return {
    /** Points `tags` at the build `target` (alias[:tag], default `default`) names. */
    assignTags(target: string, tags: string[]): { buildId: string; tags: string[] } {
      const ref = parseTemplateRef(target)
      const t = live(ref.alias, ref.alias)
      const from = store.tag(t.templateId, ref.tag ?? 'default')
      if (!from) throw new NotFoundError(`tag '${ref.tag}' does not exist for template '${ref.alias}'`)
      const clean = [...new Set(tags.map(validateTag))]
      if (clean.length === 0) throw new InvalidArgumentError('tags must not be empty')
      store.assignTags(t.templateId, clean, from.buildId)
      return { buildId: from.buildId, tags: clean }
    },

    removeTags(name: string, tags: string[]): void {
      const t = live(parseTemplateRef(name).alias, name)
      const clean = tags.map(validateTag)
      if (clean.includes('default')) throw new InvalidArgumentError("the 'default' tag cannot be removed")
      const missing = clean.filter((tag) => !store.tag(t.templateId, tag))
      if (missing.length > 0) throw new NotFoundError(`tag '${missing[0]}' does not exist for template '${t.alias}'`)
      store.removeTags(t.templateId, clean)
    },

    tags(templateId: string): { tag: string; buildId: string; createdAt: string }[] {
      const t = live(templateId, templateId)
      return store.tagsOf(t.templateId).map((x) => ({ tag: x.tag, buildId: x.buildId, createdAt: x.createdAt }))
    },
  }
}
