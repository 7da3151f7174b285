// Resolves a create's templateID (alias, id, optional :tag) to an image and its resources.
// Until the template builder lands (#4), templates are `base` and the server's snapshots.
import { NotFoundError } from '../../shared/errors.js'

export type ResolvedTemplate = Readonly<{ templateId: string; alias: string | undefined; image: string; cpuCount: number; memoryMB: number }>

export type TemplateResolver = (ref: string) => Promise<ResolvedTemplate>

export function createTemplateResolver(opts: {
  baseImage: string
  cpuCount: number
  memoryMB: number
  /** A snapshot by id or name, used as a template (contract: a snapshot id works in create). */
  snapshot?: (ref: string) => Promise<ResolvedTemplate | undefined>
}): TemplateResolver {
  return async (ref) => {
    const [name, tag] = ref.split(':')
    const bare = name?.includes('/') ? name.split('/').pop()! : name
    if (bare !== 'base') {
      const snapshot = tag === undefined && bare ? await opts.snapshot?.(bare) : undefined
      if (snapshot) return snapshot
      throw new NotFoundError(`template '${ref}' not found`)
    }
    if (tag !== undefined && tag !== 'latest' && tag !== 'default') {
      throw new NotFoundError(`tag '${tag}' does not exist for template '${name}'`)
    }
    return { templateId: 'base', alias: 'base', image: opts.baseImage, cpuCount: opts.cpuCount, memoryMB: opts.memoryMB }
  }
}
