// The Docker client's shared helpers: the one error translation (by status code), the one image
// reference parser, and the multiplexed log stream.
import { describe, expect, it } from 'vitest'
import { fromDockerError, labelChanges, logLines, parseImageRef } from '../../../../src/node/runtime/docker-client.js'
import { AppError, NotFoundError } from '../../../../src/shared/errors.js'

const dockerError = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode })

describe('fromDockerError', () => {
  it.each([
    [404, 'not_found', 'container c1 not found'],
    [409, 'conflict', 'container c1: (HTTP code 409) conflict'],
    [500, 'unavailable', 'docker: container c1: (HTTP code 500) conflict'],
  ])('maps status %i to %s', (status, kind, message) => {
    const e = fromDockerError(
      dockerError(status, status === 500 ? '(HTTP code 500) conflict' : `(HTTP code ${status}) conflict`),
      'container c1',
    )
    expect(e).toMatchObject({ kind, message })
  })

  it('keeps the message text out of the decision: a 500 saying "not found" stays unavailable', () => {
    expect(fromDockerError(dockerError(500, 'No such container: is not paused'), 'x').kind).toBe('unavailable')
  })

  it('passes an AppError through as it is', () => {
    const e = new NotFoundError('already ours')
    expect(fromDockerError(e, 'x')).toBe(e)
    expect(fromDockerError(new AppError('internal', 'y'), 'x').kind).toBe('internal')
  })
})

describe('parseImageRef', () => {
  it.each([
    ['sandock/snapshot:sabc', { repo: 'sandock/snapshot', tag: 'sabc' }],
    ['debian', { repo: 'debian', tag: undefined }],
    ['registry:5000/team/app:v1', { repo: 'registry:5000/team/app', tag: 'v1' }],
    ['registry:5000/team/app', { repo: 'registry:5000/team/app', tag: undefined }],
  ])('splits %s', (ref, want) => expect(parseImageRef(ref)).toEqual(want))
})

describe('logLines and labelChanges', () => {
  it('strips the 8-byte frame headers of a multiplexed stream, and splits plain text', () => {
    const frame = (stream: number, text: string) =>
      Buffer.concat([Buffer.from([stream, 0, 0, 0, 0, 0, 0, text.length]), Buffer.from(text)])
    expect(logLines(Buffer.concat([frame(1, 'out 1\nout'), frame(2, ' 2\n'), frame(1, '\nlast')]))).toEqual([
      'out 1',
      'out 2',
      'last',
    ])
    expect(logLines(Buffer.from('a\n\nb\n'))).toEqual(['a', 'b'])
    expect(logLines('as a string')).toEqual(['as a string'])
  })

  it('quotes labels as LABEL instructions', () => {
    expect(labelChanges({ 'sandock.x': 'a "b"' })).toEqual(['LABEL "sandock.x"="a \\"b\\""'])
  })
})
