// Which paths on envd's port are the control plane's own (refused through the proxy), in every
// spelling a client could try.
import { describe, expect, it } from 'vitest'
import { isBrowser, isEnvdControlRoute } from '../../../../src/node/proxy/proxy-errors.js'

describe('isEnvdControlRoute', () => {
  it.each([
    '/init',
    '/INIT',
    '/init/',
    '//init',
    '/x/../init',
    '/%69nit',
    '/init?x=1',
    'http://evil/init',
    '/freeze',
    '/unfreeze',
    '/collapse',
    '/fsfreeze',
    '/fsthaw',
    '/upgrade',
    '/./init',
  ])('refuses %s', (url) => expect(isEnvdControlRoute(url)).toBe(true))

  it.each(['/', '/health', '/files', '/envs', '/metrics', '/initial', '/process.Process/Start', undefined, '/%zzinit'])(
    'lets %s through',
    (url) => {
      expect(isEnvdControlRoute(url)).toBe(false)
    },
  )
})

describe('isBrowser', () => {
  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/120.0',
  ])('takes %s for a browser', (ua) => expect(isBrowser(ua)).toBe(true))

  it.each([undefined, '', 'e2b-js-sdk/2.51.0', 'curl/8.5.0', 'node', 'python-httpx/0.27', 'connect-python'])(
    'takes %s for a program',
    (ua) => expect(isBrowser(ua)).toBe(false),
  )
})
