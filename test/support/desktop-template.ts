// The `desktop` template for the @e2b/desktop tests, made usable as an E2B user would: the image
// from docker/desktop.Dockerfile (scripts/build-desktop-image.mjs, tagged by content hash, built
// only when missing), then registered on a server with the official SDK's Template.build
// (fromImage of the local tag: Sandock's builder uses a local image without pulling).
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { Template } from 'e2b'
import { docker } from './docker.js'
import type { ServerInfo } from './control-server.js'

const run = promisify(execFile)

/** Resources of a desktop sandbox: XFCE plus Firefox need more than the 1 GiB default. */
export const DESKTOP_CPU_COUNT = 2
export const DESKTOP_MEMORY_MB = 2048

let image: Promise<string> | undefined

/** The desktop image's tag; builds it on first use in this process when the tag is missing (minutes). */
export function ensureDesktopImage(): Promise<string> {
  image ??= run(process.execPath, ['scripts/build-desktop-image.mjs'], { maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout }) => stdout.trim().split('\n').at(-1)!,
    (e: Error & { stderr?: string }) => {
      image = undefined
      throw new Error(`building the desktop image failed: ${e.message}\n${(e.stderr ?? '').slice(-4000)}`)
    },
  )
  return image
}

/**
 * Registers `name` (default `desktop`, @e2b/desktop's default template) on `server` from the
 * local desktop image, as a user would: user `user`, workdir /home/user, no start command (the SDK
 * starts Xvfb and XFCE itself).
 */
export async function registerDesktopTemplate(server: Pick<ServerInfo, 'apiKey' | 'apiUrl'>, name = 'desktop'): Promise<void> {
  const tag = await ensureDesktopImage()
  await Template.build(Template().fromImage(tag).setUser('user').setWorkdir('/home/user'), name, {
    apiKey: server.apiKey, apiUrl: server.apiUrl, cpuCount: DESKTOP_CPU_COUNT, memoryMB: DESKTOP_MEMORY_MB,
  })
}

/** Deletes the template and the step layers its build left on `server` (its final image goes with it). */
export async function removeDesktopTemplate(server: Pick<ServerInfo, 'apiKey' | 'apiUrl' | 'dataDir'>, name = 'desktop'): Promise<void> {
  await fetch(`${server.apiUrl}/templates/${name}`, { method: 'DELETE', headers: { 'x-api-key': server.apiKey } }).catch(() => undefined)
  const instance = (await readFile(join(server.dataDir, 'instance-id'), 'utf8').catch(() => '')).trim()
  if (!instance) return
  // Only layers derived from the desktop image (they inherit its label), not other tests' layers.
  const ids = (await docker('images', '-q', '--filter', `label=sandock.instance=${instance}`, '--filter', 'label=sandock.layer',
    '--filter', 'label=sandock.desktop.base')).split('\n').filter(Boolean)
  if (ids.length) await docker('rmi', '-f', ...new Set(ids)).catch(() => undefined)
}
