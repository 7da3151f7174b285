// The template builder's view of Docker: build containers that run steps with `exec`, archives put
// into them, commits that become cached layers, and image pulls. With docker-runtime.ts, the only
// code that talks to Docker.
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { PassThrough } from 'node:stream'
import Docker from 'dockerode'
import type { Logger } from 'pino'
import { AppError, NotFoundError } from '../../shared/errors.js'
import { demuxLines } from './docker-runtime.js'
import { hardenedHostConfig } from './hardening.js'
import { LABELS, MANAGED_BY } from './labels.js'

export type ImageInfo = Readonly<{ id: string; env: string[]; labels: Record<string, string> }>

export type ExecOptions = Readonly<{
  user: string
  workdir?: string
  env?: Record<string, string>
  /** Each output line as it arrives. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void
  signal?: AbortSignal
}>

export interface BuildContainer {
  readonly id: string
  /** Runs argv in the container; resolves with the exit code and the collected stdout. */
  exec(argv: string[], opts: ExecOptions): Promise<{ exitCode: number; stdout: string }>
  /** Unpacks a tar (plain or gzip) file into `dir`, which must exist. */
  putArchive(tarFile: string, dir: string): Promise<void>
  /** Copies `path` (a folder) out of `image` into this container's `intoDir`. */
  copyFromImage(image: string, path: string, intoDir: string): Promise<void>
  /** Commits the filesystem; `changes` are Dockerfile instructions (ENTRYPOINT, ENV, …). */
  commit(opts: { tag?: string; changes?: string[]; labels?: Record<string, string> }): Promise<string>
  /** The container's address on its network (a check container is reached like a sandbox). */
  ip(): Promise<string | undefined>
  running(): Promise<boolean>
  logs(): Promise<string>
  remove(): Promise<void>
}

export interface BuildRuntime {
  imageInfo(ref: string): Promise<ImageInfo | undefined>
  /** Pulls `ref`; credentials go to Docker only, never to a log line. */
  pull(ref: string, auth: { username: string; password: string; serveraddress?: string } | undefined, onLine: (line: string) => void): Promise<void>
  /**
   * Creates and starts a container for `buildId` from `image`. `entrypoint` undefined keeps the
   * image's own (a check container runs envd); the build keeps itself alive with envd's node.
   */
  startContainer(opts: { image: string; buildId: string; entrypoint?: string[]; network?: string; cpuCount: number; memoryMB: number; beforeStart?: (c: BuildContainer) => Promise<void> }): Promise<BuildContainer>
  /** Removes this server's build containers (left over from a restart), optionally of one build. */
  removeBuildContainers(buildId?: string): Promise<number>
  tag(image: string, tag: string): Promise<void>
  removeImage(image: string): Promise<void>
}

/** Build and check containers are named `sandock-build-<buildId>-<random>`. */
export const BUILD_PREFIX = 'sandock-build-'

const statusOf = (e: unknown) => (e as { statusCode?: number })?.statusCode

function dockerError(e: unknown, what: string): AppError {
  if (e instanceof AppError) return e
  if (statusOf(e) === 404) return new NotFoundError(`${what}: not found`, { cause: e })
  return new AppError('unavailable', `docker: ${what}: ${(e as Error).message}`, { cause: e })
}

/** Splits a byte stream into lines for `onLine`; `flush` emits a trailing partial line. */
function lineSplitter(onLine: (line: string) => void): { write(b: Buffer): void; flush(): void } {
  let rest = ''
  return {
    write(b) {
      const parts = (rest + b.toString('utf8')).split('\n')
      rest = parts.pop() ?? ''
      for (const p of parts) onLine(p.replace(/\r$/, ''))
    },
    flush() {
      if (rest !== '') onLine(rest)
      rest = ''
    },
  }
}

export function createBuildRuntime(opts: { socketPath: string; instanceId: string; log: Logger }): BuildRuntime {
  const docker = new Docker({ socketPath: opts.socketPath })
  const baseLabels = { [LABELS.managedBy]: MANAGED_BY, [LABELS.instance]: opts.instanceId }

  function wrap(container: Docker.Container, network: string | undefined): BuildContainer {
    return {
      id: container.id,

      async exec(argv, o) {
        const exec = await container.exec({
          Cmd: argv, User: o.user, WorkingDir: o.workdir, AttachStdout: true, AttachStderr: true,
          Env: Object.entries(o.env ?? {}).map(([k, v]) => `${k}=${v}`),
        }).catch((e: unknown) => {
          throw dockerError(e, 'exec in the build container')
        })
        const stream = await exec.start({ hijack: true, stdin: false })
        const out = new PassThrough()
        const err = new PassThrough()
        const chunks: Buffer[] = []
        const outLines = lineSplitter((l) => o.onLine?.(l, 'stdout'))
        const errLines = lineSplitter((l) => o.onLine?.(l, 'stderr'))
        out.on('data', (b: Buffer) => (chunks.push(b), outLines.write(b)))
        err.on('data', (b: Buffer) => errLines.write(b))
        docker.modem.demuxStream(stream, out, err)
        const onAbort = () => stream.destroy()
        o.signal?.addEventListener('abort', onAbort, { once: true })
        try {
          await new Promise<void>((resolve, reject) => {
            stream.on('end', resolve)
            stream.on('close', resolve)
            stream.on('error', reject)
          })
        } finally {
          o.signal?.removeEventListener('abort', onAbort)
        }
        outLines.flush()
        errLines.flush()
        o.signal?.throwIfAborted()
        const info = await exec.inspect()
        return { exitCode: info.ExitCode ?? -1, stdout: Buffer.concat(chunks).toString('utf8') }
      },

      async putArchive(tarFile, dir) {
        await container.putArchive(createReadStream(tarFile), { path: dir }).catch((e: unknown) => {
          throw dockerError(e, `unpack into ${dir}`)
        })
      },

      async copyFromImage(image, path, intoDir) {
        const source = await docker.createContainer({ Image: image, Entrypoint: ['/nonexistent'], Labels: baseLabels })
        try {
          const tar = await source.getArchive({ path })
          await container.putArchive(tar, { path: intoDir })
        } catch (e) {
          throw dockerError(e, `copy ${path} from ${image}`)
        } finally {
          await source.remove({ force: true }).catch(() => undefined)
        }
      },

      async commit({ tag, changes = [], labels = {} }) {
        const [repo, t] = tag ? [tag.slice(0, tag.lastIndexOf(':')), tag.slice(tag.lastIndexOf(':') + 1)] : [undefined, undefined]
        const all = { ...labels, ...baseLabels }
        try {
          const res = (await container.commit({
            ...(repo ? { repo, tag: t } : {}), pause: true,
            changes: [...changes, ...Object.entries(all).map(([k, v]) => `LABEL ${JSON.stringify(k)}=${JSON.stringify(v)}`)],
          })) as { Id: string }
          return res.Id
        } catch (e) {
          throw dockerError(e, 'commit the build container')
        }
      },

      async ip() {
        const info = await container.inspect()
        const nets = info.NetworkSettings?.Networks ?? {}
        return ((network && nets[network]) || Object.values(nets)[0])?.IPAddress || undefined
      },

      async running() {
        return (await container.inspect().catch(() => undefined))?.State?.Running === true
      },

      async logs() {
        const buf = (await container.logs({ stdout: true, stderr: true, tail: 50 }).catch(() => Buffer.alloc(0))) as unknown as Buffer
        return demuxLines(Buffer.isBuffer(buf) ? buf : Buffer.from(String(buf))).join('\n')
      },

      async remove() {
        await container.remove({ force: true, v: true }).catch((e: unknown) => {
          if (statusOf(e) !== 404) opts.log.warn({ err: e, containerId: container.id }, 'removing a build container failed')
        })
      },
    }
  }

  return {
    async imageInfo(ref) {
      try {
        const info = await docker.getImage(ref).inspect()
        return { id: info.Id, env: info.Config?.Env ?? [], labels: info.Config?.Labels ?? {} }
      } catch (e) {
        if (statusOf(e) === 404) return undefined
        throw dockerError(e, `inspect image ${ref}`)
      }
    },

    async pull(ref, auth, onLine) {
      let stream: NodeJS.ReadableStream
      try {
        stream = await docker.pull(ref, auth ? { authconfig: auth } : {})
      } catch (e) {
        // Docker's message names the registry and the cause (no such host, unauthorized, …).
        throw new AppError('failed_precondition', `cannot pull image '${ref}': ${(e as { json?: { message?: string } }).json?.message ?? (e as Error).message}`, { cause: e })
      }
      await new Promise<void>((resolve, reject) => {
        docker.modem.followProgress(stream, (err: Error | null, output: { error?: string }[]) => {
          const failed = err?.message ?? output?.find((o) => o.error)?.error
          if (failed) reject(new AppError('failed_precondition', `cannot pull image '${ref}': ${failed}`))
          else resolve()
        }, (ev: { status?: string; id?: string; progress?: string }) => {
          if (ev.status && !ev.progress) onLine(`${ev.id ? `${ev.id}: ` : ''}${ev.status}`)
        })
      })
    },

    async startContainer(o) {
      let container: Docker.Container | undefined
      try {
        container = await docker.createContainer({
          // Found by name, not by label: commits copy a container's labels into the image, and
          // every sandbox from it would then look like a build container.
          name: `${BUILD_PREFIX}${o.buildId}-${randomBytes(3).toString('hex')}`,
          Image: o.image,
          ...(o.entrypoint ? { Entrypoint: o.entrypoint, Cmd: [] } : {}),
          User: '0',
          Labels: baseLabels,
          // Build steps run the template author's code: same capabilities and isolation as a sandbox.
          HostConfig: {
            ...hardenedHostConfig({ diskLimitMB: 0 }),
            NetworkMode: o.network ?? 'bridge',
            NanoCpus: Math.round(o.cpuCount * 1e9),
            Memory: o.memoryMB * 1024 * 1024,
            Init: true,
            RestartPolicy: { Name: 'no' },
          },
        })
        const c = wrap(container, o.network)
        await o.beforeStart?.(c)
        await container.start()
        return c
      } catch (e) {
        if (container) await container.remove({ force: true }).catch(() => undefined)
        throw dockerError(e, `start a build container from ${o.image}`)
      }
    },

    async removeBuildContainers(buildId) {
      const list = (await docker.listContainers({ all: true, filters: { label: [`${LABELS.instance}=${opts.instanceId}`], name: [`${BUILD_PREFIX}${buildId ?? ''}`] } }))
        .filter((c) => c.Names?.some((n) => n.startsWith(`/${BUILD_PREFIX}${buildId ?? ''}`)))
      await Promise.all(list.map((c) => docker.getContainer(c.Id).remove({ force: true, v: true }).catch(() => undefined)))
      return list.length
    },

    async tag(image, tag) {
      const i = tag.lastIndexOf(':')
      await docker.getImage(image).tag({ repo: tag.slice(0, i), tag: tag.slice(i + 1) }).catch((e: unknown) => {
        throw dockerError(e, `tag ${image}`)
      })
    },

    async removeImage(image) {
      try {
        await docker.getImage(image).remove()
      } catch (e) {
        if (statusOf(e) === 404) return
        if (statusOf(e) === 409) throw new AppError('conflict', `image ${image} is in use`, { cause: e })
        throw dockerError(e, `remove image ${image}`)
      }
    },
  }
}
