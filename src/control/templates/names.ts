// Template names (`[namespace/]alias[:tag]`), tags and build resources, validated as upstream does.
import { InvalidArgumentError } from '../../shared/errors.js'

const ALIAS = /^[a-z0-9_-]+$/
const TAG = /^[a-z0-9_.-]+$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type TemplateRef = { alias: string; tag: string | undefined }

/** Splits a reference; the namespace, when given, is ignored (a self-hosted server has one team). */
export function parseTemplateRef(raw: string): TemplateRef {
  const ref = raw.trim().toLowerCase()
  const slash = ref.lastIndexOf('/')
  const bare = slash >= 0 ? ref.slice(slash + 1) : ref
  const colon = bare.indexOf(':')
  return colon >= 0 ? { alias: bare.slice(0, colon), tag: bare.slice(colon + 1) } : { alias: bare, tag: undefined }
}

export function validateTag(tag: string): string {
  const t = tag.trim().toLowerCase()
  if (!TAG.test(t))
    throw new InvalidArgumentError(`invalid tag '${tag}': use lowercase letters, digits, '-', '_' and '.'`)
  if (UUID.test(t)) throw new InvalidArgumentError(`invalid tag '${tag}': a tag cannot be a UUID`)
  return t
}

/** The alias and tags a v3 build request names; no tag at all means `default`. */
export function parseBuildName(name: string, tags: readonly string[] | undefined): { alias: string; tags: string[] } {
  const ref = parseTemplateRef(name)
  if (!ref.alias) throw new InvalidArgumentError('name is required')
  if (!ALIAS.test(ref.alias))
    throw new InvalidArgumentError(`invalid template name '${ref.alias}': use lowercase letters, digits, '-' and '_'`)
  const all = [...(ref.tag !== undefined ? [ref.tag] : []), ...(tags ?? [])].map(validateTag)
  return { alias: ref.alias, tags: all.length > 0 ? [...new Set(all)] : ['default'] }
}

export function validateResources(
  cpuCount: number | undefined,
  memoryMB: number | undefined,
  limits: { maxCpu: number; maxMemoryMB: number },
): { cpuCount: number; memoryMB: number } {
  const cpu = cpuCount ?? 2
  const mem = memoryMB ?? 1024
  if (!Number.isInteger(cpu) || cpu < 1 || (cpu !== 1 && cpu % 2 !== 0))
    throw new InvalidArgumentError(`cpuCount must be 1 or an even number, got ${cpu}`)
  if (cpu > limits.maxCpu) throw new InvalidArgumentError(`cpuCount must be at most ${limits.maxCpu}, got ${cpu}`)
  if (!Number.isInteger(mem) || mem < 128 || mem % 2 !== 0)
    throw new InvalidArgumentError(`memoryMB must be an even number of at least 128, got ${mem}`)
  if (mem > limits.maxMemoryMB)
    throw new InvalidArgumentError(`memoryMB must be at most ${limits.maxMemoryMB}, got ${mem}`)
  return { cpuCount: cpu, memoryMB: mem }
}
