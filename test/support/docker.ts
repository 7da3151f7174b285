// Runs envd containers from the real base image for tests, and removes them by label.
import { execFile } from 'node:child_process'
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

/** Starts envd from the base image on 127.0.0.1:<port>; returns the container id and URL. */
export async function startEnvdContainer(port: number, extraArgs: string[] = []): Promise<{ id: string; url: string; stop(): Promise<void> }> {
  const name = `sandock-test-envd-${port}`
  await docker('rm', '-f', name).catch(() => undefined)
  const id = await docker('run', '-d', '--name', name, '--label', TEST_LABEL, '-p', `127.0.0.1:${port}:49983`,
    '--memory', '1g', '--pids-limit', '512', ...extraArgs, BASE_IMAGE)
  const url = `http://127.0.0.1:${port}`
  try {
    await waitHealthy(url)
  } catch (e) {
    const logs = await docker('logs', id).catch(() => '')
    await docker('rm', '-f', id).catch(() => undefined)
    throw new Error(`${(e as Error).message}\n${logs}`)
  }
  return { id, url, stop: async () => void (await docker('rm', '-f', id).catch(() => undefined)) }
}
