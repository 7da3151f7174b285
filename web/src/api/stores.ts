// Volumes and secrets of the E2B control API, names and metadata only: a secret's value is
// write-only (no route returns it) and the volume list carries no tokens.
import { getJson, request } from './http.js'

export type VolumeInfo = { volumeID: string; name: string }
export type SecretInfo = {
  secretID: string
  name: string
  currentVersion: number
  metadata: Record<string, string>
  createdAt: string
  updatedAt: string
}

export const listVolumes = (signal?: AbortSignal) => getJson<VolumeInfo[]>('volumes', { signal })

/** Every secret, following the pages (`X-Next-Token`) in creation order. */
export async function listSecrets(signal?: AbortSignal): Promise<SecretInfo[]> {
  const out: SecretInfo[] = []
  let nextToken: string | undefined
  do {
    const res = await request('secrets', { query: { limit: 100, nextToken }, signal })
    out.push(...((await res.json()) as SecretInfo[]))
    nextToken = res.headers.get('x-next-token') ?? undefined
  } while (nextToken)
  return out
}
