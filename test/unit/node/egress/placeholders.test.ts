// ${e2b.secrets.<name>} placeholders: upstream's grammar, and resolution that fails closed.
import { describe, expect, it } from 'vitest'
import {
  MalformedPlaceholderError,
  parsePlaceholders,
  resolvePlaceholders,
  UnresolvedPlaceholderError,
} from '../../../../src/node/egress/placeholders.js'

const store = {
  resolveSecret: async (name: string) => (({ 'api-key': 'k3y', other: 'o' }) as Record<string, string>)[name],
}

describe('parsePlaceholders', () => {
  it('finds secrets (normalised) and identity tokens; other ${…} text is opaque', () => {
    expect(parsePlaceholders('Bearer ${e2b.secrets. API-Key } x ${e2b.sandboxId} ${e2b.identity.tokens.Tok}')).toEqual([
      { kind: 'secret', name: 'api-key', start: 7, end: 31 },
      { kind: 'identity', name: 'Tok', start: 51, end: 77 },
    ])
    expect(parsePlaceholders('plain')).toEqual([])
  })

  it.each([
    '${e2b.secrets.}',
    '${e2b.secrets.open',
    '${e2b.secrets.a${e2b.secrets.b}',
    '${e2b.secrets.sec_x}',
    '${e2b.secrets.a.b}',
    `\${e2b.secrets.${'a'.repeat(129)}}`,
  ])('%s is malformed', (v) => expect(() => parsePlaceholders(v)).toThrow(MalformedPlaceholderError))
})

describe('resolvePlaceholders', () => {
  it('replaces every secret with its current value', async () => {
    expect(await resolvePlaceholders('Bearer ${e2b.secrets.API-KEY}/${e2b.secrets.other}!', store)).toBe(
      'Bearer k3y/o!',
    )
    expect(await resolvePlaceholders('${e2b.sandboxId}', store)).toBe('${e2b.sandboxId}')
  })

  it('fails closed on an unknown secret or an identity token', async () => {
    await expect(resolvePlaceholders('${e2b.secrets.missing}', store)).rejects.toBeInstanceOf(
      UnresolvedPlaceholderError,
    )
    await expect(resolvePlaceholders('${e2b.identity.tokens.t}', store)).rejects.toThrow(
      'identity token "t" cannot be minted',
    )
  })
})
