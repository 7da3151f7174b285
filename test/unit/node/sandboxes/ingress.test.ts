// network.maskRequestHost and httpsPorts at create: upstream's mask texts, our port checks.
import { describe, expect, it } from 'vitest'
import { validateIngress } from '../../../../src/node/sandboxes/ingress.js'

describe('validateIngress', () => {
  it('keeps what was given; nothing given is no ingress', () => {
    expect(validateIngress({ maskRequestHost: 'custom-host.example.com:${PORT}', httpsPorts: [8443] })).toEqual({
      maskRequestHost: 'custom-host.example.com:${PORT}',
      httpsPorts: [8443],
    })
    expect(validateIngress({ maskRequestHost: 'plain.test' })).toEqual({ maskRequestHost: 'plain.test' })
    expect(validateIngress({})).toBeUndefined()
  })

  it.each([
    [{ maskRequestHost: 'a:b:c' }, 'mask request host is not valid: a:b:c'],
    [
      { maskRequestHost: 'bücher.test:80' },
      "mask request host 'bücher.test' is not ASCII. Please use ASCII characters only.",
    ],
    [{ httpsPorts: [0] }, 'network.httpsPorts: 0 is not a port (1-65535)'],
    [{ httpsPorts: [49983] }, "49983 is envd's port"],
    [{ httpsPorts: [8443, 8443] }, 'ports must be unique'],
    [{ httpsPorts: Array.from({ length: 129 }, (_, i) => i + 1) }, 'at most 128 ports'],
  ])('%j → %s', (input, message) => expect(() => validateIngress(input)).toThrow(message))
})
