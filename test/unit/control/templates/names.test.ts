// Template names (`[namespace/]alias[:tag]`), tags and build resources, validated as upstream does.
import { describe, expect, it } from 'vitest'
import { parseBuildName, parseTemplateRef, validateResources } from '../../../../src/control/templates/names.js'

describe('names', () => {
  it.each([
    ['my-tpl', { alias: 'my-tpl', tag: undefined }],
    ['team/my-tpl:v2', { alias: 'my-tpl', tag: 'v2' }],
    ['  My-Tpl:Latest ', { alias: 'my-tpl', tag: 'latest' }],
  ])('parses %j', (raw, want) => expect(parseTemplateRef(raw)).toEqual(want))

  it('gives a build the default tag only when none is named', () => {
    expect(parseBuildName('a', undefined)).toEqual({ alias: 'a', tags: ['default'] })
    expect(parseBuildName('a:v1', ['v2', 'v1'])).toEqual({ alias: 'a', tags: ['v1', 'v2'] })
  })

  it.each([['Bad Name'], ['a:b c'], ['a:123e4567-e89b-12d3-a456-426614174000'], ['']])('rejects %j', (name) => {
    expect(() => parseBuildName(name, undefined)).toThrow(/invalid|required/)
  })

  it('checks resources as upstream does', () => {
    const limits = { maxCpu: 8, maxMemoryMB: 4096 }
    expect(validateResources(undefined, undefined, limits)).toEqual({ cpuCount: 2, memoryMB: 1024 })
    expect(validateResources(1, 128, limits)).toEqual({ cpuCount: 1, memoryMB: 128 })
    for (const [cpu, mem] of [
      [3, 1024],
      [0, 1024],
      [10, 1024],
      [2, 127],
      [2, 1025],
      [2, 8192],
    ] as const) {
      expect(() => validateResources(cpu, mem, limits)).toThrow()
    }
  })
})
