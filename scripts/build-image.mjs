// Builds the `base` template image from dist/image (run `npm run build` first). Uses the classic
// builder so a local `FROM debian:bookworm-slim` (see docker/build-base-image.sh) never pulls.
import { execFileSync, spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const BASE_TAG = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'

const has = (tag) => spawnSync('docker', ['image', 'inspect', tag], { stdio: 'ignore' }).status === 0
if (!has(process.env.SANDOCK_BASE_IMAGE ?? 'debian:bookworm-slim')) {
  execFileSync('bash', [join(root, 'docker', 'build-base-image.sh')], { stdio: 'inherit' })
}
execFileSync(
  'docker',
  [
    'build',
    '-q',
    '-f',
    join(root, 'dist', 'image', 'base.Dockerfile'),
    '-t',
    BASE_TAG,
    '--label',
    'sandock.managed-by=sandock',
    join(root, 'dist', 'image'),
  ],
  {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DOCKER_BUILDKIT: '0' },
  },
)
