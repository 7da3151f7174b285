// Images of the cluster tests, built from the offline Debian base with the classic builder (a
// local `FROM debian:bookworm-slim` never pulls) and tagged by a hash of their inputs (Dockerfile,
// context files, base image id): an unchanged image is never rebuilt.
import { createHash } from 'node:crypto'
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { docker } from './docker-cli.js'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const BASE_IMAGE = process.env.SANDOCK_BASE_IMAGE ?? 'debian:bookworm-slim'

export type ImageRecipe = Readonly<{
  /** Repository part of the tag, e.g. `sandock-swarm-dind`. */
  name: string
  /** Dockerfile, relative to the repository root. */
  dockerfile: string
  /** Context files (relative to the repository root), copied flat into the build context. */
  files?: readonly string[]
}>

/** The node image: Debian's docker.io, started by docker/dind-entrypoint.sh. */
export const DIND: Omit<ImageRecipe, 'name'> = {
  dockerfile: 'docker/dind.Dockerfile',
  files: ['docker/dind-entrypoint.sh'],
}
/** The registry image: Debian's docker-registry with docker/registry-config.yml and htpasswd auth. */
export const REGISTRY: Omit<ImageRecipe, 'name'> = {
  dockerfile: 'docker/registry.Dockerfile',
  files: ['docker/registry-config.yml', 'docker/registry-entrypoint.sh'],
}
/** A small workload with busybox httpd, curl, iptables and nsenter. */
export const PROBE: Omit<ImageRecipe, 'name'> = { dockerfile: 'test/support/cluster/probe.Dockerfile' }

/** The content-hash tag of a recipe: `<name>:<12 hex>`. */
export async function imageTag(recipe: ImageRecipe): Promise<string> {
  const hash = createHash('sha256')
  hash.update(
    await docker(['image', 'inspect', '-f', '{{.Id}}', BASE_IMAGE]).catch(() => {
      throw new Error(`${BASE_IMAGE} is missing: run docker/build-base-image.sh first`)
    }),
  )
  for (const file of [recipe.dockerfile, ...(recipe.files ?? [])]) {
    hash.update(`\0${basename(file)}\0`).update(await readFile(join(ROOT, file)))
  }
  return `${recipe.name}:${hash.digest('hex').slice(0, 12)}`
}

/**
 * Builds the recipe unless its content-hash tag exists; returns the tag. The image carries
 * `labels` (e.g. `sandock.test=swarm-spike`), so it can be found and removed by them.
 */
export async function ensureImage(recipe: ImageRecipe, labels: readonly string[]): Promise<string> {
  return ensureTagged(await imageTag(recipe), labels, async (context) => {
    for (const file of [recipe.dockerfile, ...(recipe.files ?? [])])
      await copyFile(join(ROOT, file), join(context, basename(file)))
    return join(context, basename(recipe.dockerfile))
  })
}

/**
 * Builds `tag` unless it exists, from a temporary context that `fill` lays out (returning the
 * Dockerfile's path), over BASE_IMAGE, with `labels`; older tags of its repository are removed.
 */
export async function ensureTagged(
  tag: string,
  labels: readonly string[],
  fill: (context: string) => Promise<string>,
): Promise<string> {
  if (
    await docker(['image', 'inspect', tag]).then(
      () => true,
      () => false,
    )
  )
    return tag
  const context = await mkdtemp(join(tmpdir(), 'sandock-cluster-image-'))
  try {
    const dockerfile = await fill(context)
    await docker(
      [
        'build',
        '-q',
        '-f',
        dockerfile,
        '-t',
        tag,
        '--build-arg',
        `BASE_IMAGE=${BASE_IMAGE}`,
        ...labels.flatMap((l) => ['--label', l]),
        context,
      ],
      { timeoutMs: 900_000 },
    )
  } finally {
    await rm(context, { recursive: true, force: true })
  }
  await removeStaleTags(tag)
  return tag
}

/** Removes the other tags of `tag`'s repository: older builds of the same recipe, kept images never pile up. */
export async function removeStaleTags(tag: string): Promise<void> {
  const repo = tag.slice(0, tag.lastIndexOf(':'))
  const all = (await docker(['image', 'ls', '--format', '{{.Repository}}:{{.Tag}}', repo])).split('\n').filter(Boolean)
  await removeImages(all.filter((t) => t !== tag))
}

/** Bytes of an image on the host engine. */
export async function imageSize(tag: string): Promise<number> {
  return Number(await docker(['image', 'inspect', '-f', '{{.Size}}', tag]))
}

/** Removes images by tag; missing ones are fine. */
export async function removeImages(tags: readonly string[]): Promise<void> {
  for (const tag of tags) await docker(['image', 'rm', tag]).catch(() => undefined)
}
