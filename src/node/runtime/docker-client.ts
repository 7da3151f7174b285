// One dockerode client per server and the one translation of Docker's errors (by status code,
// never by message text), with the small helpers every resource module shares.
import Docker from 'dockerode'
import type { Logger } from 'pino'
import { AppError, NotFoundError } from '../../shared/errors.js'
import { LABELS, MANAGED_BY } from './labels.js'

export type DockerClient = Readonly<{
  docker: Docker
  log: Logger
  /** Names this server on what it creates: a server only adopts and lists its own. */
  instanceId: string
  /** The labels every container and image this server creates carries. */
  ownLabels: Readonly<Record<string, string>>
}>

export function createDockerClient(opts: { socketPath: string; instanceId: string; log: Logger }): DockerClient {
  return {
    docker: new Docker({ socketPath: opts.socketPath }),
    log: opts.log,
    instanceId: opts.instanceId,
    ownLabels: { [LABELS.managedBy]: MANAGED_BY, [LABELS.instance]: opts.instanceId },
  }
}

/** Docker's HTTP status of a failed call (dockerode sets statusCode), e.g. 304, 404, 409. */
export const statusOf = (e: unknown): number | undefined => (e as { statusCode?: number } | undefined)?.statusCode

/** A failed Docker call as an AppError: 404 not_found, 409 conflict, anything else unavailable. */
export function fromDockerError(e: unknown, what: string): AppError {
  if (e instanceof AppError) return e
  const code = statusOf(e)
  if (code === 404) return new NotFoundError(`${what} not found`, { cause: e })
  if (code === 409) return new AppError('conflict', `${what}: ${(e as Error).message}`, { cause: e })
  return new AppError('unavailable', `docker: ${what}: ${(e as Error).message}`, { cause: e })
}

/** The container's address on `network` (else on its first network). */
export function ipOf(
  info: Docker.ContainerInspectInfo | Docker.ContainerInfo,
  network: string | undefined,
): string | undefined {
  const nets = info.NetworkSettings?.Networks ?? {}
  const n = (network && nets[network]) || Object.values(nets)[0]
  return n?.IPAddress || undefined
}

/** Docker's multiplexed log stream → text lines (8-byte frame headers stripped). */
function demuxLines(buf: Buffer): string[] {
  const out: string[] = []
  let text = ''
  if (buf.length >= 8 && (buf[0] === 1 || buf[0] === 2) && buf[1] === 0 && buf[2] === 0 && buf[3] === 0) {
    for (let i = 0; i + 8 <= buf.length; ) {
      const len = buf.readUInt32BE(i + 4)
      text += buf.subarray(i + 8, i + 8 + len).toString('utf8')
      i += 8 + len
    }
  } else text = buf.toString('utf8')
  for (const line of text.split('\n')) if (line !== '') out.push(line)
  return out
}

/** What a container's `logs()` resolves with (a Buffer without follow; typed as a stream) as lines. */
export function logLines(raw: unknown): string[] {
  return demuxLines(Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw)))
}

/** Labels as `changes` of a commit (Dockerfile LABEL instructions). */
export function labelChanges(labels: Readonly<Record<string, string>>): string[] {
  return Object.entries(labels).map(([k, v]) => `LABEL ${JSON.stringify(k)}=${JSON.stringify(v)}`)
}

/** `repo[:tag]`, where a ':' before the last '/' belongs to a registry's port (`host:5000/app`). */
export function parseImageRef(ref: string): { repo: string; tag: string | undefined } {
  const colon = ref.lastIndexOf(':')
  return colon > ref.lastIndexOf('/')
    ? { repo: ref.slice(0, colon), tag: ref.slice(colon + 1) }
    : { repo: ref, tag: undefined }
}

/**
 * Follows a build or pull progress stream to its end; resolves with the failure it reported, if
 * any. Docker reports a failed build or pull as an in-stream `error` event on an HTTP 200.
 */
export function followProgress<E extends { error?: string }>(
  client: DockerClient,
  stream: NodeJS.ReadableStream,
  onEvent: (ev: E) => void,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    client.docker.modem.followProgress(
      stream,
      (err: Error | null, output: E[]) => {
        resolve(err?.message ?? output?.find((o) => o.error)?.error)
      },
      onEvent,
    )
  })
}
