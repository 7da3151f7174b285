// A sandbox's envd, reached same-origin through the Sandock route /sandock/v1/sandboxes/{id}/envd/
// (the server adds the sandbox's access token): Connect clients for the Process and Filesystem
// services (JSON over fetch, server streams included) and /files downloads and uploads.
import { createClient, type Client, type Interceptor } from '@connectrpc/connect'
import { createConnectTransport } from '@connectrpc/connect-web'
import { Filesystem } from '../../../src/gen/filesystem/filesystem_pb.js'
import { Process } from '../../../src/gen/process/process_pb.js'
import { apiUrl, request } from './http.js'
import { getApiKey } from './session.js'

export type EnvdClients = { process: Client<typeof Process>; filesystem: Client<typeof Filesystem> }

export const envdPath = (sandboxId: string) => `sandock/v1/sandboxes/${encodeURIComponent(sandboxId)}/envd/`

const withApiKey: Interceptor = (next) => async (req) => {
  req.header.set('x-api-key', getApiKey() ?? '')
  return next(req)
}

export function envdClients(sandboxId: string): EnvdClients {
  const transport = createConnectTransport({
    baseUrl: apiUrl(envdPath(sandboxId)).href.replace(/\/$/, ''),
    useBinaryFormat: false,
    interceptors: [withApiKey],
    fetch: (input, init) => fetch(input, { ...init, credentials: 'omit', cache: 'no-store' }),
  })
  return { process: createClient(Process, transport), filesystem: createClient(Filesystem, transport) }
}

export async function downloadFile(sandboxId: string, path: string, signal?: AbortSignal): Promise<Blob> {
  return (await request(`${envdPath(sandboxId)}files`, { query: { path }, signal })).blob()
}

/** Writes `data` to `path` (octet-stream upload: one request per file, streamed, no multipart). */
export async function uploadFile(sandboxId: string, path: string, data: Blob): Promise<void> {
  await request(`${envdPath(sandboxId)}files`, { method: 'POST', query: { path }, rawBody: data })
}
