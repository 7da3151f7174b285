import { describe, expect, it } from 'vitest'
import { MarkerSplitter } from '../../../src/interpreter/kernels/marker-splitter.js'

const M = '\n\u0001END:'

describe('MarkerSplitter', () => {
  it('passes output through and finds the status after the marker', () => {
    const s = new MarkerSplitter(M)
    expect(s.feed('hello\nworld')).toEqual({ output: 'hello\nworld', status: undefined })
    expect(s.feed(`\n${M}0\n`)).toEqual({ output: '\n', status: '0' })
  })

  it('holds back a chunk tail that may start the marker, and releases it when it does not', () => {
    const s = new MarkerSplitter(M)
    expect(s.feed('abc\n')).toEqual({ output: 'abc', status: undefined })
    expect(s.feed('def')).toEqual({ output: '\ndef', status: undefined })
  })

  it('finds a marker split across three chunks', () => {
    const s = new MarkerSplitter(M)
    expect(s.feed('out\n\u0001')).toEqual({ output: 'out', status: undefined })
    expect(s.feed('EN')).toEqual({ output: '', status: undefined })
    expect(s.feed('D:130')).toEqual({ output: '', status: undefined })
    expect(s.feed('\n')).toEqual({ output: '', status: '130' })
  })

  it('treats a marker with no status as done with an empty status', () => {
    expect(new MarkerSplitter(M).feed(`x${M}\n`)).toEqual({ output: 'x', status: '' })
  })

  it("passes a line and its newline through in one piece when the marker starts with \\x01 (the bash kernel's)", () => {
    const s = new MarkerSplitter('\u0001END:')
    expect(s.feed('bar\n')).toEqual({ output: 'bar\n', status: undefined })
    expect(s.feed('\u0001END:0\n')).toEqual({ output: '', status: '0' })
    const t = new MarkerSplitter('\u0001END:')
    expect(t.feed('no-newline\u0001END:1\n')).toEqual({ output: 'no-newline', status: '1' })
  })
})
