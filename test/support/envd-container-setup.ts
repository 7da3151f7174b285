// Conformance global setup: build the base image and run envd on port 49983 (or
// SANDOCK_TEST_ENVD_PORT) for the official SDK in debug mode.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { startEnvdContainer } from './docker.js'

export default async function setup() {
  await promisify(execFile)('docker', ['info']).catch(() => {
    throw new Error('conformance tests need a Docker engine (docker info failed); .ci/run starts one')
  })
  await promisify(execFile)(process.execPath, ['scripts/build-image.mjs'], { maxBuffer: 16 * 1024 * 1024 })
  const port = Number(process.env.SANDOCK_TEST_ENVD_PORT ?? 49983)
  const envd = await startEnvdContainer(port)
  process.env.SANDOCK_TEST_ENVD_URL = envd.url
  process.env.SANDOCK_TEST_ENVD_CONTAINER = envd.id
  return async () => envd.stop()
}
