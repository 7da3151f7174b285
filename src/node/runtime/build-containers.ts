// Template build containers on Docker: hardened like a sandbox, steps run with `exec`, archives put
// into them, commits that become cached layers or the template's image, and cleanup by name.
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { Writable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import type Docker from 'dockerode'
import { fromDockerError, ipOf, logLines, statusOf, type DockerClient } from './docker-client.js'
import { capFlowsOf, type FlowCap } from './flow-cap.js'
import { hardenedHostConfig } from './hardening.js'
import { LABELS } from './labels.js'
import { commitContainer } from './images.js'
import type { BuildContainer, BuildRuntime, ExecOptions } from './types.js'

/** Build and check containers are named `sandock-build-<buildId>-<random>`. */
const BUILD_PREFIX = 'sandock-build-'

/** A line of a step's output longer than this is cut (the rest up to its newline is dropped). */
const MAX_EXEC_LINE_CHARS = 8192
/** What `exec` returns as `stdout` at most (ENV's expansion reads it; a RUN's output only streams). */
const MAX_EXEC_STDOUT_BYTES = 1024 * 1024

/** Splits a byte stream into lines for `onLine` (decoded across chunks, each cut at MAX_EXEC_LINE_CHARS); `flush` emits a trailing partial line. */
function lineSplitter(onLine: (line: string) => void): { write(b: Buffer): void; flush(): void } {
  const decoder = new StringDecoder('utf8')
  let rest = ''
  const emit = (l: string) => onLine(l.endsWith('\r') ? l.slice(0, -1) : l)
  return {
    write(b) {
      const s = decoder.write(b)
      let i = 0
      for (;;) {
        const nl = s.indexOf('\n', i)
        const end = nl === -1 ? s.length : nl
        if (rest.length < MAX_EXEC_LINE_CHARS) rest += s.slice(i, Math.min(end, i + MAX_EXEC_LINE_CHARS - rest.length))
        if (nl === -1) return
        emit(rest)
        rest = ''
        i = nl + 1
      }
    },
    flush() {
      rest += decoder.end()
      if (rest !== '') emit(rest.slice(0, MAX_EXEC_LINE_CHARS))
      rest = ''
    },
  }
}

async function exec(
  client: DockerClient,
  container: Docker.Container,
  argv: string[],
  o: ExecOptions,
): Promise<{ exitCode: number; stdout: string }> {
  const run = await container
    .exec({
      Cmd: argv,
      User: o.user,
      WorkingDir: o.workdir,
      AttachStdout: true,
      AttachStderr: true,
      Env: Object.entries(o.env ?? {}).map(([k, v]) => `${k}=${v}`),
    })
    .catch((e: unknown) => {
      throw fromDockerError(e, 'exec in the build container')
    })
  const stream = await run.start({ hijack: true, stdin: false })
  const chunks: Buffer[] = []
  const outLines = lineSplitter((l) => o.onLine?.(l, 'stdout'))
  const errLines = lineSplitter((l) => o.onLine?.(l, 'stderr'))
  let kept = 0
  // Each frame handled as it is demuxed (not through buffering streams), so stdout and stderr
  // lines keep the order the command wrote them in.
  const sink = (handle: (b: Buffer) => void) =>
    new Writable({
      write(b: Buffer, _enc, done) {
        handle(b)
        done()
      },
    })
  const out = sink((b) => {
    if (kept < MAX_EXEC_STDOUT_BYTES) {
      const part = b.subarray(0, MAX_EXEC_STDOUT_BYTES - kept)
      chunks.push(part)
      kept += part.length
    }
    outLines.write(b)
  })
  const err = sink((b) => errLines.write(b))
  client.docker.modem.demuxStream(stream, out, err)
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
  const info = await run.inspect()
  return { exitCode: info.ExitCode ?? -1, stdout: Buffer.concat(chunks).toString('utf8') }
}

function wrap(client: DockerClient, container: Docker.Container, network: string | undefined): BuildContainer {
  return {
    id: container.id,
    exec: (argv, o) => exec(client, container, argv, o),

    async putArchive(tarFile, dir) {
      await container.putArchive(createReadStream(tarFile), { path: dir }).catch((e: unknown) => {
        throw fromDockerError(e, `unpack into ${dir}`)
      })
    },

    async copyFromImage(image, path, intoDir) {
      const source = await client.docker.createContainer({
        Image: image,
        Entrypoint: ['/nonexistent'],
        Labels: { ...client.ownLabels },
      })
      try {
        await container.putArchive(await source.getArchive({ path }), { path: intoDir })
      } catch (e) {
        throw fromDockerError(e, `copy ${path} from ${image}`)
      } finally {
        await source.remove({ force: true }).catch(() => undefined)
      }
    },

    commitLayer: () => commitContainer(client, container.id, { labels: { [LABELS.layer]: '1' } }),

    commitTemplate: (tag, templateId, changes) =>
      commitContainer(client, container.id, {
        tag,
        changes,
        labels: { [LABELS.templateId]: templateId, [LABELS.envd]: '1' },
      }),

    async ip() {
      return ipOf(await container.inspect(), network)
    },

    async running() {
      return (await container.inspect().catch(() => undefined))?.State?.Running === true
    },

    async logs() {
      return logLines(await container.logs({ stdout: true, stderr: true, tail: 50 }).catch(() => Buffer.alloc(0))).join(
        '\n',
      )
    },

    async remove() {
      await container.remove({ force: true, v: true }).catch((e: unknown) => {
        if (statusOf(e) !== 404)
          client.log.warn({ err: e, containerId: container.id }, 'removing a build container failed')
      })
    },
  }
}

export function createBuildContainers(
  client: DockerClient,
  opts: { procRoot?: string | undefined; flowCap?: FlowCap } = {},
): Pick<BuildRuntime, 'startContainer' | 'removeBuildContainers'> {
  const { docker } = client
  return {
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
          Labels: { ...client.ownLabels },
          // Build steps run the template author's code: same capabilities and isolation as a sandbox.
          HostConfig: {
            ...hardenedHostConfig({ diskLimitMB: 0 }),
            NetworkMode: o.network ?? 'bridge',
            NanoCpus: Math.round(o.cpuCount * 1e9),
            Memory: o.memoryMB * 1024 * 1024,
            ...(o.pidsLimit ? { PidsLimit: o.pidsLimit } : {}),
            Init: true,
            RestartPolicy: { Name: 'no' },
          },
        })
        const c = wrap(client, container, o.network)
        await o.beforeStart?.(c)
        await container.start()
        // A build step gets a sandbox's flow cap (flow-cap.ts).
        if ((opts.flowCap?.maxFlows ?? 0) > 0)
          await capFlowsOf(container, (await container.inspect()).State.Pid, opts.flowCap, opts.procRoot)
        return c
      } catch (e) {
        if (container) await container.remove({ force: true }).catch(() => undefined)
        throw fromDockerError(e, `start a build container from ${o.image}`)
      }
    },

    async removeBuildContainers(buildId) {
      const list = (
        await docker.listContainers({
          all: true,
          filters: { label: [`${LABELS.instance}=${client.instanceId}`], name: [`${BUILD_PREFIX}${buildId ?? ''}`] },
        })
      ).filter((c) => c.Names?.some((n) => n.startsWith(`/${BUILD_PREFIX}${buildId ?? ''}`)))
      await Promise.all(
        list.map((c) =>
          docker
            .getContainer(c.Id)
            .remove({ force: true, v: true })
            .catch(() => undefined),
        ),
      )
      return list.length
    },
  }
}
