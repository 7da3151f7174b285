// The control API over raw HTTP, for what the SDK never sends (bad input, missing keys) or does
// not expose (build status bodies): one client for the Docker suites. The fast tier's twin is
// fakeControl().api (the same answer shape, through app.inject).
import { sharedServer, trackSandbox, type ServerInfo } from './control-server.js'

export type ApiAnswer = {
  status: number
  /** The body parsed as JSON; undefined when it is not JSON (or empty). */
  body: Record<string, unknown> | undefined
  text: string
  contentType: string | null
  headers: Headers
}

export type ApiRequest = {
  /** Sent as JSON. */
  json?: unknown
  /** Sent as is, with content-type application/json. */
  raw?: string
  /** The API key; null sends none. Default: the server's. */
  key?: string | null
  server?: ServerInfo
}

export function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    return undefined
  }
}

/** The headers and body of a request: the key (unless null, else `defaultKey`), JSON or raw text. */
export function requestParts(
  opts: Pick<ApiRequest, 'json' | 'raw' | 'key'>,
  defaultKey: string,
): { headers: Record<string, string>; body: string | undefined } {
  const headers: Record<string, string> = {}
  if (opts.key !== null) headers['x-api-key'] = opts.key ?? defaultKey
  if (opts.raw === undefined && opts.json === undefined) return { headers, body: undefined }
  headers['content-type'] = 'application/json'
  return { headers, body: opts.raw ?? JSON.stringify(opts.json) }
}

/** One request to the API; a sandbox it created anyway is tracked for the run's cleanup. */
export async function api(method: string, path: string, opts: ApiRequest = {}): Promise<ApiAnswer> {
  const s = opts.server ?? sharedServer()
  const { headers, body } = requestParts(opts, s.apiKey)
  const res = await fetch(`${s.apiUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(60_000) })
  const text = await res.text()
  const parsed = parseJson(text)
  if (typeof parsed?.sandboxID === 'string') trackSandbox(s, parsed.sandboxID)
  return { status: res.status, body: parsed, text, contentType: res.headers.get('content-type'), headers: res.headers }
}
