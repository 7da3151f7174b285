// Runs one template build on this node: the parent (an image with envd injected, or a template),
// the implicit `USER user true`, then each step in a build container, committing a cached layer
// after each; then the final image and a check that boots it like a sandbox. Every log line
// carries the step it belongs to ("base", "1".."N", "finalize").
import { ENVD_PORT } from '../../shared/envd.js'
import type { EnvdClient } from '../envd-client/client.js'
import type { BuildContainer, BuildRuntime } from '../runtime/types.js'
import { cachedPrefix, describe, finalKeyOf, planBuild, usableLayer, type LayerCache } from './build-plan.js'
import { StepError, type BuildJob, type BuildLog, type BuildResult } from './build-types.js'
import type { BuiltinTemplate } from './builtins.js'
import { checkTemplateBoots } from './final-check.js'
import { checkRunnable, resolveParent } from './parent.js'
import { ROOT, runStep } from './run-step.js'
import type { BuildContext } from './steps.js'
import type { TemplateRuntimeConfig } from './template-model.js'

/** What the layer cache keeps for a final image: its runtime config and its disk as measured. */
type CheckedTemplate = TemplateRuntimeConfig & { diskSizeMB?: number }

// --disable-sigusr1: no signal opens an inspector in envd (root in the sandbox can signal it).
const ENVD_ENTRYPOINT = ['/opt/sandock/bin/node', '--disable-sigusr1', '/opt/sandock/sandock.mjs', 'envd']
const KEEPALIVE = ['/opt/sandock/bin/node', '-e', 'setInterval(() => {}, 1 << 30)']

export type BuilderDeps = Readonly<{
  runtime: BuildRuntime
  envd: EnvdClient
  layers: LayerCache
  /** Where the uploads are (`<hash>.tar`). */
  filesDir: string
  /** The base template: envd is copied from its image into images that lack it; `e2bdev/base` is it. */
  base: BuiltinTemplate
  /** The sandbox network: build steps run the template author's code behind the same fences as a sandbox. */
  network: string
  /** Processes per build container (a sandbox's limit). */
  pidsLimit: number
  readyTimeoutMs: number
}>

const templateImageTag = (templateId: string, buildId: string) => `sandock/template:${templateId}-${buildId}`

export async function runBuild(
  deps: BuilderDeps,
  job: BuildJob,
  out: { log: BuildLog; signal: AbortSignal },
): Promise<BuildResult> {
  const { runtime } = deps
  const { log: emit, signal } = out
  const t0 = Date.now()
  let container: BuildContainer | undefined
  try {
    const parent = await resolveParent(deps, job, emit).catch((e: unknown) => {
      throw new StepError('base', (e as Error).message, { cause: e })
    })
    const plan = planBuild(job, parent)
    const cached = await cachedPrefix(deps, plan, parent, job.force, emit)
    signal.throwIfAborted()
    const startCmd =
      job.startCmd ??
      (job.readyCmd === undefined && job.fromTemplate !== undefined ? parent.context.startCmd : undefined)
    const readyCmd =
      job.readyCmd ??
      (job.startCmd === undefined && job.fromTemplate !== undefined ? parent.context.readyCmd : undefined)
    const tag = templateImageTag(job.templateId, job.buildId)
    // The final image of an identical, already checked build: reuse it as is.
    const finalKey = finalKeyOf(plan, startCmd, readyCmd)
    const finalHit = cached.upTo === plan.steps.length ? await usableLayer(deps, finalKey) : undefined
    if (finalHit) {
      await runtime.tag(finalHit.image, tag)
      emit(
        'info',
        'finalize',
        `CACHED [finalize] the same template was built and checked before [${finalKey.slice(0, 12)}]`,
      )
      const { diskSizeMB = 0, ...config } = finalHit.context as unknown as CheckedTemplate
      // Free space is the node's today, not the cached build's: asked for, it is measured again.
      if (!job.minFreeDiskMb) return { image: tag, config, diskSizeMB }
      const disk = await checkTemplateBoots(deps, job, tag, config, emit).catch(async (e: unknown) => {
        await runtime.removeImage(tag).catch(() => undefined)
        throw e
      })
      return { image: tag, config, ...disk }
    }

    // ---- the build container, from the last usable layer
    const injectNow = cached.upTo < 0 && parent.inject
    if (injectNow) emit('info', 'base', `Adding envd to ${parent.ref} (under /opt/sandock, off the image's PATH)`)
    container = await runtime
      .startContainer({
        image: cached.from.image,
        buildId: job.buildId,
        entrypoint: KEEPALIVE,
        cpuCount: job.cpuCount,
        memoryMB: job.memoryMB,
        network: deps.network,
        pidsLimit: deps.pidsLimit,
        beforeStart: injectNow ? (c) => c.copyFromImage(deps.base.image, '/opt/sandock', '/opt') : undefined,
      })
      .catch((e: unknown) => {
        throw new StepError('base', `cannot start a build container from ${parent.ref}: ${(e as Error).message}`, {
          cause: e,
        })
      })
    await checkRunnable(container, parent.ref)
    const shell =
      (
        await container.exec(['/bin/sh', '-c', '[ -x /bin/bash ] && echo /bin/bash || echo /bin/sh'], { user: ROOT })
      ).stdout.trim() || '/bin/sh'
    let ctx: BuildContext = structuredClone(cached.from.context)
    if (cached.upTo < 0) {
      deps.layers.cacheLayer(plan.baseKey, await container.commitLayer(), ctx)
      emit('info', 'base', `[base] ${parent.ref} ready`)
    }
    const homes = new Map<string, string>()
    const c = container
    const homeOf = async (user: string): Promise<string> => {
      if (!homes.has(user)) {
        const res = await c.exec(['/bin/sh', '-c', 'getent passwd "$1" | cut -d: -f6', 'sh', user], { user: ROOT })
        homes.set(user, res.stdout.trim() || '/')
      }
      return homes.get(user)!
    }

    // ---- steps
    for (let i = Math.max(0, cached.upTo); i < plan.steps.length; i++) {
      signal.throwIfAborted()
      const { step, label } = plan.steps[i]!
      const started = Date.now()
      emit('info', label, `[${label}] ${describe(step)}`)
      ctx = await runStep({ container, step, label, ctx, shell, filesDir: deps.filesDir, homeOf, emit, signal })
      deps.layers.cacheLayer(plan.keys[i]!, await container.commitLayer(), ctx)
      emit('debug', label, `[${label}] done in ${Date.now() - started} ms`)
    }

    // ---- final image, then the check
    signal.throwIfAborted()
    const config: TemplateRuntimeConfig = {
      user: ctx.user,
      workdir: ctx.workdir,
      envs: ctx.envs,
      startCmd,
      readyCmd,
      shell,
    }
    const finalImage = await container.commitTemplate(tag, job.templateId, [
      `ENTRYPOINT ${JSON.stringify(ENVD_ENTRYPOINT)}`,
      'CMD []',
      'USER root',
      'WORKDIR /',
      `EXPOSE ${ENVD_PORT}`,
      `ENV SANDOCK_ENVD_USER=${JSON.stringify(config.user)}`,
      `ENV SANDOCK_ENVD_WORKDIR=${JSON.stringify(config.workdir ?? '')}`,
    ])
    await container.remove()
    container = undefined
    // A final image that fails its check is no template: it goes (its step layers stay as cache).
    const disk = await checkTemplateBoots(deps, job, tag, config, emit).catch(async (e: unknown) => {
      await runtime.removeImage(tag).catch(() => undefined)
      throw e
    })
    emit('info', 'finalize', `Template ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    deps.layers.cacheLayer(finalKey, finalImage, { ...config, ...disk } satisfies CheckedTemplate)
    return { image: tag, config, ...disk }
  } finally {
    await container?.remove()
  }
}
