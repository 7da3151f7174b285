// Invalid sandbox creates, each with the body that makes it invalid and what its 400 must name:
// checked as HTTP in the fast tier (test/unit/control/api/bad-input.test.ts) and for leaks on
// real Docker (test/control/bad-input.test.ts).
import { expect } from 'vitest'
import type { ApiAnswer } from './control-api.js'

const manyKeys = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, 'v']))

export const INVALID_CREATES: [string, { json?: unknown; raw?: string }, RegExp][] = [
  ['an invalid JSON body', { raw: '{"templateID": "base",' }, /json/i],
  ['a non-JSON body', { raw: 'templateID=base' }, /json/i],
  ['a string timeout', { json: { templateID: 'base', timeout: 'x' } }, /timeout/],
  ['a numeric metadata', { json: { templateID: 'base', metadata: 5 } }, /metadata/],
  ['a non-string metadata value', { json: { templateID: 'base', metadata: { a: 1 } } }, /metadata/],
  ['envVars as an array', { json: { templateID: 'base', envVars: ['A=1'] } }, /envVars/],
  ['a missing templateID', { json: { timeout: 30 } }, /templateID/],
  ['a negative timeout', { json: { templateID: 'base', timeout: -5 } }, /timeout/i],
  ['a zero timeout', { json: { templateID: 'base', timeout: 0 } }, /timeout/i],
  ['a huge timeout (10^9 s)', { json: { templateID: 'base', timeout: 1e9 } }, /timeout/i],
  ['10 000 metadata keys', { json: { templateID: 'base', metadata: manyKeys } }, /metadata/],
]

/** The contract's error answer: `status`, JSON `{code, message}` (message matching), never a sandbox. */
export function expectError(res: ApiAnswer, status: number, messagePattern?: RegExp): void {
  expect(res.status, res.text).toBe(status)
  expect(res.contentType).toMatch(/^application\/json/)
  expect(res.body).toEqual({ code: status, message: expect.any(String) })
  if (messagePattern) expect(res.body!.message).toMatch(messagePattern)
  expect(res.body).not.toHaveProperty('sandboxID')
}
