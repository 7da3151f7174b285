// AES-256-GCM sealing: round trips, and anything altered, moved or sealed under another key is refused.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SealedValueError, createSealer } from '../../../../src/control/secret-store/sealing.js'

describe('createSealer', () => {
  const sealer = createSealer(randomBytes(32))

  it('round-trips, with a fresh IV every time and no plaintext in the blob', () => {
    const a = sealer.seal('sk-live-123', 'sec_1#1')
    const b = sealer.seal('sk-live-123', 'sec_1#1')
    expect(a.equals(b)).toBe(false)
    expect(a.includes(Buffer.from('sk-live-123'))).toBe(false)
    expect(sealer.open(a, 'sec_1#1')).toBe('sk-live-123')
  })

  it.each([0, 1, 13, 29, -1])('refuses a blob with byte %i flipped', (i) => {
    const blob = sealer.seal('value', 'aad')
    const at = i < 0 ? blob.length + i : i
    blob[at] = blob[at]! ^ 0x01
    expect(() => sealer.open(blob, 'aad')).toThrow(SealedValueError)
  })

  it('refuses a blob under other additional data (another secret or version) or another key', () => {
    const blob = sealer.seal('value', 'sec_a#1')
    expect(() => sealer.open(blob, 'sec_a#2')).toThrow(SealedValueError)
    expect(() => sealer.open(blob, 'sec_b#1')).toThrow(SealedValueError)
    expect(() => createSealer(randomBytes(32)).open(blob, 'sec_a#1')).toThrow(SealedValueError)
    expect(() => sealer.open(blob.subarray(0, 20), 'sec_a#1')).toThrow(SealedValueError)
  })

  it('needs a 32-byte key', () => {
    expect(() => createSealer(randomBytes(16))).toThrow('32 bytes')
  })
})
