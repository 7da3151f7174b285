// The layout stays readable: no file of src/ over 300 lines, and no top-level function over 150
// (a factory past that becomes named units: a helper module, a sub-factory for one concern).
// Lines are counted as an editor shows them: a function from its `function` line to its closing
// brace (the first line that is only `}` at the left margin).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../../..')
const SRC = join(ROOT, 'src')
const MAX_FILE_LINES = 300
const MAX_FUNCTION_LINES = 150

/**
 * Functions over the limit today, with their length: each may only shrink. Splitting one removes
 * it from this list; a new function over the limit fails.
 */
const KNOWN_LONG: Readonly<Record<string, number>> = {
  'src/commands/node.ts:startNodeAgent': 152,
  'src/commands/serve.ts:startControl': 158,
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return path === join(SRC, 'gen') ? [] : sourceFiles(path)
    return /\.(ts|tsx|mts)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : []
  })
}

const files = sourceFiles(SRC).map((path) => ({
  name: relative(ROOT, path),
  lines: readFileSync(path, 'utf8').replace(/\n$/, '').split('\n'),
}))

/** Each top-level `function` of a file: its name, first line (1-based) and length in lines. */
function topLevelFunctions(lines: readonly string[]): { name: string; line: number; length: number }[] {
  const out: { name: string; line: number; length: number }[] = []
  for (let i = 0; i < lines.length; i++) {
    const m = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([\w$]+)/.exec(lines[i]!)
    if (!m) continue
    let end = i
    while (end < lines.length && !/^}\s*$/.test(lines[end]!)) end++
    out.push({ name: m[1]!, line: i + 1, length: end - i + 1 })
  }
  return out
}

describe('layout sizes', () => {
  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(100)
  })

  it(`keeps every file of src/ at ${MAX_FILE_LINES} lines or fewer`, () => {
    const long = files.filter((f) => f.lines.length > MAX_FILE_LINES).map((f) => `${f.name}: ${f.lines.length} lines`)
    expect(long).toEqual([])
  })

  it(`keeps every top-level function of src/ at ${MAX_FUNCTION_LINES} lines or fewer`, () => {
    const long: string[] = []
    for (const f of files)
      for (const fn of topLevelFunctions(f.lines)) {
        const allowed = KNOWN_LONG[`${f.name}:${fn.name}`] ?? MAX_FUNCTION_LINES
        if (fn.length > allowed) long.push(`${fn.name} (${f.name}:${fn.line}): ${fn.length} lines`)
      }
    expect(long).toEqual([])
  })

  it('counts a function from its `function` line to its closing brace, past a destructured signature', () => {
    const text = ['export function f({', '  a,', '}: { a: number }) {', '  return a', '}', 'function g() {}']
    expect(topLevelFunctions(text)[0]).toEqual({ name: 'f', line: 1, length: 5 })
  })
})
