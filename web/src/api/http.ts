// Calls to the control API: relative to the page (served at <base>/dashboard/), X-API-Key from
// the session, errors as ApiError with the server's {code, message}; a 401 signs the tab out.
import { getApiKey, signOut } from './session.js'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The API's base URL: the parent of the dashboard's folder, so any path prefix in front is kept. */
export function apiBase(): URL {
  return new URL('../', new URL('.', location.href))
}

export type Query = Record<string, string | number | undefined>

export function apiUrl(path: string, query: Query = {}): URL {
  const url = new URL(path, apiBase())
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v))
  return url
}

export type RequestOpts = {
  method?: string
  query?: Query
  body?: unknown
  /** Sent as is (an upload), with `contentType`. */
  rawBody?: Blob
  contentType?: string
  signal?: AbortSignal
  /** Use this key instead of the session's (the sign-in check); a 401 then does not sign out. */
  apiKey?: string
}

/** The error text of a failed response: the E2B body's message, else the status line. */
export async function errorMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '')
  try {
    const body = JSON.parse(text) as { message?: unknown }
    if (typeof body.message === 'string' && body.message) return body.message
  } catch {
    // not JSON
  }
  return text.slice(0, 300) || `${res.status} ${res.statusText}`
}

export async function request(path: string, opts: RequestOpts = {}): Promise<Response> {
  const apiKey = opts.apiKey ?? getApiKey()
  if (!apiKey) throw new ApiError(401, 'not signed in')
  const headers: Record<string, string> = { 'x-api-key': apiKey }
  let body: string | Blob | undefined
  if (opts.rawBody !== undefined) {
    headers['content-type'] = opts.contentType ?? 'application/octet-stream'
    body = opts.rawBody
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(opts.body)
  }
  const res = await fetch(apiUrl(path, opts.query), {
    method: opts.method ?? 'GET',
    headers,
    body,
    signal: opts.signal,
    cache: 'no-store',
    credentials: 'omit',
  })
  if (!res.ok) {
    const message = await errorMessage(res)
    if (res.status === 401 && opts.apiKey === undefined) signOut(`The server refused the API key: ${message}`)
    throw new ApiError(res.status, message)
  }
  return res
}

export async function getJson<T>(path: string, opts: RequestOpts = {}): Promise<T> {
  return (await request(path, opts)).json() as Promise<T>
}

/** For routes that answer 201/202/204: the body, if any, is not needed. */
export async function send(path: string, opts: RequestOpts = {}): Promise<void> {
  await request(path, { method: 'POST', ...opts })
}
