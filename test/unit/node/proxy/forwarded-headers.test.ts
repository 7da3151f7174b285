// What the proxy forwards as headers: the client's under canonical names (as upstream's Go proxy),
// X-Forwarded-*, the masked Host, and connection headers left to the forwarder.
import { describe, expect, it } from 'vitest'
import { canonicalHeaderName, forwardedHeaders } from '../../../../src/node/proxy/forwarded-headers.js'

describe('canonicalHeaderName', () => {
  it.each([
    ['host', 'Host'],
    ['x-forwarded-for', 'X-Forwarded-For'],
    ['USER-AGENT', 'User-Agent'],
    ['e2b-traffic-access-token', 'E2b-Traffic-Access-Token'],
    ['x_under', 'X_under'],
    ['dnt', 'Dnt'],
    ['bad header', 'bad header'],
  ])('%s → %s', (name, canonical) => expect(canonicalHeaderName(name)).toBe(canonical))
})

describe('forwardedHeaders', () => {
  const socket = { remoteAddress: '10.0.0.7' } as never

  it('renames end-to-end headers, keeps connection headers for the forwarder, adds X-Forwarded-*', () => {
    const headers = forwardedHeaders(
      {
        headers: { host: 'h.test', 'x-custom': 'v', connection: 'Upgrade', upgrade: 'websocket', cookie: 'a=1' },
        socket,
      },
      { port: 8080, ingress: undefined },
    )
    expect(headers).toEqual({
      Host: 'h.test',
      'X-Custom': 'v',
      Cookie: 'a=1',
      'X-Forwarded-For': '10.0.0.7',
      'X-Forwarded-Proto': 'http',
      'X-Forwarded-Host': 'h.test',
    })
  })

  it('masks Host on user ports only, the original in X-Forwarded-Host', () => {
    const req = { headers: { host: '8080-x.sandock.test' }, socket }
    const ingress = { maskRequestHost: 'custom.example.com:${PORT}' }
    expect(forwardedHeaders(req, { port: 8080, ingress })).toMatchObject({
      Host: 'custom.example.com:8080',
      'X-Forwarded-Host': '8080-x.sandock.test',
    })
    expect(forwardedHeaders(req, { port: 49983, ingress }).Host).toBe('8080-x.sandock.test')
  })
})
