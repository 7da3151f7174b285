// drainBody: a refused request's body is read to its end (so the client gets the answer), but
// never more than the bound or for longer than the timeout.
import { PassThrough, Readable } from 'node:stream'
import { expect, it } from 'vitest'
import { drainBody } from '../../../src/shared/drain.js'

it('reads a body to its end', async () => {
  const body = Readable.from([Buffer.alloc(1000), Buffer.alloc(1000)])
  await drainBody(body, 1_000_000, 5000)
  expect(body.readableEnded).toBe(true)
})

it('stops waiting past the byte bound, and after the timeout on a body that never ends', async () => {
  const big = new PassThrough()
  big.write(Buffer.alloc(5000))
  await drainBody(big, 1000, 5000)
  expect(big.readableEnded).toBe(false)
  const stalled = new PassThrough()
  const t0 = Date.now()
  await drainBody(stalled, 1000, 50)
  expect(Date.now() - t0).toBeGreaterThanOrEqual(40)
  expect(stalled.readableEnded).toBe(false)
})

it('resolves at once for a body already gone', async () => {
  const gone = new PassThrough()
  gone.destroy()
  await drainBody(gone, 1000, 60_000)
})
