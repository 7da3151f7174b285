import { describe, expect, it } from 'vitest'
import { resultLine, stripQuotes } from '../../../src/interpreter/mime.js'

describe('stripQuotes', () => {
  it.each([
    ["'x'", 'x'],
    ['"x"', 'x'],
    ['\'x"', '\'x"'],
    ["'", "'"],
    ['x', 'x'],
    ["''", ''],
  ])('%s → %s', (input, out) => {
    expect(stripQuotes(input)).toBe(out)
  })
})

describe('resultLine', () => {
  it('maps every known MIME type to its field and keeps is_main_result', () => {
    const line = resultLine(
      {
        'text/plain': "'hi'",
        'text/html': '<b>',
        'text/markdown': '# m',
        'image/svg+xml': '<svg/>',
        'image/png': 'iVBO\nRw==\n',
        'image/jpeg': '/9j/',
        'application/pdf': 'JVBE',
        'text/latex': '$x$',
        'application/json': { a: [1] },
        'application/javascript': 'alert(1)',
        'e2b/data': { a: [1, 2] },
        'e2b/chart': { type: 'bar', x_unit: null },
      },
      true,
    )
    expect(line).toEqual({
      type: 'result',
      text: 'hi',
      html: '<b>',
      markdown: '# m',
      svg: '<svg/>',
      png: 'iVBORw==',
      jpeg: '/9j/',
      pdf: 'JVBE',
      latex: '$x$',
      json: { a: [1] },
      javascript: 'alert(1)',
      data: { a: [1, 2] },
      chart: { type: 'bar', x_unit: null },
      is_main_result: true,
    })
  })

  it('puts unknown MIME types under extra, never at the top level', () => {
    const line = resultLine({ 'text/plain': 'x', 'application/vnd.custom+json': { v: 1 } }, false)
    expect(line).toEqual({
      type: 'result',
      text: 'x',
      extra: { 'application/vnd.custom+json': { v: 1 } },
      is_main_result: false,
    })
  })

  it('joins text sent as a list of lines and drops null values', () => {
    expect(resultLine({ 'text/plain': ['a\n', 'b'], 'text/html': null }, true)).toEqual({
      type: 'result',
      text: 'a\nb',
      is_main_result: true,
    })
  })
})
