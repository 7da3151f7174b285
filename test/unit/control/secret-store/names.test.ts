// Secret names, ids and selectors as upstream's rules say, with tables.
import { describe, expect, it } from 'vitest'
import {
  metadataWithinLimits,
  newSecretId,
  normalizeSecretName,
  parseSelector,
  typeIdSuffix,
  uuidV7Bytes,
  valueWithinLimits,
} from '../../../../src/control/secret-store/names.js'

describe('secret names', () => {
  it.each([
    ['openai-api-key', 'openai-api-key'],
    ['MiXeD_Case-1', 'mixed_case-1'],
    ['a'.repeat(128), 'a'.repeat(128)],
    ['', undefined],
    ['a'.repeat(129), undefined],
    ['has space', undefined],
    ['dot.ted', undefined],
    ['{x}', undefined],
    ['sec_reserved', undefined],
    ['SEC_reserved', undefined],
    ['secret', 'secret'],
    ['sec-ok', 'sec-ok'],
  ])('%j → %j', (name, want) => {
    expect(normalizeSecretName(name)).toBe(want)
  })
})

describe('secret ids', () => {
  it('are sec_ + 26 lowercase TypeID characters that sort by creation time', () => {
    const a = newSecretId(1_700_000_000_000)
    const b = newSecretId(1_700_000_000_001)
    expect(a).toMatch(/^sec_[0-7][0-9a-hjkmnp-tv-z]{25}$/)
    expect(a < b).toBe(true)
    expect(new Set(Array.from({ length: 100 }, () => newSecretId())).size).toBe(100)
  })

  it('encode a UUID as TypeID does (the spec example)', () => {
    // typeid spec: 01890a5d-ac96-774b-bcce-b302099a8057 → 01h455vb4pex5vsknk084sn02q
    expect(typeIdSuffix(Buffer.from('01890a5dac96774bbcceb302099a8057', 'hex'))).toBe('01h455vb4pex5vsknk084sn02q')
  })

  it('carry UUIDv7 version and variant bits', () => {
    const b = uuidV7Bytes(0x0123456789ab)
    expect(b.subarray(0, 6).toString('hex')).toBe('0123456789ab')
    expect(b[6]! >> 4).toBe(7)
    expect(b[8]! >> 6).toBe(2)
  })

  it('sort in creation order within one millisecond (the secrets list pages in id order)', () => {
    const ids = Array.from({ length: 2000 }, () => newSecretId(1_800_000_000_000))
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('the {secretID} selector', () => {
  const id = newSecretId()
  it.each([
    [id, { kind: 'id', secretId: id }],
    [` ${id.toUpperCase()} `, { kind: 'id', secretId: id }],
    ['My-Key', { kind: 'name', name: 'my-key' }],
    ['sec_', undefined],
    ['sec_notanid', undefined],
    [`sec_8${id.slice(5)}`, undefined],
    ['bad name', undefined],
  ])('%j', (segment, want) => {
    expect(parseSelector(segment)).toEqual(want)
  })
})

describe('limits', () => {
  it('metadata: 32 entries, keys 1–128 bytes, values ≤1024, 8192 in all', () => {
    expect(metadataWithinLimits({ env: 'test' })).toBe(true)
    expect(metadataWithinLimits(Object.fromEntries(Array.from({ length: 32 }, (_, i) => [`k${i}`, 'v'])))).toBe(true)
    expect(metadataWithinLimits(Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, 'v'])))).toBe(false)
    expect(metadataWithinLimits({ ['k'.repeat(129)]: 'v' })).toBe(false)
    expect(metadataWithinLimits({ '': 'v' })).toBe(false)
    expect(metadataWithinLimits({ k: 'v'.repeat(1025) })).toBe(false)
    expect(
      metadataWithinLimits(Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'v'.repeat(1000)]))),
    ).toBe(false)
  })
  it('values: 1 byte to 64 KiB', () => {
    expect(valueWithinLimits('')).toBe(false)
    expect(valueWithinLimits('x'.repeat(64 * 1024))).toBe(true)
    expect(valueWithinLimits('é'.repeat(32 * 1024 + 1))).toBe(false)
  })
})
