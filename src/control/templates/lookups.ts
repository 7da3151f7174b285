// A template or one of its builds from the store, or not_found with the contract's message.
import { NotFoundError } from '../../shared/errors.js'
import type { BuildRow, TemplateRow, TemplateStore } from './template-store.js'

export async function templateOrThrow(store: TemplateStore, ref: string): Promise<TemplateRow> {
  const t = await store.findTemplate(ref)
  if (!t) throw new NotFoundError(`template '${ref}' not found`)
  return t
}

export async function buildOrThrow(store: TemplateStore, templateId: string, buildId: string): Promise<BuildRow> {
  const b = await store.build(buildId)
  if (!b || b.templateId !== templateId) throw new NotFoundError(`Build '${buildId}' not found`)
  return b
}
