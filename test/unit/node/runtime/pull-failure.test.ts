// What a failed pull answers: a registry that could not be reached (down, unresolvable, timing out)
// is a 503 to try again; one that refused (no such image, no access) is the caller's 400. The
// messages are Docker 20.10's own.
import { describe, expect, it } from 'vitest'
import { pullFailureKind } from '../../../../src/node/runtime/images.js'

describe('a failed pull', () => {
  it.each([
    'Get "https://10.0.9.2:5000/v2/": dial tcp 10.0.9.2:5000: connect: connection refused',
    'Get "https://registry:5000/v2/": dial tcp: lookup registry on 127.0.0.11:53: no such host',
    'Get "https://10.0.9.2:5000/v2/": net/http: TLS handshake timeout',
    'Get "https://10.0.9.2:5000/v2/sandock/base/manifests/1": EOF',
    'received unexpected HTTP status: 503 Service Unavailable',
  ])('is unavailable when the registry could not be reached: %s', (why) => {
    expect(pullFailureKind(why)).toBe('unavailable')
  })

  it.each([
    'manifest for 10.0.9.2:5000/sandock/template:nosuch not found: manifest unknown: manifest unknown',
    "pull access denied for sandock-test/private, repository does not exist or may require 'docker login'",
    'Head "https://10.0.9.2:5000/v2/sandock/base/manifests/1": no basic auth credentials',
  ])("is the caller's when the registry refused: %s", (why) => {
    expect(pullFailureKind(why)).toBe('failed_precondition')
  })
})
