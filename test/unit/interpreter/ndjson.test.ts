import { describe, expect, it } from 'vitest'
import { encodeLine, joinTraceback } from '../../../src/interpreter/ndjson.js'

describe('encodeLine', () => {
  it('writes one JSON object per line, newlines inside strings escaped', () => {
    const text = encodeLine({ type: 'stdout', text: 'a\nb\n\n', timestamp: '2024-01-01T00:00:00Z' })
    expect(text.endsWith('\n')).toBe(true)
    expect(text.split('\n')).toEqual([expect.any(String), ''])
    expect(JSON.parse(text)).toEqual({ type: 'stdout', text: 'a\nb\n\n', timestamp: '2024-01-01T00:00:00Z' })
  })

  it('keeps multi-byte characters whole', () => {
    expect(JSON.parse(encodeLine({ type: 'stdout', text: '日本 😀', timestamp: 't' })).text).toBe('日本 😀')
  })
})

describe('joinTraceback', () => {
  it('joins Jupyter traceback lists with nothing in between (contract §4)', () => {
    expect(joinTraceback(['a\n', 'b'])).toBe('a\nb')
    expect(joinTraceback('x')).toBe('x')
    expect(joinTraceback(undefined)).toBe('')
  })
})
