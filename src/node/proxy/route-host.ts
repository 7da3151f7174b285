// routeRequest(): picks the sandbox and port of a proxied request from its Host or E2B headers (pure).
import type { IncomingHttpHeaders } from 'node:http'
import { SANDBOX_ID } from '../../shared/ids.js'

export type Route = Readonly<{ sandboxId: string; port: number }>
export type RouteError = Readonly<{ error: string; status: 400 }>

const PORT = /^[0-9]{1,5}$/
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/

/**
 * Routes by host (`<port>-<sandboxId>[-extra…].<domain>`) when the host has that shape, else by the
 * `E2b-Sandbox-Id` / `E2b-Sandbox-Port` headers. Returns a 400 error for a malformed id or port or
 * for only one of the two headers, and undefined when the request names no sandbox at all.
 * With `domain` '' any dotted host whose first label is exactly `<digits>-<id>[-…]` is host-routed.
 */
export function routeRequest(input: {
  host: string | undefined
  headers: IncomingHttpHeaders
  domain: string
}): Route | RouteError | undefined {
  const host = stripPort(input.host ?? '').toLowerCase()
  const label = hostRouteLabel(host, input.domain.toLowerCase())
  if (label !== undefined) {
    const [port = '', sandboxId = ''] = label.split('-')
    return parseRoute(sandboxId, port)
  }
  // compat: header routing on localhost, IP literals, sandbox.<domain> and any other host.
  const sandboxId = headerValue(input.headers['e2b-sandbox-id'])
  const port = headerValue(input.headers['e2b-sandbox-port'])
  if (sandboxId === undefined && port === undefined) return undefined
  if (sandboxId === undefined || port === undefined) return { error: 'missing header', status: 400 }
  return parseRoute(sandboxId, port)
}

export function isRouteError(r: Route | RouteError | undefined): r is RouteError {
  return r !== undefined && 'error' in r
}

/** The left-most label when the host itself names the sandbox, else undefined. */
function hostRouteLabel(host: string, domain: string): string | undefined {
  if (host === '' || host.startsWith('[') || IPV4.test(host)) return undefined
  const dot = host.indexOf('.')
  if (dot <= 0) return undefined
  const label = host.slice(0, dot)
  if (domain === '') {
    // Without a configured domain only hosts that exactly match the shape are ours.
    const [port = '', sandboxId = ''] = label.split('-')
    return PORT.test(port) && SANDBOX_ID.test(sandboxId) ? label : undefined
  }
  if (!host.endsWith(`.${domain}`) || host === `sandbox.${domain}`) return undefined
  // `api.<domain>` and friends have no '-' and so never collide with `<port>-<id>`.
  return label.includes('-') ? label : undefined
}

function parseRoute(sandboxId: string, port: string): Route | RouteError {
  if (!SANDBOX_ID.test(sandboxId)) return { error: 'Invalid sandbox ID', status: 400 }
  const portNumber = PORT.test(port) ? Number(port) : NaN
  if (!(portNumber >= 1 && portNumber <= 65535)) return { error: 'Invalid sandbox port', status: 400 }
  return { sandboxId, port: portNumber }
}

function stripPort(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']')
    return end === -1 ? host : host.slice(0, end + 1)
  }
  return host.replace(/:\d*$/, '')
}

function headerValue(v: string | string[] | undefined): string | undefined {
  const value = Array.isArray(v) ? v[0] : v
  return value === undefined || value === '' ? undefined : value
}
