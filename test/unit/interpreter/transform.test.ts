import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { patternNames, transformCell } from '../../../src/interpreter/node-kernel/transform.js'

/** Runs transformed cells one after the other in one fresh context, like the kernel does. */
function session() {
  const context = vm.createContext({ globalThis: undefined as unknown })
  ;(context as Record<string, unknown>).globalThis = context
  return async (code: string) => vm.runInContext(transformCell(code).code, context) as Promise<unknown>
}

describe('transformCell', () => {
  it('returns the value of the last expression, awaited', async () => {
    const run = session()
    expect(await run('1 + 1')).toBe(2)
    expect(await run("await Promise.resolve('Hello World!')")).toBe('Hello World!')
    expect(await run('let a = 1')).toBeUndefined()
  })

  it('keeps let/const/class/function declarations for later cells and allows declaring them again', async () => {
    const run = session()
    await run(
      'const x = 1\nlet { y, z: [w] } = { y: 2, z: [3] }\nclass K { v() { return 4 } }\nfunction f() { return x + y + w }',
    )
    expect(await run('f() + new K().v()')).toBe(10)
    await run('const x = 10')
    expect(await run('f()')).toBe(15)
  })

  it('hoists functions declared after their first use in the same cell', async () => {
    expect(await session()('g()\nfunction g() { return 7 }\ng()')).toBe(7)
  })

  it('turns imports into dynamic imports bound as globals', () => {
    const { code, names } = transformCell(
      "import fs, { readFileSync as r } from 'fs'\nimport * as path from 'node:path'\nimport 'x'",
    )
    expect(names).toEqual(['fs', 'r', 'path'])
    expect(code).toContain('await import("fs")')
    expect(code).toContain('r = __m["readFileSync"]')
    expect(code).toContain('path = __m;')
    expect(code).toContain('await import("x");')
  })

  it('drops export keywords', async () => {
    expect(await session()('export const v = 5\nv')).toBe(5)
  })

  it('throws a SyntaxError for invalid code', () => {
    expect(() => transformCell('let = ;')).toThrow(SyntaxError)
  })

  it('collects names from nested patterns', () => {
    expect(patternNames({ type: 'ObjectPattern', properties: [] } as never)).toEqual([])
    const { names } = transformCell('const { a, b: { c = 1 }, ...rest } = {}, [d, , ...e] = []')
    expect(names).toEqual(['a', 'c', 'rest', 'd', 'e'])
  })
})
