// Builds the `desktop` template image (docker/desktop.Dockerfile, context docker/desktop/) on top of
// the base template image, tagged by the content hash of its inputs: the Dockerfile, every file
// of the context and the base image's id. An existing tag is reused as is, so an unchanged re-run
// costs one `docker image inspect`. Prints the tag on stdout (progress goes to stderr).
// Run `npm run build && node scripts/build-image.mjs` first (the base image must exist).
import { createHash } from 'node:crypto'
import { execFileSync, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const DOCKERFILE = join(root, 'docker', 'desktop.Dockerfile')
const CONTEXT = join(root, 'docker', 'desktop')
const REPO = 'sandock/desktop'
const BASE_LABEL = 'sandock.desktop.base'
const baseTag = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'

function files(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
    .sort()
}

function imageId(ref) {
  const r = spawnSync('docker', ['image', 'inspect', '--format', '{{.Id}}', ref], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim() : undefined
}

const baseId = imageId(baseTag)
if (!baseId) {
  console.error(`build-desktop-image: the base template image ${baseTag} is missing (run: npm run build && node scripts/build-image.mjs)`)
  process.exit(1)
}
const hash = createHash('sha256')
// Paths and lengths go in too, so moving bytes between files changes the hash.
for (const [name, bytes] of [['desktop.Dockerfile', readFileSync(DOCKERFILE)], ...files(CONTEXT).map((f) => [relative(CONTEXT, f), readFileSync(f)])]) {
  hash.update(`${name}\0${bytes.length}\0`).update(bytes)
}
hash.update(`base\0${baseId}`)
const tag = `${REPO}:${hash.digest('hex').slice(0, 16)}`

if (imageId(tag)) {
  console.error(`build-desktop-image: ${tag} is up to date`)
} else {
  console.error(`build-desktop-image: building ${tag} from ${baseTag} (a few minutes on a cold cache)`)
  const t0 = Date.now()
  execFileSync('docker', ['build', '-f', DOCKERFILE, '-t', tag, '--build-arg', `BASE_TEMPLATE_IMAGE=${baseTag}`,
    '--label', 'sandock.managed-by=sandock', '--label', `${BASE_LABEL}=${baseTag}`, CONTEXT], {
    stdio: ['ignore', 2, 2], // the build's log goes to stderr: stdout carries only the tag
    // The classic builder: a local FROM never pulls (no registry is reachable on air-gapped hosts).
    env: { ...process.env, DOCKER_BUILDKIT: '0' },
  })
  console.error(`build-desktop-image: built ${tag} in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
  // Earlier builds on the same base tag are stale now: untag them (images still used stay).
  const stale = execFileSync('docker', ['images', '--format', '{{.Repository}}:{{.Tag}}', '--filter', `label=${BASE_LABEL}=${baseTag}`, REPO], { encoding: 'utf8' })
    .split('\n').filter((t) => t && t !== tag && t.startsWith(`${REPO}:`))
  for (const old of stale) spawnSync('docker', ['image', 'rm', old], { stdio: 'ignore' })
}
process.stdout.write(`${tag}\n`)
