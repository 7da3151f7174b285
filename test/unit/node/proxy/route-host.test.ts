// Tables for routeRequest(): host routing, header routing and the 400 cases of contract 3.2.
import { describe, expect, it } from 'vitest'
import { routeRequest } from '../../../../src/node/proxy/route-host.js'

const DOMAIN = 'sandock.test'
const hdrs = (id?: string, port?: string) => ({
  ...(id === undefined ? {} : { 'e2b-sandbox-id': id }),
  ...(port === undefined ? {} : { 'e2b-sandbox-port': port }),
})

describe('routeRequest by host', () => {
  it.each([
    ['49983-abc123.sandock.test', DOMAIN, { sandboxId: 'abc123', port: 49983 }],
    ['8000-abc123.sandock.test', DOMAIN, { sandboxId: 'abc123', port: 8000 }],
    ['49983-abc123-00000000.sandock.test', DOMAIN, { sandboxId: 'abc123', port: 49983 }],
    ['8000-abc123-x-y.sandock.test', DOMAIN, { sandboxId: 'abc123', port: 8000 }],
    ['8000-abc123.sandock.test:443', DOMAIN, { sandboxId: 'abc123', port: 8000 }],
    ['8000-ABC123.Sandock.Test', DOMAIN, { sandboxId: 'abc123', port: 8000 }],
    ['8000-abc123.sub.sandock.test', DOMAIN, { sandboxId: 'abc123', port: 8000 }],
    ['8000-abc123.anything.example', '', { sandboxId: 'abc123', port: 8000 }],
    ['49983-abc123-00000000.lan:3002', '', { sandboxId: 'abc123', port: 49983 }],
  ])('routes host %s (domain %j)', (host, domain, want) => {
    expect(routeRequest({ host, headers: {}, domain })).toEqual(want)
  })

  it.each([
    ['x80-abc123.sandock.test', 'Invalid sandbox port'],
    ['-abc123.sandock.test', 'Invalid sandbox port'],
    ['99999-abc123.sandock.test', 'Invalid sandbox port'],
    ['0-abc123.sandock.test', 'Invalid sandbox port'],
    ['8000-.sandock.test', 'Invalid sandbox ID'],
    ['8000-abc_123.sandock.test', 'Invalid sandbox ID'],
  ])('rejects host %s with 400 %s', (host, error) => {
    expect(routeRequest({ host, headers: {}, domain: DOMAIN })).toEqual({ error, status: 400 })
  })

  it('uses the host, not the headers, on a <port>-<id> host', () => {
    const r = routeRequest({ host: '8000-fromhost.sandock.test', headers: hdrs('fromheader', '49983'), domain: DOMAIN })
    expect(r).toEqual({ sandboxId: 'fromhost', port: 8000 })
  })

  it.each([
    ['api.sandock.test', DOMAIN],
    ['sandock.test', DOMAIN],
    ['8000-abc123.other.example', DOMAIN],
    ['8000-abc123', ''],
    ['my-host.lan', ''],
    ['localhost:3002', ''],
    ['', DOMAIN],
  ])('returns undefined for host %j without headers (domain %j)', (host, domain) => {
    expect(routeRequest({ host, headers: {}, domain })).toBeUndefined()
  })

  it('returns undefined when there is no Host header and no routing headers', () => {
    expect(routeRequest({ host: undefined, headers: {}, domain: DOMAIN })).toBeUndefined()
  })
})

describe('routeRequest by headers', () => {
  it.each([
    ['localhost', DOMAIN],
    ['localhost:3002', DOMAIN],
    ['127.0.0.1:3002', DOMAIN],
    ['10.1.2.3', ''],
    ['[::1]:3002', DOMAIN],
    ['[fd00::5]', ''],
    ['sandbox.sandock.test', DOMAIN],
    ['sandbox.sandock.test:443', DOMAIN],
    ['proxy.example.org', DOMAIN],
    ['api.sandock.test', DOMAIN],
    [undefined, DOMAIN],
  ])('routes by headers on host %j (domain %j)', (host, domain) => {
    expect(routeRequest({ host, headers: hdrs('abc123', '49983'), domain })).toEqual({
      sandboxId: 'abc123',
      port: 49983,
    })
  })

  it.each([
    [hdrs('abc123', undefined), 'missing header'],
    [hdrs(undefined, '49983'), 'missing header'],
    [hdrs('ABC', '49983'), 'Invalid sandbox ID'],
    [hdrs('abc-123', '49983'), 'Invalid sandbox ID'],
    [hdrs('abc123', 'http'), 'Invalid sandbox port'],
    [hdrs('abc123', '-1'), 'Invalid sandbox port'],
    [hdrs('abc123', '65536'), 'Invalid sandbox port'],
  ])('rejects headers %j with 400 %s', (headers, error) => {
    expect(routeRequest({ host: '127.0.0.1', headers, domain: DOMAIN })).toEqual({ error, status: 400 })
  })

  it('takes the first value of a repeated header', () => {
    const headers = { 'e2b-sandbox-id': ['abc123', 'other'], 'e2b-sandbox-port': '8000' }
    expect(routeRequest({ host: 'localhost', headers, domain: '' })).toEqual({ sandboxId: 'abc123', port: 8000 })
  })
})
