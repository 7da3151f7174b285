// The Docker runtime's pause/unpause against a real engine: unpause asks for a running container,
// so unpausing one Docker already shows running succeeds (racing resumes must not fail on it),
// while unpausing a stopped container is still an error.
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDockerRuntime } from '../../src/control/runtime/docker-runtime.js'
import { docker } from '../support/docker.js'

const runtime = createDockerRuntime({ socketPath: '/var/run/docker.sock', instanceId: 'runtime-test', log: pino({ level: 'silent' }) })
const state = async (id: string) => (await docker('inspect', '-f', '{{.State.Status}}', id)).trim()

describe('docker runtime: pause and unpause', () => {
  let id = ''
  beforeAll(async () => {
    id = (await docker('run', '-d', '--label', 'sandock.test=runtime', 'debian:bookworm-slim', 'sleep', '300')).trim()
  })
  afterAll(async () => {
    if (id) await docker('rm', '-f', id)
  })

  it('pauses and unpauses, and an unpause of a running container is a success', async () => {
    await runtime.pause(id)
    expect(await state(id)).toBe('paused')
    await runtime.unpause(id)
    expect(await state(id)).toBe('running')
    await runtime.unpause(id)
    expect(await state(id)).toBe('running')
  })

  it('still fails to unpause a stopped container', async () => {
    await docker('stop', '-t', '0', id)
    await expect(runtime.unpause(id)).rejects.toThrow(/unpause/)
    expect(await state(id)).toBe('exited')
  })
})
