// readJsonBody: {} for an empty body, 400 for bad JSON, 413 only after the whole oversized body was read.
import { Readable } from 'node:stream'
import { expect, it } from 'vitest'
import { readJsonBody } from '../../../src/shared/json-body.js'
import { AppError } from '../../../src/shared/errors.js'

const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)))

it('parses a chunked body and reads an empty one as {}', async () => {
  expect(await readJsonBody(chunks('{"a":', '1}'), 100, 1000)).toEqual({ a: 1 })
  expect(await readJsonBody(chunks(), 100, 1000)).toEqual({})
})

it('rejects invalid JSON as invalid_argument (400)', async () => {
  const e = await readJsonBody(chunks('{'), 100, 1000).catch((x: unknown) => x)
  expect(e).toBeInstanceOf(AppError)
  expect((e as AppError).kind).toBe('invalid_argument')
  expect((e as AppError).httpStatus).toBeUndefined()
})

it('drains an oversized body to its end before failing with 413', async () => {
  const stream = chunks('x'.repeat(60), 'x'.repeat(60), 'x'.repeat(60))
  const e = await readJsonBody(stream, 100, 1000).catch((x: unknown) => x)
  expect((e as AppError).httpStatus).toBe(413)
  expect(stream.readableEnded).toBe(true)
})

it('stops reading beyond the drain limit', async () => {
  const e = await readJsonBody(chunks('x'.repeat(600), 'x'.repeat(600), 'x'.repeat(600)), 100, 1000).catch(
    (x: unknown) => x,
  )
  expect((e as AppError).httpStatus).toBe(413)
})

it('refuses an empty body when told to', async () => {
  const e = await readJsonBody(chunks(), 100, 1000, { emptyIsError: true }).catch((x: unknown) => x)
  expect((e as AppError).kind).toBe('invalid_argument')
})

it.each([
  ['__proto__', '{"a":1,"__proto__":{"polluted":true}}'],
  ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
])('refuses a body with a %s key as invalid_argument, as Fastify does', async (_key, body) => {
  const e = await readJsonBody(chunks(body), 1000, 10_000).catch((x: unknown) => x)
  expect(e).toBeInstanceOf(AppError)
  expect((e as AppError).kind).toBe('invalid_argument')
  expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
})

it('still takes "constructor" as an ordinary key when it holds no prototype', async () => {
  expect(await readJsonBody(chunks('{"constructor":"x","proto":1}'), 1000, 10_000)).toEqual({
    constructor: 'x',
    proto: 1,
  })
})
