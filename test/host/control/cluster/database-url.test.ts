// The database password from a secret file (SANDOCK_DATABASE_PASSWORD_FILE) reaches PostgreSQL:
// pg lets a connection string without a password clear a `password` option, so createDb puts it
// into the URL. Checked against a real server whose role must authenticate with SCRAM.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, urlWithPassword } from '../../../../src/control/cluster/pg.js'
import { postgresAvailable, startPostgres, type TestPostgres } from '../../../support/postgres.js'

const SECRET = 'p@ss:w/rd%?#é'

describe('urlWithPassword', () => {
  it('puts the password into a URL that has none, decodable as pg decodes it', () => {
    const out = new URL(urlWithPassword('postgres://sandock@postgres:5432/sandock', SECRET))
    expect(decodeURIComponent(out.password)).toBe(SECRET)
    expect([out.username, out.hostname, out.port, out.pathname]).toEqual(['sandock', 'postgres', '5432', '/sandock'])
  })

  it("keeps the URL's own password, and the URL as is without a password file", () => {
    expect(urlWithPassword('postgres://u:own@h:5432/d', 'other')).toBe('postgres://u:own@h:5432/d')
    expect(urlWithPassword('postgres://u@h:5432/d', undefined)).toBe('postgres://u@h:5432/d')
  })
})

describe('createDb with a password (SCRAM)', () => {
  let server: TestPostgres | undefined
  beforeAll(async () => {
    if (!postgresAvailable()) return
    server = await startPostgres({ hbaFirst: ['host all app 127.0.0.1/32 scram-sha-256'] })
    const admin = createDb(server.url)
    await admin.query(`CREATE ROLE app LOGIN PASSWORD '${SECRET.replace(/'/g, "''")}'`)
    await admin.end()
  })
  afterAll(() => server?.stop())

  it('connects with the password given apart from the URL, and is refused without it or with a wrong one', async ({
    skip,
  }) => {
    if (!server) skip('postgresql-15 is not installed')
    const url = server!.url.replace('sandock@', 'app@')
    const good = createDb(url, { password: SECRET })
    try {
      expect((await good.query('SELECT current_user AS who')).rows).toEqual([{ who: 'app' }])
    } finally {
      await good.end()
    }
    for (const password of [undefined, 'wrong']) {
      const bad = createDb(url, { password })
      await expect(bad.query('SELECT 1')).rejects.toThrow(/password/)
      await bad.end()
    }
  })
})
