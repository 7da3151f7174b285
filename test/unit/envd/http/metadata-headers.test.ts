// parseMetadataHeaders: X-Metadata-<Key> → { key: value } with contract 5.6 limits.
import type { IncomingHttpHeaders } from 'node:http'
import { describe, expect, it } from 'vitest'
import { parseMetadataHeaders } from '../../../../src/envd/http/files-post.js'
import { InvalidArgumentError } from '../../../../src/shared/errors.js'

describe('parseMetadataHeaders', () => {
  it('keeps only x-metadata-* headers, keyed by the lowercased suffix', () => {
    const headers: IncomingHttpHeaders = {
      'x-metadata-foo': 'bar',
      'X-Metadata-CamelKey': 'Value Kept As Is',
      'content-type': 'application/octet-stream',
      'x-metadata': 'no suffix, no dash',
      'x-access-token': 'secret',
    }
    expect(parseMetadataHeaders(headers)).toEqual({ foo: 'bar', camelkey: 'Value Kept As Is' })
  })

  it('returns {} without metadata headers', () => {
    expect(parseMetadataHeaders({ host: 'x', 'content-length': '3' })).toEqual({})
  })

  it.each([
    ['an empty value', ''],
    ['spaces and punctuation', 'a b ~!@#$%^&*()'],
    ['a 4000-byte value', 'v'.repeat(4000)],
  ])('accepts %s', (_name, value) => {
    expect(parseMetadataHeaders({ 'x-metadata-k': value })).toEqual({ k: value })
  })

  it('joins repeated headers with commas', () => {
    expect(parseMetadataHeaders({ 'x-metadata-k': ['a', 'b'] as unknown as string })).toEqual({ k: 'a,b' })
  })

  it.each([
    ['a control character', 'a\x01b'],
    ['a tab', 'a\tb'],
    ['DEL', 'a\x7fb'],
    ['non-ASCII text', 'café'],
  ])('rejects a value containing %s with invalid_argument', (_name, value) => {
    expect(() => parseMetadataHeaders({ 'x-metadata-k': value })).toThrow(InvalidArgumentError)
  })

  it.each([
    ['an empty key', 'x-metadata-'],
    ['a key with a space', 'x-metadata-a b'],
    ['a key with a colon', 'x-metadata-a:b'],
  ])('rejects %s with invalid_argument', (_name, header) => {
    expect(() => parseMetadataHeaders({ [header]: 'v' })).toThrow(InvalidArgumentError)
  })

  it('accepts a 246-byte key and rejects a 247-byte key', () => {
    expect(parseMetadataHeaders({ [`x-metadata-${'k'.repeat(246)}`]: 'v' })).toEqual({ ['k'.repeat(246)]: 'v' })
    expect(() => parseMetadataHeaders({ [`x-metadata-${'k'.repeat(247)}`]: 'v' })).toThrow(InvalidArgumentError)
  })

  it('accepts exactly 4096 bytes of keys and values in total', () => {
    // Two keys of 1 byte each + values 2047 bytes each = 4096.
    const headers = { 'x-metadata-a': 'x'.repeat(2047), 'x-metadata-b': 'y'.repeat(2047) }
    expect(Object.keys(parseMetadataHeaders(headers))).toEqual(['a', 'b'])
  })

  it('rejects more than 4096 bytes in total even when each entry is small', () => {
    const headers: IncomingHttpHeaders = {}
    for (let i = 0; i < 20; i++) headers[`x-metadata-key${i}`] = 'v'.repeat(250)
    expect(() => parseMetadataHeaders(headers)).toThrow(InvalidArgumentError)
    expect(() => parseMetadataHeaders({ 'x-metadata-a': 'x'.repeat(2047), 'x-metadata-b': 'y'.repeat(2048) })).toThrow(
      /4096/,
    )
  })
})
