// The base image runs envd exactly as src/shared/envd-entrypoint.ts says.
import { readFile } from 'node:fs/promises'
import { expect, it } from 'vitest'
import { ENVD_ENTRYPOINT } from '../../../src/shared/envd-entrypoint.js'

it('docker/base.Dockerfile has ENVD_ENTRYPOINT as its ENTRYPOINT', async () => {
  const dockerfile = await readFile(new URL('../../../docker/base.Dockerfile', import.meta.url), 'utf8')
  const line = dockerfile.split('\n').find((l) => l.startsWith('ENTRYPOINT '))
  expect(JSON.parse(line!.slice('ENTRYPOINT '.length))).toEqual(ENVD_ENTRYPOINT)
})
