// Sandbox calls of the E2B control API the dashboard makes (the same routes the SDK uses).
import { encodeMetadataQuery } from '../lib/metadata-filter.js'
import { getJson, request, send } from './http.js'
import type { ListedSandbox, SandboxDetail, SandboxLogEntry, SandboxMetric } from './types.js'

export type ListFilter = { state?: 'running' | 'paused'; template?: string; metadata?: Record<string, string> }

const MAX_PAGES = 10
const id = encodeURIComponent

/** Every sandbox matching the filter (newest first), following X-Next-Token up to 1000. */
export async function listSandboxes(
  filter: ListFilter,
  signal?: AbortSignal,
): Promise<{ sandboxes: ListedSandbox[]; truncated: boolean }> {
  const sandboxes: ListedSandbox[] = []
  let nextToken: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await request('v2/sandboxes', {
      signal,
      query: {
        state: filter.state,
        template: filter.template,
        metadata: encodeMetadataQuery(filter.metadata ?? {}),
        limit: 100,
        nextToken,
      },
    })
    sandboxes.push(...((await res.json()) as ListedSandbox[]))
    nextToken = res.headers.get('x-next-token') || undefined
    if (!nextToken) return { sandboxes, truncated: false }
  }
  return { sandboxes, truncated: true }
}

export const getSandbox = (sandboxId: string, signal?: AbortSignal) =>
  getJson<SandboxDetail>(`sandboxes/${id(sandboxId)}`, { signal })

export const killSandbox = (sandboxId: string) =>
  request(`sandboxes/${id(sandboxId)}`, { method: 'DELETE' }).then(() => undefined)

export const pauseSandbox = (sandboxId: string) => send(`sandboxes/${id(sandboxId)}/pause`, { body: {} })

/** Resumes a paused sandbox the way the SDK's connect does (v2 connect; 300 s timeout by default). */
export const resumeSandbox = (sandboxId: string) => send(`v2/sandboxes/${id(sandboxId)}/connect`, { body: {} })

/** Sets the deadline to now + `seconds` (POST .../timeout may also shorten it). */
export const setSandboxTimeout = (sandboxId: string, seconds: number) =>
  send(`sandboxes/${id(sandboxId)}/timeout`, { body: { timeout: Math.max(0, Math.round(seconds)) } })

export const snapshotSandbox = (sandboxId: string, name?: string) =>
  request(`sandboxes/${id(sandboxId)}/snapshots`, { method: 'POST', body: name ? { name } : {} }).then(
    (r) => r.json() as Promise<{ snapshotID: string; names: string[] }>,
  )

export const updateNetwork = (
  sandboxId: string,
  body: { allowOut: string[]; denyOut: string[]; allow_internet_access?: boolean },
) => request(`sandboxes/${id(sandboxId)}/network`, { method: 'PUT', body }).then(() => undefined)

export const sandboxMetrics = (sandboxId: string, startS?: number, signal?: AbortSignal) =>
  getJson<SandboxMetric[]>(`sandboxes/${id(sandboxId)}/metrics`, { query: { start: startS }, signal })

/** The latest sample of each sandbox (GET /sandboxes/metrics, at most 100 ids per call). */
export async function latestMetrics(
  sandboxIds: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, SandboxMetric>> {
  const out: Record<string, SandboxMetric> = {}
  for (let i = 0; i < sandboxIds.length; i += 100) {
    const { sandboxes } = await getJson<{ sandboxes: Record<string, SandboxMetric> }>('sandboxes/metrics', {
      query: { sandbox_ids: sandboxIds.slice(i, i + 100).join(',') },
      signal,
    })
    Object.assign(out, sandboxes)
  }
  return out
}

/** The first poll reads the newest 1000 lines (newest first), later ones forward from the cursor. */
export const sandboxLogs = (sandboxId: string, cursorMs: number | undefined, signal?: AbortSignal) =>
  getJson<{ logs: SandboxLogEntry[] }>(`v2/sandboxes/${id(sandboxId)}/logs`, {
    query: { cursor: cursorMs, limit: 1000, direction: cursorMs === undefined ? 'backward' : 'forward' },
    signal,
  }).then((r) => r.logs)
