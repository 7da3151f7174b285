// Which paths on envd's port are the control plane's own (refused through the proxy), in every
// spelling a client could try.
import { describe, expect, it } from 'vitest'
import { isEnvdControlRoute } from '../../../../src/node/proxy/proxy-errors.js'

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
