// The derived built-in templates' images for the suites that use them, made as an operator makes
// them ahead of time: `sandock templates build-builtin <name>` (the same code and content-hash tag
// as `sandock serve`'s background build). Minutes the first time for a content hash, ~1 s after.
// Test servers run with SANDOCK_BUILD_BUILTINS=off and find the image on their next create.
import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { BASE_IMAGE } from './docker.js'

const run = promisify(execFile)
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** beforeAll budget of a suite that may build an image (after any change to the envd bundle). */
export const IMAGE_BUILD_TIMEOUT_MS = 15 * 60_000

const built = new Map<string, Promise<string>>()

/** The image tag of built-in `name`, built when missing. */
export function ensureBuiltinImage(name: 'code-interpreter-v1' | 'desktop' | 'mcp-gateway'): Promise<string> {
  let p = built.get(name)
  if (!p) {
    p = run(process.execPath, [join(ROOT, 'dist', 'image', 'sandock.mjs'), 'templates', 'build-builtin', name], {
      cwd: ROOT,
      env: { ...process.env, SANDOCK_BASE_TEMPLATE_IMAGE: BASE_IMAGE, SANDOCK_LOG_LEVEL: 'info' },
      maxBuffer: 256 * 1024 * 1024,
    }).then(
      ({ stdout }) => {
        const line = stdout.split('\n').find((l) => l.startsWith(`${name} `))
        if (!line) throw new Error(`sandock templates build-builtin ${name} printed no image:\n${stdout}`)
        return line.slice(name.length + 1).trim()
      },
      (e: Error & { stderr?: string }) => {
        built.delete(name)
        throw new Error(
          `sandock templates build-builtin ${name} failed: ${e.message}\n${(e.stderr ?? '').slice(-4000)}`,
        )
      },
    )
    built.set(name, p)
  }
  return p
}
