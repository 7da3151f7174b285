// The database password from a secret file reaches pg through the URL: pg lets a connection
// string without a password clear a `password` option (the agent then failed SCRAM auth).
import { describe, expect, it } from 'vitest'
import { urlWithPassword } from '../../../../src/control/cluster/pg.js'

describe('urlWithPassword', () => {
  it('puts the password into a URL that has none, decodable as pg decodes it', () => {
    const secret = 'p@ss:w/rd%?#é'
    const out = new URL(urlWithPassword('postgres://sandock@postgres:5432/sandock', secret))
    expect(decodeURIComponent(out.password)).toBe(secret)
    expect([out.username, out.hostname, out.port, out.pathname]).toEqual(['sandock', 'postgres', '5432', '/sandock'])
  })

  it("keeps the URL's own password, and the URL as is without a password file", () => {
    expect(urlWithPassword('postgres://u:own@h:5432/d', 'other')).toBe('postgres://u:own@h:5432/d')
    expect(urlWithPassword('postgres://u@h:5432/d', undefined)).toBe('postgres://u@h:5432/d')
  })
})
