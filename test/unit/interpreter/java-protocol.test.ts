// The line protocol with the Java kernel (SandockJShell.java): base64 payloads, so a line never
// holds the user's newlines or spaces.
import { describe, expect, it } from 'vitest'
import { encodeJavaCell, parseJavaLine } from '../../../src/interpreter/kernels/java-protocol.js'

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')

describe('java kernel protocol', () => {
  it('encodes a cell as one line whatever its code holds', () => {
    const line = encodeJavaCell(7, 'int x = 1;\nSystem.out.println("a b\\n" + x); // é', true)
    expect(line.endsWith('\n')).toBe(true)
    expect(line.slice(0, -1)).not.toContain('\n')
    const [tag, id, silent, code] = line.slice(0, -1).split(' ')
    expect([tag, id, silent]).toEqual(['E', '7', '1'])
    expect(Buffer.from(code!, 'base64').toString('utf8')).toBe('int x = 1;\nSystem.out.println("a b\\n" + x); // é')
  })

  it('parses every event the kernel sends', () => {
    expect(parseJavaLine('R')).toEqual({ type: 'ready' })
    expect(parseJavaLine('X 3')).toEqual({ type: 'execute_input', executionCount: 3 })
    expect(parseJavaLine(`O ${b64('hi\n')}`)).toEqual({ type: 'stdout', bytes: Buffer.from('hi\n') })
    expect(parseJavaLine(`E ${b64('warn')}`)).toEqual({ type: 'stderr', bytes: Buffer.from('warn') })
    expect(parseJavaLine(`V ${b64('/home/user')}`)).toEqual({ type: 'result', text: '/home/user' })
    expect(
      parseJavaLine(
        `F ${b64('EvalException')} ${b64('/ by zero')} ${b64('java.lang.ArithmeticException: / by zero\n\tat .(#1:1)')}`,
      ),
    ).toEqual({
      type: 'error',
      name: 'EvalException',
      value: '/ by zero',
      traceback: 'java.lang.ArithmeticException: / by zero\n\tat .(#1:1)',
    })
    expect(parseJavaLine(`F ${b64('CompilationException')}  ${b64('tb')}`)).toEqual({
      type: 'error',
      name: 'CompilationException',
      value: '',
      traceback: 'tb',
    })
    expect(parseJavaLine('D 12')).toEqual({ type: 'done', id: 12 })
    expect(parseJavaLine('Z whatever')).toBeUndefined()
  })
})
