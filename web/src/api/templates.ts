// Template calls of the E2B control API (list, builds, build status with logs, tags).
import { getJson, request } from './http.js'
import type { BuildStatus, Template, TemplateTag, TemplateWithBuilds } from './types.js'

const id = encodeURIComponent

export const listTemplates = (signal?: AbortSignal) => getJson<Template[]>('templates', { signal })

export const getTemplate = (templateId: string, signal?: AbortSignal) =>
  getJson<TemplateWithBuilds>(`templates/${id(templateId)}`, { signal })

export const templateTags = (templateId: string, signal?: AbortSignal) =>
  getJson<TemplateTag[]>(`templates/${id(templateId)}/tags`, { signal })

/** A build's status and its log entries from `logsOffset` on (at most 100 per call). */
export const buildStatus = (templateId: string, buildId: string, logsOffset: number, signal?: AbortSignal) =>
  getJson<BuildStatus>(`templates/${id(templateId)}/builds/${id(buildId)}/status`, {
    query: { logsOffset, limit: 100 },
    signal,
  })

/** Points `tags` of template `name` at the build `name:sourceTag` runs. */
export const assignTags = (name: string, sourceTag: string, tags: string[]) =>
  request('templates/tags', { method: 'POST', body: { target: `${name}:${sourceTag}`, tags } }).then(() => undefined)

export const removeTags = (name: string, tags: string[]) =>
  request('templates/tags', { method: 'DELETE', body: { name, tags } }).then(() => undefined)
