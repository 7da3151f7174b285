import { describe, expect, it } from 'vitest'
import { cwdCell, envCell, isLanguage, kernelKindOf, normalizeLanguage } from '../../../src/interpreter/languages.js'

describe('normalizeLanguage', () => {
  it.each([
    [undefined, 'python'],
    ['', 'python'],
    ['  Python ', 'python'],
    ['js', 'javascript'],
    ['JS', 'javascript'],
    ['ts', 'typescript'],
    ['TypeScript', 'typescript'],
    ['r', 'r'],
    ['bash', 'bash'],
    ['java', 'java'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected)
  })

  it('knows which languages have a kernel', () => {
    expect(isLanguage('r')).toBe(true)
    expect(isLanguage('java')).toBe(true)
    expect(isLanguage('cobol')).toBe(false)
    expect(kernelKindOf('java')).toEqual({ type: 'java' })
    expect(kernelKindOf('r')).toEqual({ type: 'jupyter', kernelName: 'ir' })
    expect(kernelKindOf('typescript')).toEqual({ type: 'node', typescript: true })
  })
})

describe('cwdCell', () => {
  it.each([
    ['python', '%cd "/tmp/a b"'],
    ['javascript', 'process.chdir("/tmp/a b")'],
    ['r', 'setwd("/tmp/a b")'],
    ['bash', "cd '/tmp/a b'"],
    ['java', 'System.setProperty("user.dir", "/tmp/a b");'],
  ] as const)('%s', (language, cell) => {
    expect(cwdCell(language, '/tmp/a b')).toBe(cell)
  })
})

describe('envCell', () => {
  const vars = { A: 'it\'s "q"\n', B: undefined }
  it('python sets and pops through os.environ without leaving names behind', () => {
    expect(envCell('python', vars)).toBe(
      [
        'import os as __sandock_os',
        `__sandock_os.environ["A"] = "it's \\"q\\"\\n"`,
        '__sandock_os.environ.pop("B", None)',
        'del __sandock_os',
      ].join('\n'),
    )
  })
  it('javascript and typescript use process.env', () => {
    expect(envCell('typescript', vars)).toBe(`process.env["A"] = "it's \\"q\\"\\n";\ndelete process.env["B"]`)
  })
  it('r uses Sys.setenv and Sys.unsetenv', () => {
    expect(envCell('r', vars)).toBe(`Sys.setenv(A = "it's \\"q\\"\\n")\nSys.unsetenv("B")`)
  })
  it('bash exports with single quotes escaped, and unsets', () => {
    expect(envCell('bash', vars)).toBe(`export A='it'\\''s "q"\n'\nunset B`)
  })
  it('java sets and clears system properties in one block (one JShell snippet)', () => {
    expect(envCell('java', vars)).toBe(`{ System.setProperty("A", "it's \\"q\\"\\n"); System.clearProperty("B"); }`)
  })
  it('is empty for no variables', () => {
    expect(envCell('python', {})).toBe('')
  })
})
