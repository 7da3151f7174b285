// A build's disk figures at `finalize`: the template's size from envd's first metrics, and the
// free space a request asked for (minFreeDiskMb) checked against them.
import { describe, expect, it } from 'vitest'
import { StepError } from '../../../../src/node/builds/build-types.js'
import { checkFreeDisk } from '../../../../src/node/builds/final-check.js'
import type { EnvdMetrics } from '../../../../src/node/envd-client/client.js'

const MiB = 1048576
const metrics = (totalMiB: number, usedMiB: number) =>
  ({ disk_total: totalMiB * MiB, disk_used: usedMiB * MiB }) as EnvdMetrics
const lines: string[] = []
const emit = (_l: string, step: string, m: string) => lines.push(`${step}:${m}`)

describe('checkFreeDisk', () => {
  it('reports the disk and passes when the free space is at least what was asked', () => {
    expect(checkFreeDisk(metrics(10_240, 2_048), 8_192, emit)).toEqual({ diskSizeMB: 10_240 })
    expect(lines.at(-1)).toBe('finalize:Disk: 10240 MiB, 8192 MiB free after the steps')
    expect(checkFreeDisk(metrics(10_240, 10_240), undefined, emit)).toEqual({ diskSizeMB: 10_240 })
    expect(checkFreeDisk(metrics(10_240, 10_240), 0, emit)).toEqual({ diskSizeMB: 10_240 })
  })

  it('fails at finalize with both figures when less is free than asked', () => {
    let err: unknown
    try {
      checkFreeDisk(metrics(10_240, 2_049), 8_192, emit)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(StepError)
    expect(err).toMatchObject({
      step: 'finalize',
      message: expect.stringContaining('has 8191 MiB free after its steps, less than the 8192 MiB asked'),
    })
  })

  it('without metrics: unmeasured (0), unless free space was asked for, which cannot then be checked', () => {
    expect(checkFreeDisk(undefined, undefined, emit)).toEqual({ diskSizeMB: 0 })
    expect(() => checkFreeDisk(undefined, 1, emit)).toThrow(/cannot check minFreeDiskMb/)
  })
})
