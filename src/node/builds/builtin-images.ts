// The built-in templates' images and whether each is ready. `base` comes first and a start waits
// for it (every build copies envd from it); the derived ones (code-interpreter-v1, desktop, mcp-gateway) are
// tagged `<repository>:<content hash>` of their build folder and the base image's id, so an
// unchanged server finds them at once and a changed one rebuilds exactly what changed. A start
// builds the missing ones in the background, one at a time, with their progress in the log; until
// one is ready a create from it answers 503 saying so. `sandock templates build-builtin` runs the
// same builds ahead of time.
import { createHash } from 'node:crypto'
import { access, readdir, readFile, stat } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'
import { settlesWithin } from '../../shared/settles-within.js'
import type { BuildRuntime, SandboxRuntime } from '../runtime/types.js'
import { baseTemplate, type BuiltinTemplate } from './builtins.js'

/** Every image context has it: the base template is built from it. */
const BASE_DOCKERFILE = 'base.Dockerfile'
/** Labels of a derived built-in's image: which one, and from which base tag (older builds of the pair are removed). */
const BUILTIN_LABEL = 'sandock.builtin'
const BUILTIN_BASE_LABEL = 'sandock.builtin.base'
/** How long a create right after the start waits for the look at the derived built-ins' images. */
const STARTING_WAIT_MS = 10_000

export type BuiltinImageState =
  | { state: 'ready'; image: string }
  | { state: 'building'; image: string; since: number }
  /** Not built (SANDOCK_BUILD_BUILTINS=off): looked for again on the next create. */
  | { state: 'missing'; reason: string }
  /** Its build failed, or the server is still starting. */
  | { state: 'unavailable'; reason: string }

export type BuildBuiltinsMode = 'auto' | 'off'

type Runtime = Pick<SandboxRuntime, 'imageExists' | 'buildImage' | 'imageTagsByLabel' | 'removeImage'> &
  Pick<BuildRuntime, 'imageInfo'>

export type BuiltinImages = ReturnType<typeof createBuiltinImages>

/**
 * The folder holding the envd bundle and base.Dockerfile: beside the bundle's entry
 * (dist/image/sandock.mjs, /opt/sandock in the server image) seen from the chunk this code is
 * bundled into (`chunks/`), or dist/image seen from dist/node/builds (tsc output) or from
 * src/node/builds. `here` is this module's folder. The derived built-ins' folders are in
 * `builtins/` beside it.
 */
export async function findImageContext(
  explicit?: string,
  here = dirname(fileURLToPath(import.meta.url)),
): Promise<string> {
  const candidates = explicit
    ? [explicit]
    : [here, join(here, '..'), join(here, '..', '..', 'image'), join(here, '..', '..', '..', 'dist', 'image')]
  for (const dir of candidates) {
    if (
      await access(join(dir, BASE_DOCKERFILE)).then(
        () => true,
        () => false,
      )
    )
      return dir
  }
  throw new AppError(
    'failed_precondition',
    `no ${BASE_DOCKERFILE} found in ${candidates.join(', ')} (run npm run build)`,
  )
}

const builtinsDirOf = (imageContext: string) => join(imageContext, '..', 'builtins')

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort()
}

/** sha256 over the base image's id and each file of `dir` (path, executable bit, length, bytes): 16 hex digits. */
export async function contentHash(dir: string, baseImageId: string): Promise<string> {
  const h = createHash('sha256').update(`base\0${baseImageId}\0`)
  for (const f of await filesOf(dir)) {
    const [data, st] = await Promise.all([readFile(f), stat(f)])
    // Executable bits matter to COPY; mtimes and owners do not.
    h.update(`${relative(dir, f)}\0${st.mode & 0o111 ? 'x' : '-'}\0${data.length}\0`).update(data)
  }
  return h.digest('hex').slice(0, 16)
}

/** A build's log lines: Docker's "Step n/m : …" lines are the progress (info); the steps' own output is detail. */
function buildLogger(log: Logger, name: string, image: string) {
  return (line: string) => {
    if (/^Step \d+\/\d+ :/.test(line))
      log.info({ template: name, image, step: line.slice(0, 300) }, 'built-in template build')
    else log.debug({ template: name, image, build: line.slice(0, 500) }, 'built-in template build')
  }
}

/** The tag a derived built-in has for its current build folder and base image, and that folder. */
async function derivedTag(
  runtime: Runtime,
  baseImage: string,
  imageContext: () => Promise<string>,
  b: BuiltinTemplate,
): Promise<{ tag: string; dir: string }> {
  const baseInfo = await runtime.imageInfo(baseImage)
  if (!baseInfo) throw new AppError('failed_precondition', `the base template image ${baseImage} is missing`)
  const dir = join(builtinsDirOf(await imageContext()), b.name)
  if (
    !(await access(join(dir, 'Dockerfile')).then(
      () => true,
      () => false,
    ))
  ) {
    throw new AppError(
      'failed_precondition',
      `no Dockerfile for the built-in template '${b.name}' in ${dir} (run npm run build)`,
    )
  }
  return { tag: `${b.image}:${await contentHash(dir, baseInfo.id)}`, dir }
}

const notBuilt = (name: string) =>
  `the built-in template '${name}' is not built on this server: run 'sandock templates build-builtin ${name}' or start the server with SANDOCK_BUILD_BUILTINS=auto`

export function createBuiltinImages(deps: {
  runtime: Runtime
  builtins: readonly BuiltinTemplate[]
  log: Logger
  imageContext?: string
}) {
  const { runtime, builtins } = deps
  const log = deps.log.child({ component: 'builtins' })
  const base = baseTemplate(builtins)
  const states = new Map<string, BuiltinImageState>(
    builtins.map((b) => [
      b.name,
      {
        state: 'unavailable',
        reason: `the built-in template '${b.name}' is not ready yet: the server is still starting`,
      },
    ]),
  )
  let context: Promise<string> | undefined
  /** Settles when the first ensureDerived has looked at every derived built-in's image (before any build); none before it runs. */
  let looking: Promise<void> | undefined
  const imageContext = () => (context ??= findImageContext(deps.imageContext))

  const tagOf = (b: BuiltinTemplate) => derivedTag(runtime, base.image, imageContext, b)

  async function ensureBase(): Promise<void> {
    if (!(await runtime.imageExists(base.image))) {
      const contextDir = await imageContext()
      log.info(
        { template: base.name, image: base.image, contextDir },
        'building a built-in template image (first start)',
      )
      const t0 = Date.now()
      states.set(base.name, { state: 'building', image: base.image, since: t0 })
      await runtime.buildImage({
        contextDir,
        dockerfile: BASE_DOCKERFILE,
        tag: base.image,
        onLog: buildLogger(log, base.name, base.image),
      })
      log.info({ template: base.name, image: base.image, ms: Date.now() - t0 }, 'built-in template image ready')
    }
    states.set(base.name, { state: 'ready', image: base.image })
  }

  async function build(b: BuiltinTemplate, tag: string, dir: string): Promise<void> {
    const t0 = Date.now()
    states.set(b.name, { state: 'building', image: tag, since: t0 })
    log.info(
      { template: b.name, image: tag },
      'building a built-in template image (minutes; creates from it answer 503 until it is ready)',
    )
    try {
      await runtime.buildImage({
        contextDir: dir,
        dockerfile: 'Dockerfile',
        tag,
        buildArgs: { BASE_TEMPLATE_IMAGE: base.image },
        labels: { [BUILTIN_LABEL]: b.name, [BUILTIN_BASE_LABEL]: base.image },
        onLog: buildLogger(log, b.name, tag),
      })
    } catch (e) {
      const reason = `the built-in template '${b.name}' could not be built: ${(e as Error).message}`
      states.set(b.name, { state: 'unavailable', reason })
      log.error({ template: b.name, image: tag, err: e }, 'built-in template build failed')
      return
    }
    states.set(b.name, { state: 'ready', image: tag })
    log.info({ template: b.name, image: tag, ms: Date.now() - t0 }, 'built-in template image ready')
    // Earlier builds from the same base tag are stale now (a derived image is ~1-2 GB); one a
    // sandbox still uses stays (removeImage answers in_use).
    const [ofTemplate, ofBase] = await Promise.all([
      runtime.imageTagsByLabel(BUILTIN_LABEL, b.name),
      runtime.imageTagsByLabel(BUILTIN_BASE_LABEL, base.image),
    ]).catch((): string[][] => [[], []])
    for (const old of ofTemplate) {
      if (old !== tag && old.startsWith(`${b.image}:`) && ofBase.includes(old))
        await runtime.removeImage(old).catch(() => undefined)
    }
  }

  /**
   * Finds each derived built-in's image, then builds the missing ones (mode auto) one after
   * another. The looking takes moments and comes first, so a create right after the start gets
   * the answer (ready, or how to build it) instead of "still starting".
   */
  async function ensureDerived(mode: BuildBuiltinsMode, only?: readonly string[]): Promise<void> {
    const look = lookForDerived(mode, only)
    looking ??= look.then(
      () => undefined,
      () => undefined,
    )
    for (const { b, tag, dir } of await look) await build(b, tag, dir)
  }

  /** Each derived built-in's state from its image (ready, missing, unavailable), and the ones to build. */
  async function lookForDerived(mode: BuildBuiltinsMode, only?: readonly string[]) {
    const queued: { b: BuiltinTemplate; tag: string; dir: string }[] = []
    for (const b of builtins) {
      if (!b.derived || (only && !only.includes(b.name))) continue
      let found: { tag: string; dir: string }
      try {
        found = await tagOf(b)
      } catch (e) {
        states.set(b.name, {
          state: 'unavailable',
          reason: `the built-in template '${b.name}' is unavailable: ${(e as Error).message}`,
        })
        log.error({ template: b.name, err: e }, 'built-in template unavailable')
        continue
      }
      if (await runtime.imageExists(found.tag)) states.set(b.name, { state: 'ready', image: found.tag })
      else if (mode === 'auto') {
        states.set(b.name, { state: 'building', image: found.tag, since: Date.now() })
        queued.push({ b, ...found })
      } else states.set(b.name, { state: 'missing', reason: notBuilt(b.name) })
    }
    return queued
  }

  return {
    state(name: string): BuiltinImageState | undefined {
      return states.get(name)
    },
    ensureBase,
    ensureDerived,
    /**
     * Looks again for a derived built-in that was not built when the server started (built since
     * by `sandock templates build-builtin`); a build in progress or a failed one is left as it is.
     */
    async refresh(name: string): Promise<void> {
      const b = builtins.find((x) => x.name === name)
      // Just started: the start's look at the images takes moments (nothing to wait for before it runs).
      if (b?.derived && looking) await settlesWithin(looking, STARTING_WAIT_MS)
      if (!b?.derived || states.get(name)?.state !== 'missing') return
      const found = await tagOf(b).catch(() => undefined)
      if (found && (await runtime.imageExists(found.tag))) states.set(name, { state: 'ready', image: found.tag })
    },
  }
}
