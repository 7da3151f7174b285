// Admission: whether a routed request or upgrade may go to its sandbox, and where. Pure over the
// route, the request's headers and the sandbox's look-up, so each rule can be tested in a table.
import type http from 'node:http'
import { ENVD_PORT } from '../../shared/envd.js'
import { safeEqual } from '../../shared/safe-equal.js'
import type { ProxyResolver, ProxyTarget } from '../sandboxes/types.js'
import {
  badRoute,
  isEnvdControlRoute,
  noSandboxInRequest,
  reservedEnvdRoute,
  resumeRefused,
  sandboxNotFound,
  tooManySandboxConnections,
  trafficTokenRejected,
  type ProxyError,
} from './proxy-errors.js'
import { isRouteError, type routeRequest } from './route-host.js'

export type RouteResult = ReturnType<typeof routeRequest>

/** A request let through: its sandbox and port, and the upstream to dial. */
export type Admitted = Readonly<{
  sandboxId: string
  port: number
  target: { protocol: string; host: string; port: number }
  ingress: ProxyTarget['ingress']
}>

export type AdmitDeps = Readonly<{
  lookup: ProxyResolver['lookup']
  /** Proxied requests and WebSockets in flight to the sandbox now. */
  inFlight(sandboxId: string): number
  /** The per-sandbox cap (`0`: none). */
  perSandboxConnections: number
}>

type Request = Pick<http.IncomingMessage, 'headers' | 'url'>

/**
 * The first rule that refuses, in order: no sandbox named, a malformed route, a sandbox not
 * running, envd's control routes, the per-sandbox cap, the traffic token of a private sandbox.
 */
export function admit(req: Request, route: RouteResult, deps: AdmitDeps): Admitted | ProxyError {
  if (route === undefined) return noSandboxInRequest()
  if (isRouteError(route)) return badRoute(route.error)
  const sandbox = deps.lookup(route.sandboxId)
  if (sandbox === undefined || sandbox.state !== 'running') return sandboxNotFound(route.sandboxId)
  if (route.port === ENVD_PORT && isEnvdControlRoute(req.url)) return reservedEnvdRoute(route.sandboxId)
  const cap = deps.perSandboxConnections
  if (cap > 0 && deps.inFlight(route.sandboxId) >= cap) return tooManySandboxConnections(route.sandboxId, cap)
  // compat: envd's port has its own X-Access-Token; every other port of a private sandbox needs the traffic token.
  if (route.port !== ENVD_PORT && sandbox.trafficAccessToken !== undefined) {
    const token = firstHeader(req, 'e2b-traffic-access-token')
    if (!token) return trafficTokenRejected(route.sandboxId, true)
    if (!safeEqual(token, sandbox.trafficAccessToken)) return trafficTokenRejected(route.sandboxId, false)
  }
  // network.httpsPorts: the user's service speaks TLS; reached without verifying its certificate.
  const tls = route.port !== ENVD_PORT && sandbox.ingress?.httpsPorts?.includes(route.port) === true
  return {
    ...route,
    target: { protocol: tls ? 'https:' : 'http:', host: sandbox.ip, port: route.port },
    ingress: sandbox.ingress,
  }
}

/** The paused autoResume sandbox a request is for, when it must be resumed before forwarding. */
export function toResume(route: RouteResult, lookup: ProxyResolver['lookup']): ProxyTarget | undefined {
  if (route === undefined || isRouteError(route)) return undefined
  const sandbox = lookup(route.sandboxId)
  return sandbox?.state === 'paused' && sandbox.autoResume ? sandbox : undefined
}

/**
 * compat: traffic to a paused sandbox created with autoResume resumes it only once the caller
 * shows the credentials the port needs (envd: X-Access-Token; other ports of a private sandbox:
 * the traffic token). The refusal, or undefined when it may be resumed.
 */
export function refuseResume(req: Request, port: number, sandbox: ProxyTarget): ProxyError | undefined {
  const needed = port === ENVD_PORT ? sandbox.envdAccessToken : sandbox.trafficAccessToken
  const presented = firstHeader(req, port === ENVD_PORT ? 'x-access-token' : 'e2b-traffic-access-token')
  if (needed !== undefined && (presented === undefined || !safeEqual(presented, needed)))
    return resumeRefused(sandbox.sandboxId)
  return undefined
}

function firstHeader(req: Request, name: string): string | undefined {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}
