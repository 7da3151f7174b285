// The JSON body reader of the control API and envd's /init: an empty body is {}, bad JSON is a
// 400, and an oversized body is read to its end before the 413, so the client gets the answer
// instead of a reset. Parsed as Fastify's own parser does: `__proto__` and `constructor.prototype`
// keys are refused (a 400), so no body can reach an object's prototype.
import type { Readable } from 'node:stream'
import secureJson from 'secure-json-parse'
import { AppError, InvalidArgumentError } from './errors.js'

/**
 * Reads and parses a JSON body of at most `limitBytes`. A larger one is discarded as it arrives
 * (up to `drainBytes`, then the read stops and the connection is closed after the answer) and
 * fails with a 413. An empty body is `{}`, or a 400 with `emptyIsError`.
 */
export function readJsonBody(
  payload: Readable,
  limitBytes: number,
  drainBytes: number,
  opts: { emptyIsError?: boolean } = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const tooLarge = () =>
      new AppError('invalid_argument', `request body is larger than ${limitBytes} bytes`, { httpStatus: 413 })
    const finish = (fn: () => void) => {
      payload.removeListener('data', onData)
      payload.removeListener('end', onEnd)
      payload.removeListener('error', onError)
      fn()
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > drainBytes) return finish(() => reject(tooLarge()))
      if (size <= limitBytes) chunks.push(chunk)
      else chunks.length = 0
    }
    const onEnd = () =>
      finish(() => {
        if (size > limitBytes) return reject(tooLarge())
        const text = Buffer.concat(chunks).toString('utf8')
        if (text === '')
          return opts.emptyIsError ? reject(new InvalidArgumentError('the JSON body is empty')) : resolve({})
        try {
          resolve(secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }))
        } catch (e) {
          reject(new InvalidArgumentError(`invalid JSON body: ${(e as Error).message}`))
        }
      })
    const onError = (e: Error) =>
      finish(() => reject(new InvalidArgumentError(`request body failed: ${e.message}`, { cause: e })))
    payload.on('data', onData)
    payload.on('end', onEnd)
    payload.on('error', onError)
  })
}
