// The warm pool settings of `sandock serve`: sizes as floors or ranges, their defaults and bounds,
// and one ConfigError naming every malformed value.
import { describe, expect, it } from 'vitest'
import { loadControlConfig } from '../../../src/control/config.js'
import { ConfigError } from '../../../src/shared/config.js'

describe('pool configuration', () => {
  it('names only what is set, with the defaults for the rest', () => {
    const c = loadControlConfig({})
    expect(c.pools).toEqual({})
    expect({ max: c.poolMax, memoryMB: c.poolMemoryMB, idleS: c.poolIdleS }).toEqual({
      max: 8,
      memoryMB: 2048,
      idleS: 120,
    })
    expect(c.poolBoots).toBeGreaterThanOrEqual(1)
  })

  it('reads SANDOCK_POOL_SIZE and SANDOCK_POOL_SIZES as floors or min..max ranges', () => {
    const c = loadControlConfig({
      SANDOCK_POOL_SIZE: '3',
      SANDOCK_POOL_SIZES: 'my-tpl=1, other:v2=0..4,fixed=2..2',
      SANDOCK_POOL_MAX: '12',
      SANDOCK_POOL_MEMORY_MB: '512',
      SANDOCK_POOL_IDLE: '30',
      SANDOCK_POOL_BOOTS: '3',
    })
    expect(c.pools).toEqual({
      base: { min: 3, max: undefined },
      'my-tpl': { min: 1, max: undefined },
      'other:v2': { min: 0, max: 4 },
      fixed: { min: 2, max: 2 },
    })
    expect({ max: c.poolMax, memoryMB: c.poolMemoryMB, idleS: c.poolIdleS, boots: c.poolBoots }).toEqual({
      max: 12,
      memoryMB: 512,
      idleS: 30,
      boots: 3,
    })
  })

  it('refuses malformed sizes and ranges in one error that names each', () => {
    const err = (() => {
      try {
        loadControlConfig({ SANDOCK_POOL_SIZE: '4..2', SANDOCK_POOL_SIZES: 'a=65,b,c=1..x', SANDOCK_POOL_MAX: '-1' })
      } catch (e) {
        return e as ConfigError
      }
      throw new Error('expected a ConfigError')
    })()
    expect(err).toBeInstanceOf(ConfigError)
    expect(err.problems).toEqual([
      'SANDOCK_POOL_SIZE must be <0..64> or <min>..<max> (at most 64), got "4..2"',
      'SANDOCK_POOL_SIZES items must be <template>=<0..64> or <template>=<min>..<max>, got "a=65"',
      'SANDOCK_POOL_SIZES items must be <template>=<0..64> or <template>=<min>..<max>, got "b"',
      'SANDOCK_POOL_SIZES items must be <template>=<0..64> or <template>=<min>..<max>, got "c=1..x"',
      'SANDOCK_POOL_MAX must be an integer in 0..64, got "-1"',
    ])
  })
})

describe('SANDOCK_ALLOW_INTERNAL_CIDRS', () => {
  it('is empty by default and reads IPv4 addresses and CIDRs', () => {
    expect(loadControlConfig({}).allowInternalCidrs).toEqual([])
    expect(loadControlConfig({ SANDOCK_ALLOW_INTERNAL_CIDRS: '10.9.0.0/16, 192.168.5.7' }).allowInternalCidrs).toEqual([
      '10.9.0.0/16',
      '192.168.5.7',
    ])
  })

  it('refuses anything else', () => {
    for (const bad of ['10.0.0.0/33', 'mirror.lan', 'fd00::/8']) {
      expect(() => loadControlConfig({ SANDOCK_ALLOW_INTERNAL_CIDRS: bad })).toThrow(
        `SANDOCK_ALLOW_INTERNAL_CIDRS must be IPv4 addresses or CIDRs, got "${bad}"`,
      )
    }
  })
})
