// Images on Docker: look-ups, builds from a context folder, pulls, tags, commits of a container
// (snapshots, template layers) and the one removal.
import { readdir } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { AppError } from '../../shared/errors.js'
import {
  followProgress,
  fromDockerError,
  labelChanges,
  parseImageRef,
  statusOf,
  type DockerClient,
} from './docker-client.js'
import { LABELS, MANAGED_BY } from './labels.js'
import { snapshotFromLabels, snapshotLabels } from './sandbox-labels.js'
import type { BuildRuntime, SandboxRuntime } from './types.js'

type ImageOps = Pick<
  SandboxRuntime,
  'imageExists' | 'buildImage' | 'commitSnapshot' | 'commitMove' | 'listSnapshots' | 'removeImage' | 'imageTagsByLabel'
> &
  Pick<BuildRuntime, 'imageInfo' | 'pull' | 'tag' | 'push' | 'imageTags'>

/**
 * Commits a container as an image (tagged when `tag` is given) carrying `labels` and this server's
 * own; resolves with the image id. The container is paused while its filesystem is copied.
 */
export async function commitContainer(
  client: DockerClient,
  containerId: string,
  opts: { tag?: string; changes?: string[]; labels: Record<string, string> },
): Promise<string> {
  const ref = opts.tag ? parseImageRef(opts.tag) : undefined
  try {
    const res = (await client.docker.getContainer(containerId).commit({
      ...(ref ? { repo: ref.repo, tag: ref.tag } : {}),
      pause: true,
      changes: [...(opts.changes ?? []), ...labelChanges({ ...opts.labels, ...client.ownLabels })],
    })) as { Id: string }
    return res.Id
  } catch (e) {
    throw fromDockerError(e, `commit ${containerId}`)
  }
}

/**
 * Commits the container with the content of `volumeDirs` (its anonymous volumes, which a commit
 * leaves out) in a layer on top: a helper container (never started) from the commit receives their
 * archives and is committed in turn with the same config.
 */
async function commitWithVolumes(
  client: DockerClient,
  containerId: string,
  opts: { tag: string; labels: Record<string, string> },
  volumeDirs: readonly string[],
): Promise<void> {
  if (volumeDirs.length === 0) return void (await commitContainer(client, containerId, opts))
  const { docker } = client
  const base = await commitContainer(client, containerId, { labels: {} })
  const helper = await docker.createContainer({ Image: base, NetworkDisabled: true }).catch((e: unknown) => {
    throw fromDockerError(e, 'create a commit helper container')
  })
  try {
    for (const dir of volumeDirs) {
      const tar = await docker.getContainer(containerId).getArchive({ path: dir })
      await helper.putArchive(tar, { path: dirname(dir) })
    }
    await commitContainer(client, helper.id, opts)
  } catch (e) {
    throw e instanceof AppError ? e : fromDockerError(e, `copy ${volumeDirs.join(', ')} of ${containerId}`)
  } finally {
    await helper.remove({ force: true }).catch(() => undefined)
  }
}

/** Docker's words for a registry it could not reach (down, unresolvable, timing out), not one that refused. */
const REGISTRY_UNREACHABLE =
  /dial tcp|connection refused|no such host|i\/o timeout|TLS handshake timeout|connection reset|server misbehaving|Service Unavailable|Bad Gateway|: EOF\b/i

/** A pull the registry could not serve now is a 503 (try again); one it refused (no such image, no access) is the caller's. */
export const pullFailureKind = (why: string): 'unavailable' | 'failed_precondition' =>
  REGISTRY_UNREACHABLE.test(why) ? 'unavailable' : 'failed_precondition'

export function createImages(client: DockerClient): ImageOps {
  const { docker } = client
  const inspect = (ref: string) =>
    docker
      .getImage(ref)
      .inspect()
      .catch((e: unknown) => {
        if (statusOf(e) === 404) return undefined
        throw fromDockerError(e, `image ${ref}`)
      })

  return {
    async imageExists(image) {
      return (await inspect(image)) !== undefined
    },

    async imageInfo(ref) {
      const info = await inspect(ref)
      return info && { id: info.Id, env: info.Config?.Env ?? [], hasEnvd: info.Config?.Labels?.[LABELS.envd] === '1' }
    },

    async buildImage({ contextDir, dockerfile, tag, buildArgs, labels, onLog }) {
      const files = (await readdir(contextDir, { recursive: true, withFileTypes: true }))
        .filter((d) => d.isFile() || d.isSymbolicLink())
        .map((d) => relative(contextDir, join(d.parentPath, d.name)))
      // forcerm: a step that fails leaves no intermediate container behind (Docker keeps it by default).
      const stream = await docker
        .buildImage(
          { context: contextDir, src: files },
          {
            t: tag,
            dockerfile,
            buildargs: buildArgs ?? {},
            labels: { ...labels, [LABELS.managedBy]: MANAGED_BY },
            forcerm: true,
          },
        )
        .catch((e: unknown) => {
          throw fromDockerError(e, `build image ${tag}`)
        })
      const failed = await followProgress<{ error?: string; stream?: string; status?: string }>(
        client,
        stream,
        (ev) => {
          const line = (ev.stream ?? ev.status ?? '').trim()
          if (line) onLog(line)
        },
      )
      if (failed) throw new AppError('internal', `image build ${tag} failed: ${failed}`)
    },

    async imageTagsByLabel(key, value) {
      const images = await docker.listImages({ filters: { label: [`${key}=${value}`] } }).catch((e: unknown) => {
        throw fromDockerError(e, `list images ${key}=${value}`)
      })
      return images.flatMap((i) => (i.RepoTags ?? []).filter((t) => t !== '<none>:<none>'))
    },

    async pull(ref, auth, onLine) {
      const stream: NodeJS.ReadableStream = await docker
        .pull(ref, auth ? { authconfig: auth } : {})
        .catch((e: unknown) => {
          // Docker's message names the registry and the cause (no such host, unauthorized, …).
          const why = (e as { json?: { message?: string } }).json?.message ?? (e as Error).message
          throw new AppError(pullFailureKind(why), `cannot pull image '${ref}': ${why}`, { cause: e })
        })
      const failed = await followProgress<{ error?: string; status?: string; id?: string; progress?: string }>(
        client,
        stream,
        (ev) => {
          if (ev.status && !ev.progress) onLine(`${ev.id ? `${ev.id}: ` : ''}${ev.status}`)
        },
      )
      if (failed) throw new AppError(pullFailureKind(failed), `cannot pull image '${ref}': ${failed}`)
    },

    async push(ref, auth) {
      // Debian's dockerd 20.10 refuses a push without X-Registry-Auth; `{}` is "no credentials".
      const stream: NodeJS.ReadableStream = await docker
        .getImage(ref)
        .push({ authconfig: auth ?? {} })
        .catch((e: unknown) => {
          throw fromDockerError(e, `push ${ref}`)
        })
      const failed = await followProgress<{ error?: string }>(client, stream, () => undefined)
      if (failed) throw new AppError('unavailable', `cannot push image '${ref}': ${failed}`)
    },

    async imageTags() {
      const images = await docker.listImages().catch((e: unknown) => {
        throw fromDockerError(e, 'list images')
      })
      return images.flatMap((i) => (i.RepoTags ?? []).filter((t) => t !== '<none>:<none>'))
    },

    async tag(image, tag) {
      const ref = parseImageRef(tag)
      await docker
        .getImage(image)
        .tag({ repo: ref.repo, tag: ref.tag })
        .catch((e: unknown) => {
          throw fromDockerError(e, `tag ${image}`)
        })
    },

    async commitSnapshot(containerId, image, snapshot, volumeDirs = []) {
      await commitWithVolumes(client, containerId, { tag: image, labels: snapshotLabels(snapshot) }, volumeDirs)
    },

    async commitMove(containerId, image, volumeDirs) {
      await commitWithVolumes(client, containerId, { tag: image, labels: {} }, volumeDirs)
    },

    async listSnapshots() {
      const images = await docker.listImages({
        filters: { label: [`${LABELS.instance}=${client.instanceId}`, LABELS.snapshotId] },
      })
      return images.map((i) => snapshotFromLabels(i.Labels ?? {}, i.Created))
    },

    async removeImage(image) {
      try {
        await docker.getImage(image).remove()
        return 'removed'
      } catch (e) {
        if (statusOf(e) === 404) return 'missing'
        if (statusOf(e) === 409) return 'in_use'
        throw fromDockerError(e, `remove image ${image}`)
      }
    },
  }
}

/**
 * Pushes `ref`; when the push fails, first removes `discard` (images only the push made worth
 * keeping: a snapshot other nodes cannot pull is none), then rethrows.
 */
export async function pushOrDiscard(
  runtime: Pick<BuildRuntime, 'push' | 'removeImage'>,
  ref: string,
  auth: Parameters<BuildRuntime['push']>[1],
  discard: readonly string[],
): Promise<void> {
  await runtime.push(ref, auth).catch(async (e: unknown) => {
    for (const image of discard) await runtime.removeImage(image).catch(() => undefined)
    throw e
  })
}
