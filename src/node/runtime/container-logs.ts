// Reading a sandbox container's logs: Docker's own since/until/tail where they serve the read,
// otherwise the stream read through by the collector.
import type Docker from 'dockerode'
import { fromDockerError } from './docker-client.js'
import { collectLogStream, createLogCollector } from './log-reader.js'
import type { SandboxRuntime } from './types.js'

/** One read of a container's log lines (the runtime's `logs`). */
export async function readContainerLogs(
  docker: Docker,
  containerId: string,
  read: Parameters<SandboxRuntime['logs']>[1],
): ReturnType<SandboxRuntime['logs']> {
  // Docker's since/until are whole seconds (the rest is cut by the collector). Only a plain
  // newest-first read up to now can let Docker pick the tail; any other reads the stream
  // through, holding no more than the read keeps.
  const useTail = read.newestFirst && !read.match && (read.untilMs === undefined || read.untilMs >= Date.now())
  const options = {
    stdout: true,
    stderr: true,
    follow: false,
    timestamps: true,
    since: read.sinceMs === undefined ? 0 : Math.floor(read.sinceMs / 1000),
    ...(read.untilMs === undefined ? {} : { until: Math.floor(read.untilMs / 1000) + 1 }),
    ...(useTail ? { tail: Math.max(1, read.limit) } : {}),
  }
  // dockerode buffers a whole non-follow answer: dial for the stream instead.
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => {
    docker.modem.dial(
      {
        path: `/containers/${encodeURIComponent(containerId)}/logs?`,
        method: 'GET',
        isStream: true,
        options,
        statusCodes: { 200: true, 404: 'no such container', 500: 'server error' },
      },
      (err: unknown, s: unknown) => (err ? reject(err) : resolve(s as NodeJS.ReadableStream)),
    )
  }).catch((e: unknown) => {
    throw fromDockerError(e, `logs of ${containerId}`)
  })
  return collectLogStream(stream, createLogCollector(read))
}
