// Admission's rules, in order, one row each; and the credentials auto-resume asks for.
import { describe, expect, it } from 'vitest'
import { admit, refuseResume, toResume, type RouteResult } from '../../../../src/node/proxy/proxy-admit.js'
import type { ProxyTarget } from '../../../../src/node/sandboxes/types.js'
import { ENVD_PORT } from '../../../../src/shared/envd.js'

const sandbox = (over: Partial<ProxyTarget> = {}): ProxyTarget => ({
  sandboxId: 'sbx1',
  state: 'running',
  ip: '10.0.0.2',
  autoResume: false,
  trafficAccessToken: undefined,
  envdAccessToken: undefined,
  ...over,
})

type Row = {
  name: string
  route: RouteResult
  found?: ProxyTarget
  url?: string
  headers?: Record<string, string>
  inFlight?: number
  cap?: number
  status?: number
  protocol?: string
}

const rows: Row[] = [
  { name: 'no sandbox named', route: undefined, status: 404 },
  { name: 'a malformed route', route: { error: 'bad port', status: 400 }, status: 400 },
  { name: 'an unknown sandbox', route: { sandboxId: 'sbx1', port: 8080 }, status: 502 },
  {
    name: 'a paused sandbox',
    route: { sandboxId: 'sbx1', port: 8080 },
    found: sandbox({ state: 'paused' }),
    status: 502,
  },
  {
    name: "envd's control route",
    route: { sandboxId: 'sbx1', port: ENVD_PORT },
    found: sandbox(),
    url: '/init',
    status: 404,
  },
  {
    name: 'the per-sandbox cap reached',
    route: { sandboxId: 'sbx1', port: 8080 },
    found: sandbox(),
    inFlight: 2,
    cap: 2,
    status: 429,
  },
  {
    name: 'no cap',
    route: { sandboxId: 'sbx1', port: 8080 },
    found: sandbox(),
    inFlight: 9,
    cap: 0,
    protocol: 'http:',
  },
  {
    name: 'a private sandbox without its token',
    route: { sandboxId: 'sbx1', port: 8080 },
    found: sandbox({ trafficAccessToken: 'tok' }),
    status: 403,
  },
  {
    name: 'a private sandbox with a wrong token',
    route: { sandboxId: 'sbx1', port: 8080 },
    found: sandbox({ trafficAccessToken: 'tok' }),
    headers: { 'e2b-traffic-access-token': 'nope' },
    status: 403,
  },
  {
    name: 'a private sandbox with its token',
    route: { sandboxId: 'sbx1', port: 8080 },
    found: sandbox({ trafficAccessToken: 'tok' }),
    headers: { 'e2b-traffic-access-token': 'tok' },
    protocol: 'http:',
  },
  {
    name: "envd's port of a private sandbox (its own token)",
    route: { sandboxId: 'sbx1', port: ENVD_PORT },
    found: sandbox({ trafficAccessToken: 'tok' }),
    url: '/files',
    protocol: 'http:',
  },
  {
    name: 'a port the sandbox serves over TLS',
    route: { sandboxId: 'sbx1', port: 8443 },
    found: sandbox({ ingress: { httpsPorts: [8443] } }),
    protocol: 'https:',
  },
]

describe('admit', () => {
  it.each(rows)('$name', (row) => {
    const out = admit({ headers: row.headers ?? {}, url: row.url ?? '/' }, row.route, {
      lookup: (id) => (id === row.found?.sandboxId ? row.found : undefined),
      inFlight: () => row.inFlight ?? 0,
      perSandboxConnections: row.cap ?? 10,
    })
    if (row.status !== undefined) expect(out).toMatchObject({ status: row.status })
    else expect(out).toMatchObject({ sandboxId: 'sbx1', target: { protocol: row.protocol, host: '10.0.0.2' } })
  })
})

describe('auto-resume', () => {
  it('resumes only a paused sandbox created with autoResume', () => {
    const route = { sandboxId: 'sbx1', port: 8080 }
    expect(toResume(route, () => sandbox({ state: 'paused', autoResume: true }))?.sandboxId).toBe('sbx1')
    expect(toResume(route, () => sandbox({ state: 'paused' }))).toBeUndefined()
    expect(toResume(route, () => sandbox({ autoResume: true }))).toBeUndefined()
    expect(toResume(undefined, () => sandbox({ state: 'paused', autoResume: true }))).toBeUndefined()
  })

  it("asks for envd's token on envd's port and the traffic token elsewhere", () => {
    const s = sandbox({ state: 'paused', autoResume: true, envdAccessToken: 'e', trafficAccessToken: 't' })
    expect(refuseResume({ headers: { 'x-access-token': 'e' }, url: '/' }, ENVD_PORT, s)).toBeUndefined()
    expect(refuseResume({ headers: { 'x-access-token': 't' }, url: '/' }, ENVD_PORT, s)).toMatchObject({ status: 403 })
    expect(refuseResume({ headers: { 'e2b-traffic-access-token': 't' }, url: '/' }, 8080, s)).toBeUndefined()
    expect(refuseResume({ headers: {}, url: '/' }, 8080, s)).toMatchObject({ status: 403 })
    expect(refuseResume({ headers: {}, url: '/' }, 8080, sandbox({ state: 'paused' }))).toBeUndefined()
  })
})
