// Template tags: pointing more tags at the build a tag names, removing tags (never `default`),
// and listing them. A tag always names a ready build.
import { InvalidArgumentError, NotFoundError } from '../../shared/errors.js'
import { parseTemplateRef, validateTag } from './names.js'
import { liveTemplate } from './resolve.js'
import type { TemplateStore } from './template-store.js'

export function createTags(store: TemplateStore) {
  const live = async (alias: string, what: string) => {
    const t = await liveTemplate(store, alias)
    if (!t) throw new NotFoundError(`template '${what}' not found`)
    return t
  }

  return {
    /** Points `tags` at the build `target` (alias[:tag], default `default`) names. */
    async assignTags(target: string, tags: string[]): Promise<{ buildId: string; tags: string[] }> {
      const ref = parseTemplateRef(target)
      const t = await live(ref.alias, ref.alias)
      const from = await store.tag(t.templateId, ref.tag ?? 'default')
      if (!from) throw new NotFoundError(`tag '${ref.tag}' does not exist for template '${ref.alias}'`)
      const clean = [...new Set(tags.map(validateTag))]
      if (clean.length === 0) throw new InvalidArgumentError('tags must not be empty')
      await store.assignTags(t.templateId, clean, from.buildId)
      return { buildId: from.buildId, tags: clean }
    },

    async removeTags(name: string, tags: string[]): Promise<void> {
      const t = await live(parseTemplateRef(name).alias, name)
      const clean = tags.map(validateTag)
      if (clean.includes('default')) throw new InvalidArgumentError("the 'default' tag cannot be removed")
      const missing = (
        await Promise.all(clean.map(async (tag) => ((await store.tag(t.templateId, tag)) ? undefined : tag)))
      ).filter((tag) => tag !== undefined)
      if (missing.length > 0) throw new NotFoundError(`tag '${missing[0]}' does not exist for template '${t.alias}'`)
      await store.removeTags(t.templateId, clean)
    },

    async tags(templateId: string): Promise<{ tag: string; buildId: string; createdAt: string }[]> {
      const t = await live(templateId, templateId)
      return (await store.tagsOf(t.templateId)).map((x) => ({ tag: x.tag, buildId: x.buildId, createdAt: x.createdAt }))
    },
  }
}
