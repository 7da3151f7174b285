// The Docker runtime against a real engine. Pause/unpause: unpause asks for a running container,
// so unpausing one Docker already shows running succeeds (racing resumes must not fail on it),
// while unpausing a stopped container is still an error. Image builds (the built-in templates'):
// build args and labels reach the image, it is found by label, and a failing step leaves no
// container behind.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDockerRuntime } from '../../src/node/runtime/docker-runtime.js'
import { docker } from '../support/docker.js'

const runtime = createDockerRuntime({
  socketPath: '/var/run/docker.sock',
  instanceId: 'runtime-test',
  log: pino({ level: 'silent' }),
})
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

describe('docker runtime: image builds', () => {
  const marker = `runtime-build-${process.pid}-${Date.now()}`
  const tag = `sandock/runtime-test:${marker}`
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandock-build-'))
  })
  afterAll(async () => {
    await docker('rmi', '-f', tag).catch(() => undefined)
    await rm(dir, { recursive: true, force: true })
  })

  it('passes build args and labels, and finds the image by its label', async () => {
    await writeFile(
      join(dir, 'ok.Dockerfile'),
      'ARG BASE_TEMPLATE_IMAGE\nFROM ${BASE_TEMPLATE_IMAGE}\nARG WHO\nRUN echo "$WHO" > /who\n',
    )
    const lines: string[] = []
    await runtime.buildImage({
      contextDir: dir,
      dockerfile: 'ok.Dockerfile',
      tag,
      buildArgs: { BASE_TEMPLATE_IMAGE: 'debian:bookworm-slim', WHO: marker },
      labels: { 'sandock.test-build': marker },
      onLog: (l) => lines.push(l),
    })
    expect(lines.some((l) => /^Step \d+\/\d+ :/.test(l))).toBe(true)
    expect(await runtime.imageTagsByLabel('sandock.test-build', marker)).toEqual([tag])
    expect((await docker('run', '--rm', tag, 'cat', '/who')).trim()).toBe(marker)
  })

  it('fails on a failing step with its reason and leaves no build container behind', async () => {
    await writeFile(join(dir, 'bad.Dockerfile'), `FROM debian:bookworm-slim\nRUN echo ${marker} && exit 3\n`)
    await expect(
      runtime.buildImage({ contextDir: dir, dockerfile: 'bad.Dockerfile', tag: `${tag}-bad`, onLog: () => undefined }),
    ).rejects.toThrow(/returned a non-zero code: 3/)
    const left = await docker('ps', '-a', '--no-trunc', '--format', '{{.Command}}')
    expect(left).not.toContain(marker)
  })
})

// A drain's move (node/sandboxes/move.ts): a stopped container's filesystem committed with its
// anonymous /tmp volume's content (gVisor keeps /tmp on one), which a commit alone leaves out; a
// container created from the image with a new /tmp volume starts with it.
describe('docker runtime: commitMove', () => {
  const marker = `runtime-move-${process.pid}-${Date.now()}`
  const [plain, withTmp] = [`sandock/runtime-test:${marker}-plain`, `sandock/runtime-test:${marker}-tmp`]
  let id = ''
  beforeAll(async () => {
    id = (
      await docker(
        'run',
        '-d',
        '--label',
        'sandock.test=runtime',
        '--mount',
        'type=volume,dst=/tmp',
        'debian:bookworm-slim',
        'sh',
        '-c',
        `echo ${marker} > /tmp/in-volume && echo layer > /in-layer`,
      )
    ).trim()
    await docker('wait', id)
  })
  afterAll(async () => {
    if (id) await docker('rm', '-f', '-v', id)
    await docker('rmi', '-f', plain, withTmp).catch(() => undefined)
  })

  const readIn = (image: string) =>
    docker(
      'run',
      '--rm',
      '--mount',
      'type=volume,dst=/tmp',
      image,
      'sh',
      '-c',
      'cat /in-layer; cat /tmp/in-volume || true',
    )

  it('takes the volume content into the image only when asked, and leaves no helper container', async () => {
    await runtime.commitMove!(id, plain, [])
    expect((await readIn(plain)).trim()).toBe('layer')
    await runtime.commitMove!(id, withTmp, ['/tmp'])
    expect((await readIn(withTmp)).trim().split('\n')).toEqual(['layer', marker])
    expect((await docker('ps', '-a', '-q', '--filter', `ancestor=${withTmp}`)).trim()).toBe('')
  })
})
