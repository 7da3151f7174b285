// Control project global setup: (re)build the base template image, start one shared `sandock serve`
// on SANDOCK_TEST_API_PORT / SANDOCK_TEST_PROXY_PORT (3200/3202), and hand its URLs to the workers.
import { execFile } from 'node:child_process'
import { access } from 'node:fs/promises'
import { promisify } from 'node:util'
import { exportServer, startServer } from './control-server.js'

const run = promisify(execFile)

export default async function setup() {
  await run('docker', ['info']).catch(() => {
    throw new Error('control tests need a Docker engine (docker info failed)')
  })
  await access('dist/image/sandock.mjs').catch(() => {
    throw new Error('dist/image/sandock.mjs is missing: run `npm run build` first')
  })
  // Cheap when nothing changed (layer cache); keeps the image in step with the envd bundle.
  await run(process.execPath, ['scripts/build-image.mjs'], { maxBuffer: 16 * 1024 * 1024 })
  const server = await startServer()
  exportServer(server)
  return async () => {
    await server.cleanup()
  }
}
