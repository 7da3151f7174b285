// Runs envd containers from the real base image for tests, and removes them by label.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'

const run = promisify(execFile)
export const BASE_IMAGE = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'
export const TEST_LABEL = 'sandock.test=conformance'

export async function docker(...args: string[]): Promise<string> {
  const { stdout } = await run('docker', args, { maxBuffer: 64 * 1024 * 1024 })
  return stdout.trim()
}

export async function waitHealthy(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await fetch(`${url}/health`)
      if (res.status === 204) return
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`envd at ${url} did not become healthy`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Starts envd from the base image on 127.0.0.1:<port>, or, without a port, on one Docker picks:
 * a fixed port in the ephemeral range (32768–60999) can be held by any outgoing connection.
 * Returns the container id, its port and URL.
 */
export async function startEnvdContainer(
  port?: number,
  extraArgs: string[] = [],
): Promise<{ id: string; port: number; url: string; stop(): Promise<void> }> {
  const name = `sandock-test-envd-${port ?? randomBytes(4).toString('hex')}`
  await docker('rm', '-f', name).catch(() => undefined)
  const id = await docker(
    'run',
    '-d',
    '--name',
    name,
    '--label',
    TEST_LABEL,
    '-p',
    `127.0.0.1:${port ?? ''}:49983`,
    '--memory',
    '1g',
    '--pids-limit',
    '512',
    ...extraArgs,
    BASE_IMAGE,
  ).catch(async (e: unknown) => {
    // A run that fails to start (e.g. the port is taken) leaves a created container behind.
    await docker('rm', '-f', name).catch(() => undefined)
    throw e
  })
  let hostPort = port ?? 0
  try {
    // `docker port` prints e.g. "127.0.0.1:49154".
    if (!port) hostPort = Number((await docker('port', id, '49983/tcp')).trim().split('\n')[0]!.split(':').pop())
    await waitHealthy(`http://127.0.0.1:${hostPort}`)
  } catch (e) {
    const logs = await docker('logs', id).catch(() => '')
    await docker('rm', '-f', id).catch(() => undefined)
    throw new Error(`${(e as Error).message}\n${logs}`)
  }
  return {
    id,
    port: hostPort,
    url: `http://127.0.0.1:${hostPort}`,
    stop: async () => void (await docker('rm', '-f', id).catch(() => undefined)),
  }
}
