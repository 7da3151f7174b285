// A build's parent: a template (resolved by the catalog), Sandock's base for the SDK's default
// image, or any image (local, else pulled) into which envd is copied when it lacks it; and the
// check that envd can run in it.
import type { BuildContainer, BuildRuntime } from '../runtime/types.js'
import type { BuildJob, BuildLog } from './build-types.js'
import type { BuiltinTemplate } from './builtins.js'
import { ROOT } from './run-step.js'
import { StepError } from './build-types.js'
import type { BuildContext } from './steps.js'
import type { TemplateRuntimeConfig } from './template-model.js'

/** The image the SDK asks for when a template names no base (`Template()` / `fromBaseImage()`). */
const SDK_DEFAULT_IMAGE = /^(docker\.io\/)?e2bdev\/base(:latest)?$/
/** Image env that belongs to the image or to envd, not to the template's commands. */
const NOT_TEMPLATE_ENV = /^(PATH|HOME|HOSTNAME|SANDOCK_ENVD_[A-Z_]+)$/

export type Parent = Readonly<{
  ref: string
  image: string
  imageId: string
  envdImageId: string
  /** The image lacks envd: copy it in. */
  inject: boolean
  /** Built by Sandock (a template, or an image with envd): it keeps its user. */
  isSandockImage: boolean
  context: BuildContext & { startCmd?: string; readyCmd?: string }
}>

export async function resolveParent(
  deps: { runtime: BuildRuntime; base: BuiltinTemplate },
  job: BuildJob,
  emit: BuildLog,
): Promise<Parent> {
  const { runtime, base } = deps
  const envd = await runtime.imageInfo(base.image)
  if (!envd) throw new Error(`the base template image ${base.image} is missing`)
  const fromConfig = (ref: string, image: string, imageId: string, config: TemplateRuntimeConfig): Parent => ({
    ref,
    image,
    imageId,
    envdImageId: envd.id,
    inject: false,
    isSandockImage: true,
    context: {
      user: config.user,
      workdir: config.workdir,
      envs: { ...config.envs },
      startCmd: config.startCmd,
      readyCmd: config.readyCmd,
    },
  })
  if (job.fromTemplate !== undefined) {
    const t = job.fromTemplate
    const info = await runtime.imageInfo(t.image)
    if (!info) throw new Error(`the image of template '${t.ref}' is missing`)
    emit('info', 'base', `FROM template ${t.ref}`)
    return fromConfig(t.ref, t.image, info.id, t.config)
  }
  const ref = job.fromImage!
  if (SDK_DEFAULT_IMAGE.test(ref)) {
    emit('info', 'base', `FROM ${ref} (Sandock's base template)`)
    return fromConfig(ref, base.image, envd.id, base.config)
  }
  let info = await runtime.imageInfo(ref)
  if (!info) {
    emit('info', 'base', `Pulling ${ref}`)
    // compat: upstream's text for a failed pull, then Docker's reason.
    await runtime
      .pull(ref, job.registry, (line) => emit('debug', 'base', line))
      .catch((e: unknown) => {
        throw new StepError('base', `error pulling image: ${(e as Error).message}`, { cause: e })
      })
    info = await runtime.imageInfo(ref)
    if (!info) throw new Error(`image '${ref}' is not available after the pull`)
  } else emit('info', 'base', `FROM ${ref} (local image ${info.id.slice(7, 19)})`)
  const envs: Record<string, string> = {}
  for (const kv of info.env) {
    const i = kv.indexOf('=')
    const k = i < 0 ? kv : kv.slice(0, i)
    if (!NOT_TEMPLATE_ENV.test(k)) envs[k] = i < 0 ? '' : kv.slice(i + 1)
  }
  const hasEnvd = info.hasEnvd || info.id === envd.id
  return {
    ref,
    image: ref,
    imageId: info.id,
    envdImageId: envd.id,
    inject: !hasEnvd,
    isSandockImage: hasEnvd,
    context: { user: 'root', workdir: undefined, envs },
  }
}

/** envd's node must run in the image: it needs glibc (and steps need /bin/sh). */
export async function checkRunnable(c: BuildContainer, ref: string): Promise<void> {
  const probe = await c
    .exec(['/opt/sandock/bin/node', '-e', '0'], { user: ROOT })
    .catch((e: unknown) => ({ exitCode: -1, stdout: (e as Error).message }))
  if (probe.exitCode === 0 && (await c.running())) {
    const sh = await c.exec(['/bin/sh', '-c', 'true'], { user: ROOT }).catch(() => ({ exitCode: -1 }))
    if (sh.exitCode !== 0)
      throw new StepError('base', `image '${ref}' has no /bin/sh: template steps and envd need a shell`)
    return
  }
  const logs = await c.logs()
  throw new StepError(
    'base',
    `envd cannot run in image '${ref}': it needs a glibc-based Linux image (Alpine, musl, static and distroless images are not supported)${logs ? `: ${logs.split('\n').slice(-3).join(' ')}` : ''}`,
  )
}
