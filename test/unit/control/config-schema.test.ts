// The config schema is the one place a setting is named: docs/configuration.md's table is rendered
// from it (so the page cannot drift), and the loader reads every variable the schema names.
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { ControlSettings, renderSettingsTable } from '../../../src/control/config-schema.js'
import { loadControlConfig } from '../../../src/control/config.js'

describe('the settings schema', () => {
  it('is what docs/configuration.md shows (run `npm run docs:config` after changing a setting)', async () => {
    const page = await readFile(new URL('../../../docs/configuration.md', import.meta.url), 'utf8')
    const start = page.indexOf('<!-- settings table: generated')
    const end = page.indexOf('<!-- end of the generated table -->')
    expect(start).toBeGreaterThan(0)
    const table = page.slice(page.indexOf('\n', start) + 1, end)
    expect(table).toBe(renderSettingsTable())
  })

  it('names each variable once, and every one is read by the loader', () => {
    const envs = Object.values(ControlSettings.properties).map((s) => (s as unknown as { env: string }).env)
    expect(new Set(envs).size).toBe(envs.length)
    for (const env of envs) {
      // A bad value of every integer or enum setting is reported under its own name.
      const s = Object.values(ControlSettings.properties).find(
        (x) => (x as unknown as { env: string }).env === env,
      ) as unknown as { type?: string; anyOf?: unknown }
      if (s.type !== 'integer' && !s.anyOf) continue
      expect(() => loadControlConfig({ [env]: 'not-a-value' }), env).toThrow(new RegExp(`${env} must be`))
    }
  })

  it('gives the documented defaults to an empty environment', () => {
    const c = loadControlConfig({})
    expect(c.apiPort).toBe(3000)
    expect(c.tls).toBe('auto')
    expect(c.tlsCertFile).toBeUndefined()
    expect(c.apiKeys).toEqual([])
    expect(c.volumesDir).toBe('.sandock-data/volumes')
    expect(c.egressResolver).toEqual([])
    expect(c.egressDnsServers).toBeUndefined()
    expect(c.pools).toEqual({})
  })
})
