// Builds the code-interpreter template image (docker/code-interpreter.Dockerfile) unless an image
// for the same inputs exists: the tag is a hash of the Dockerfile, every file of its build context
// and the base image's id, so an unchanged checkout skips the slow apt layer entirely.
// Usage: node scripts/build-code-interpreter-image.mjs → prints the image tag.
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const DOCKERFILE = join(root, 'docker', 'code-interpreter.Dockerfile')
export const CONTEXT = join(root, 'docker', 'code-interpreter')
export const REPOSITORY = 'sandock/code-interpreter'

function files(dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? files(p) : [p]
  })
}

/** The tag for the current inputs and base image (throws when the base image is missing). */
export function codeInterpreterTag(baseImage) {
  const baseId = execFileSync('docker', ['image', 'inspect', '--format', '{{.Id}}', baseImage], { encoding: 'utf8' }).trim()
  const h = createHash('sha256')
  h.update(`base ${baseId}\n`)
  for (const f of [DOCKERFILE, ...files(CONTEXT)]) {
    const data = readFileSync(f)
    // Executable bits matter to COPY; mtimes do not.
    h.update(`${relative(root, f)} ${statSync(f).mode & 0o111 ? 'x' : '-'} ${data.length}\n`)
    h.update(data)
  }
  return `${REPOSITORY}:${h.digest('hex').slice(0, 16)}`
}

/** Builds the image if its tag is missing; returns the tag. */
export function ensureCodeInterpreterImage(baseImage, { quiet = true } = {}) {
  const tag = codeInterpreterTag(baseImage)
  if (spawnSync('docker', ['image', 'inspect', tag], { stdio: 'ignore' }).status === 0) return tag
  const t0 = Date.now()
  execFileSync('docker', ['build', ...(quiet ? ['-q'] : []), '-f', DOCKERFILE, '--build-arg', `BASE_IMAGE=${baseImage}`,
    '-t', tag, '--label', 'sandock.managed-by=sandock', '--label', `sandock.code-interpreter.base=${baseImage}`, CONTEXT], {
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    // The classic builder: a local FROM never pulls.
    env: { ...process.env, DOCKER_BUILDKIT: '0' },
    maxBuffer: 64 * 1024 * 1024,
  })
  process.stderr.write(`code-interpreter image ${tag} built in ${Math.round((Date.now() - t0) / 1000)} s\n`)
  removeOlder(baseImage, tag)
  return tag
}

/**
 * Each image is ~2 GB: drop the ones built earlier from the same base tag (older checkouts).
 * Images of other base tags (other checkouts on this engine) are left alone, and so is one still
 * used by a container (docker refuses without -f).
 */
function removeOlder(baseImage, keep) {
  const out = spawnSync('docker', ['images', '--format', '{{.Repository}}:{{.Tag}}', '--filter', `label=sandock.code-interpreter.base=${baseImage}`], { encoding: 'utf8' })
  for (const old of (out.stdout ?? '').split('\n').filter((t) => t && t !== keep && t.startsWith(`${REPOSITORY}:`))) {
    spawnSync('docker', ['rmi', old], { stdio: 'ignore' })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'
  process.stdout.write(`${ensureCodeInterpreterImage(base, { quiet: false })}\n`)
}
