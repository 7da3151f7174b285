// Makes sure the built-in templates' images exist (the `base` one first), building each from its
// Dockerfile in the image context (the folder with the envd bundle) when missing.
import { access } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'
import type { SandboxRuntime } from '../runtime/types.js'
import type { BuiltinTemplate } from './builtins.js'

/** Every image context has it: the base template is built from it. */
const BASE_DOCKERFILE = 'base.Dockerfile'

/**
 * The folder holding the envd bundle and the built-ins' Dockerfiles: beside the bundle's entry
 * (dist/image/sandock.mjs, /opt/sandock in the server image) seen from the chunk this code is
 * bundled into (`chunks/`), or dist/image seen from dist/control/templates (tsc output) or from
 * src/control/templates. `here` is this module's folder.
 */
export async function findImageContext(explicit: string | undefined, here = dirname(fileURLToPath(import.meta.url))): Promise<string> {
  const candidates = explicit ? [explicit] : [here, join(here, '..'), join(here, '..', '..', 'image'), join(here, '..', '..', '..', 'dist', 'image')]
  for (const dir of candidates) {
    if (await access(join(dir, BASE_DOCKERFILE)).then(() => true, () => false)) return dir
  }
  throw new AppError('failed_precondition', `no ${BASE_DOCKERFILE} found in ${candidates.join(', ')} (run npm run build)`)
}

export async function ensureBuiltinImages(opts: { runtime: SandboxRuntime; builtins: readonly BuiltinTemplate[]; contextDir: string | undefined; log: Logger }): Promise<void> {
  const { runtime, log } = opts
  for (const { name, image, dockerfile } of opts.builtins) {
    if (await runtime.imageExists(image)) continue
    const contextDir = await findImageContext(opts.contextDir)
    log.info({ template: name, image, contextDir }, 'building a built-in template image (first start)')
    const t0 = Date.now()
    await runtime.buildImage({
      contextDir,
      dockerfile,
      tag: image,
      onLog: (line) => log.info({ image, build: line.slice(0, 500) }, 'built-in template image build'),
    })
    log.info({ template: name, image, ms: Date.now() - t0 }, 'built-in template image ready')
  }
}
