// When a failed dial is tried again, and after how long.
import { expect, it } from 'vitest'
import { isReplayable, retryDelayMs } from '../../../../src/node/proxy/dial-retry.js'

const failure = { code: 'ECONNREFUSED', reusedSocket: false, replayable: true, attempt: 0, dialRetries: 3 }

it('retries a refused dial with linear backoff, up to dialRetries times', () => {
  expect([0, 1, 2, 3].map((attempt) => retryDelayMs({ ...failure, attempt }))).toEqual([100, 200, 300, undefined])
})

it('retries at once on a kept-alive socket the sandbox had closed, and never otherwise on a reset', () => {
  expect(retryDelayMs({ ...failure, code: 'ECONNRESET', reusedSocket: true })).toBe(0)
  expect(retryDelayMs({ ...failure, code: 'ECONNRESET' })).toBeUndefined()
  expect(retryDelayMs({ ...failure, code: 'ETIMEDOUT' })).toBeUndefined()
})

it('never retries a request whose body cannot be replayed', () => {
  expect(retryDelayMs({ ...failure, replayable: false })).toBeUndefined()
  expect(isReplayable({})).toBe(true)
  expect(isReplayable({ 'content-length': '0' })).toBe(true)
  expect(isReplayable({ 'content-length': '5' })).toBe(false)
  expect(isReplayable({ 'transfer-encoding': 'chunked' })).toBe(false)
})
