// Makes sure the `base` template image exists, building it from the envd bundle folder if not.
import { access } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'
import type { SandboxRuntime } from '../runtime/types.js'

const BASE_DOCKERFILE = 'base.Dockerfile'

/**
 * The folder holding the envd bundle and base.Dockerfile: beside the bundle (dist/image/sandock.mjs),
 * or dist/image seen from dist/control/templates (tsc output) or from src/control/templates.
 */
export async function findImageContext(explicit: string | undefined): Promise<string> {
  const here = dirname(fileURLToPath(import.meta.url))
  const candidates = explicit ? [explicit] : [here, join(here, '..', '..', 'image'), join(here, '..', '..', '..', 'dist', 'image')]
  for (const dir of candidates) {
    if (await access(join(dir, BASE_DOCKERFILE)).then(() => true, () => false)) return dir
  }
  throw new AppError('failed_precondition', `no ${BASE_DOCKERFILE} found in ${candidates.join(', ')} (run npm run build)`)
}

export async function ensureBaseImage(opts: { runtime: SandboxRuntime; image: string; contextDir: string | undefined; log: Logger }): Promise<void> {
  const { runtime, image, log } = opts
  if (await runtime.imageExists(image)) return
  const contextDir = await findImageContext(opts.contextDir)
  log.info({ image, contextDir }, 'building the base template image (first start)')
  const t0 = Date.now()
  await runtime.buildImage({
    contextDir,
    dockerfile: BASE_DOCKERFILE,
    tag: image,
    onLog: (line) => log.info({ image, build: line.slice(0, 500) }, 'base image build'),
  })
  log.info({ image, ms: Date.now() - t0 }, 'base template image ready')
}
