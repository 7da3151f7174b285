// Runs one template build: the base (an image with envd injected, or another template), the
// implicit `USER user true`, then each step in a build container, committing a cached layer after
// each; then the final image and a check that boots it like a sandbox and waits for its ready
// command. Every log line carries the step it belongs to ("base", "1".."N", "finalize").
import { join } from 'node:path'
import { ENVD_PORT } from '../../shared/envd.js'
import { AppError } from '../../shared/errors.js'
import type { BuildContainer, BuildRuntime } from '../runtime/types.js'
import { bringUp } from '../envd/bring-up.js'
import type { EnvdClient } from '../envd/client.js'
import { cacheKey, copySource, COPY_SCRIPT, envExpansionScript, resolveIn, USER_SCRIPT, WORKDIR_SCRIPT, type BuildContext, type Step } from './steps.js'
import type { LogLevel, TemplateStore } from './template-store.js'
import type { TemplateRuntimeConfig } from './types.js'

export const ENVD_ENTRYPOINT = ['/opt/sandock/bin/node', '/opt/sandock/sandock.mjs', 'envd']
/** uid 0, not `root`: an image may have no passwd file at all. */
const ROOT = '0'
const KEEPALIVE = ['/opt/sandock/bin/node', '-e', 'setInterval(() => {}, 1 << 30)']
/** The image the SDK asks for when a template names no base (`Template()` / `fromBaseImage()`). */
export const SDK_DEFAULT_IMAGE = /^(docker\.io\/)?e2bdev\/base(:latest)?$/
/** Image env that belongs to the image or to envd, not to the template's commands. */
const NOT_TEMPLATE_ENV = /^(PATH|HOME|HOSTNAME|SANDOCK_ENVD_[A-Z_]+)$/

export type BuildRequest = Readonly<{
  steps: readonly Step[]
  fromImage: string | undefined
  fromTemplate: string | undefined
  registry: { username: string; password: string; serveraddress?: string } | undefined
  force: boolean
  startCmd: string | undefined
  readyCmd: string | undefined
}>

/** A template as a build parent or a sandbox source. */
export type TemplateImage = Readonly<{ image: string; config: TemplateRuntimeConfig }>

export type BuilderDeps = Readonly<{
  runtime: BuildRuntime
  store: TemplateStore
  filesDir: string
  /** The base template image: envd is copied from it into images that lack it. */
  baseImage: string
  /** Runtime config of the base template (the parent of `fromTemplate('base')` and of e2bdev/base). */
  baseConfig: TemplateRuntimeConfig
  resolveTemplate: (ref: string) => Promise<TemplateImage>
  envd: EnvdClient
  network: string
  readyTimeoutMs: number
}>

/** A failure at a step: the SDK maps `step` to the user's stack frame. */
export class StepError extends AppError {
  constructor(readonly step: string, message: string, opts: { cause?: unknown } = {}) {
    super('failed_precondition', message, opts)
  }
}

export const templateImageTag = (templateId: string, buildId: string) => `sandock/template:${templateId}-${buildId}`

export async function runBuild(deps: BuilderDeps, build: { buildId: string; templateId: string; cpuCount: number; memoryMB: number }, req: BuildRequest, signal: AbortSignal): Promise<void> {
  const { runtime, store } = deps
  const emit = (level: LogLevel, step: string, message: string) => store.appendLogs(build.buildId, [{ timestamp: new Date().toISOString(), level, message, step }])
  const t0 = Date.now()
  let container: BuildContainer | undefined
  let check: BuildContainer | undefined
  try {
    // ---- base
    emit('info', 'base', `Building template ${build.templateId} (build ${build.buildId})`)
    const parent = await resolveParent(deps, req, emit).catch((e: unknown) => {
      throw new StepError('base', (e as Error).message, { cause: e })
    })
    const baseKey = cacheKey('base', { type: 'RUN', args: [parent.imageId, parent.inject ? parent.envdImageId : ''], filesHash: undefined })
    // The implicit first step of template format v2.1.0 (images only: a template keeps its user).
    const implicit: Step[] = req.fromImage !== undefined && !parent.isSandockImage ? [{ type: 'USER', args: ['user', 'true'], filesHash: undefined, force: false }] : []
    const plan = [...implicit.map((s) => ({ step: s, label: 'base' })), ...req.steps.map((s, i) => ({ step: s, label: String(i + 1) }))]
    const keys: string[] = []
    for (const [i, p] of plan.entries()) keys.push(cacheKey(i === 0 ? baseKey : keys[i - 1]!, p.step))

    // Longest usable cached prefix: -1 = not even the base layer.
    let cachedUpTo = -1
    let from = { image: parent.image, context: parent.context }
    const firstForced = req.force ? -1 : plan.findIndex((p) => p.step.force)
    const usable = async (key: string) => {
      const hit = store.cachedLayer<BuildContext>(key)
      if (!hit) return undefined
      if (await runtime.imageInfo(hit.image)) return hit
      store.forgetLayer(key) // pruned by someone: rebuild it
      return undefined
    }
    if (!req.force) {
      const baseHit = parent.inject ? await usable(baseKey) : { image: parent.image, context: parent.context }
      if (baseHit) {
        from = baseHit
        cachedUpTo = 0
        if (parent.inject) emit('info', 'base', `CACHED [base] envd layer [${baseKey.slice(0, 12)}]`)
        for (const [i, p] of plan.entries()) {
          if (firstForced >= 0 && i >= firstForced) break
          const hit = await usable(keys[i]!)
          if (!hit) break
          from = hit
          cachedUpTo = i + 1
          emit('info', p.label, `CACHED [${p.label}] ${describe(p.step)} [${keys[i]!.slice(0, 12)}]`)
        }
      }
    }
    signal.throwIfAborted()
    const startCmd = req.startCmd ?? (req.readyCmd === undefined && req.fromTemplate !== undefined ? parent.context.startCmd : undefined)
    const readyCmd = req.readyCmd ?? (req.startCmd === undefined && req.fromTemplate !== undefined ? parent.context.readyCmd : undefined)
    const tag = templateImageTag(build.templateId, build.buildId)
    // The final image of an identical, already checked build: reuse it as is.
    const finalKey = cacheKey(keys.at(-1) ?? baseKey, { type: 'RUN', args: ['finalize', startCmd ?? '', readyCmd ?? ''], filesHash: undefined })
    const finalHit = cachedUpTo === plan.length ? await usable(finalKey) : undefined
    if (finalHit) {
      await runtime.tag(finalHit.image, tag)
      emit('info', 'finalize', `CACHED [finalize] the same template was built and checked before [${finalKey.slice(0, 12)}]`)
      store.finishBuild(build.buildId, tag, finalHit.context as unknown as TemplateRuntimeConfig)
      return
    }

    // ---- the build container, from the last usable layer
    const injectNow = cachedUpTo < 0 && parent.inject
    if (injectNow) emit('info', 'base', `Adding envd to ${parent.ref} (under /opt/sandock, off the image's PATH)`)
    container = await runtime.startContainer({
      image: from.image, buildId: build.buildId, entrypoint: KEEPALIVE, cpuCount: build.cpuCount, memoryMB: build.memoryMB,
      beforeStart: injectNow ? (c) => c.copyFromImage(deps.baseImage, '/opt/sandock', '/opt') : undefined,
    }).catch((e: unknown) => {
      throw new StepError('base', `cannot start a build container from ${parent.ref}: ${(e as Error).message}`, { cause: e })
    })
    await checkRunnable(container, parent.ref)
    const shell = (await container.exec(['/bin/sh', '-c', '[ -x /bin/bash ] && echo /bin/bash || echo /bin/sh'], { user: ROOT })).stdout.trim() || '/bin/sh'
    let ctx: BuildContext = structuredClone(from.context)
    if (cachedUpTo < 0) {
      store.cacheLayer(baseKey, await container.commitLayer(), ctx)
      emit('info', 'base', `[base] ${parent.ref} ready`)
    }
    const homes = new Map<string, string>()
    const homeOf = async (user: string): Promise<string> => {
      if (!homes.has(user)) {
        const out = await container!.exec(['/bin/sh', '-c', 'getent passwd "$1" | cut -d: -f6', 'sh', user], { user: ROOT })
        homes.set(user, out.stdout.trim() || '/')
      }
      return homes.get(user)!
    }

    // ---- steps
    for (let i = Math.max(0, cachedUpTo); i < plan.length; i++) {
      signal.throwIfAborted()
      const { step, label } = plan[i]!
      const started = Date.now()
      emit('info', label, `[${label}] ${describe(step)}`)
      ctx = await runStep({ container, step, label, ctx, shell, deps, homeOf, emit, signal })
      store.cacheLayer(keys[i]!, await container.commitLayer(), ctx)
      emit('debug', label, `[${label}] done in ${Date.now() - started} ms`)
    }

    // ---- final image
    signal.throwIfAborted()
    const config: TemplateRuntimeConfig = { user: ctx.user, workdir: ctx.workdir, envs: ctx.envs, startCmd, readyCmd, shell }
    const finalImage = await container.commitTemplate(tag, build.templateId, [
      `ENTRYPOINT ${JSON.stringify(ENVD_ENTRYPOINT)}`, 'CMD []', 'USER root', 'WORKDIR /', `EXPOSE ${ENVD_PORT}`,
      `ENV SANDOCK_ENVD_USER=${JSON.stringify(config.user)}`, `ENV SANDOCK_ENVD_WORKDIR=${JSON.stringify(config.workdir ?? '')}`,
    ])
    await container.remove()
    container = undefined

    // ---- finalize: boot it as a sandbox would, run the start command, wait until ready
    emit('info', 'finalize', 'Checking the template boots: envd, start command, ready command')
    check = await runtime.startContainer({ image: tag, buildId: build.buildId, network: deps.network, cpuCount: build.cpuCount, memoryMB: build.memoryMB })
    const checked = check
    try {
      await bringUp(deps.envd, {
        start: async () => {
          const ip = await checked.ip()
          if (!ip) throw new Error(`the check container has no address on network ${deps.network}`)
          return { containerId: checked.id, ip }
        },
        init: { envVars: config.envs },
        commands: {
          user: config.user, workdir: config.workdir, shell, startCmd,
          // Upstream's default for the build's check only; a create with no ready command waits for nothing.
          readyCmd: readyCmd ?? (startCmd ? 'sleep 20' : undefined),
          readyTimeoutMs: deps.readyTimeoutMs, maxIntervalMs: 2000,
          onStep: (step, cmd) => emit('info', 'finalize', step === 'start' ? `Starting: ${cmd}` : `Waiting for: ${cmd}`),
        },
      })
    } catch (e) {
      const logs = await check.logs()
      throw new StepError('finalize', `the template does not start: ${(e as Error).message}${logs ? `\n${logs.slice(-1000)}` : ''}`, { cause: e })
    }
    emit('info', 'finalize', `Template ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    store.cacheLayer(finalKey, finalImage, config)
    store.finishBuild(build.buildId, tag, config)
  } finally {
    await Promise.all([container?.remove(), check?.remove()])
  }
}

type Emit = (level: LogLevel, step: string, message: string) => void

const describe = (s: Step) => `${s.type} ${s.args.join(' ')}`.trim().slice(0, 500)

type Parent = {
  ref: string
  image: string
  imageId: string
  envdImageId: string
  /** The image lacks envd: copy it in. */
  inject: boolean
  isSandockImage: boolean
  context: BuildContext & { startCmd?: string; readyCmd?: string }
}

async function resolveParent(deps: BuilderDeps, req: BuildRequest, emit: Emit): Promise<Parent> {
  const { runtime } = deps
  const envd = await runtime.imageInfo(deps.baseImage)
  if (!envd) throw new Error(`the base template image ${deps.baseImage} is missing`)
  const fromConfig = (ref: string, image: string, imageId: string, config: TemplateRuntimeConfig): Parent => ({
    ref, image, imageId, envdImageId: envd.id, inject: false, isSandockImage: true,
    context: { user: config.user, workdir: config.workdir, envs: { ...config.envs }, startCmd: config.startCmd, readyCmd: config.readyCmd },
  })
  if (req.fromTemplate !== undefined) {
    const t = await deps.resolveTemplate(req.fromTemplate)
    const info = await runtime.imageInfo(t.image)
    if (!info) throw new Error(`the image of template '${req.fromTemplate}' is missing`)
    emit('info', 'base', `FROM template ${req.fromTemplate}`)
    return fromConfig(req.fromTemplate, t.image, info.id, t.config)
  }
  const ref = req.fromImage!
  if (SDK_DEFAULT_IMAGE.test(ref)) {
    emit('info', 'base', `FROM ${ref} (Sandock's base template)`)
    return fromConfig(ref, deps.baseImage, envd.id, deps.baseConfig)
  }
  let info = await runtime.imageInfo(ref)
  if (!info) {
    emit('info', 'base', `Pulling ${ref}`)
    await runtime.pull(ref, req.registry, (line) => emit('debug', 'base', line))
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
  return { ref, image: ref, imageId: info.id, envdImageId: envd.id, inject: !hasEnvd, isSandockImage: hasEnvd, context: { user: 'root', workdir: undefined, envs } }
}

/** envd's node must run in the image: it needs glibc. */
async function checkRunnable(c: BuildContainer, ref: string): Promise<void> {
  const probe = await c.exec(['/opt/sandock/bin/node', '-e', '0'], { user: ROOT }).catch((e: unknown) => ({ exitCode: -1, stdout: (e as Error).message }))
  if (probe.exitCode === 0 && (await c.running())) {
    const sh = await c.exec(['/bin/sh', '-c', 'true'], { user: ROOT }).catch(() => ({ exitCode: -1 }))
    if (sh.exitCode !== 0) throw new StepError('base', `image '${ref}' has no /bin/sh: template steps and envd need a shell`)
    return
  }
  const logs = await c.logs()
  throw new StepError('base', `envd cannot run in image '${ref}': it needs a glibc-based Linux image (Alpine, musl, static and distroless images are not supported)${logs ? `: ${logs.split('\n').slice(-3).join(' ')}` : ''}`)
}

type StepRun = {
  container: BuildContainer
  step: Step
  label: string
  ctx: BuildContext
  shell: string
  deps: BuilderDeps
  homeOf: (user: string) => Promise<string>
  emit: Emit
  signal: AbortSignal
}

async function runStep(r: StepRun): Promise<BuildContext> {
  const { container, step, ctx, label, emit, signal } = r
  const fail = (message: string): never => {
    throw new StepError(label, message)
  }
  const asRoot = async (script: string, args: string[]) => {
    const res = await container.exec(['/bin/sh', '-c', script, 'sh', ...args], { user: ROOT, signal, onLine: (l) => emit(l ? 'info' : 'debug', label, l) })
    if (res.exitCode !== 0) fail(`${step.type} failed (exit code ${res.exitCode})`)
  }
  switch (step.type) {
    case 'RUN': {
      const user = step.args[1] || ctx.user
      const workdir = ctx.workdir ?? (await r.homeOf(user))
      const argv = r.shell.endsWith('bash') ? [r.shell, '-l', '-c', step.args[0]!] : [r.shell, '-c', step.args[0]!]
      const res = await container.exec(argv, { user, workdir, env: ctx.envs, signal, onLine: (l, s) => emit(s === 'stderr' ? 'warn' : 'info', label, l) })
      if (res.exitCode !== 0) fail(`RUN failed: '${step.args[0]!.slice(0, 200)}' exited with code ${res.exitCode}`)
      return ctx
    }
    case 'USER': {
      await asRoot(USER_SCRIPT, [step.args[0]!, step.args[1] === 'true' ? 'true' : ''])
      return { ...ctx, user: step.args[0]! }
    }
    case 'WORKDIR': {
      const dir = resolveIn(ctx.workdir ?? '/', step.args[0]!).replace(/(.)\/$/, '$1')
      await asRoot(WORKDIR_SCRIPT, [dir, ctx.user])
      return { ...ctx, workdir: dir }
    }
    case 'ENV': {
      const names = step.args.filter((_, i) => i % 2 === 0)
      const values = step.args.filter((_, i) => i % 2 === 1)
      const res = await container.exec(['/bin/sh', '-c', envExpansionScript(values)], { user: ctx.user, workdir: ctx.workdir, env: ctx.envs, signal })
      const expanded = res.stdout.split('\0').slice(0, values.length)
      if (res.exitCode !== 0 || expanded.length !== values.length) fail(`ENV: expanding the values failed (exit code ${res.exitCode})`)
      const envs = { ...ctx.envs }
      names.forEach((n, i) => (envs[n] = expanded[i]!))
      return { ...ctx, envs }
    }
    case 'COPY': {
      const stage = `/tmp/.sandock-copy-${label}`
      await asRoot('rm -rf "$1" && mkdir -p "$1"', [stage])
      await container.putArchive(join(r.deps.filesDir, `${step.filesHash}.tar`), stage).catch((e: unknown) => fail(`COPY: unpacking the upload failed: ${(e as Error).message}`))
      const src = copySource(step.args[0]!)
      const dest = resolveIn(ctx.workdir ?? (await r.homeOf(ctx.user)), step.args[1]!)
      const owner = step.args[2] ? (step.args[2].includes(':') ? step.args[2] : `${step.args[2]}:`) : `${ctx.user}:`
      await asRoot(COPY_SCRIPT, [stage, src.path ? `${stage}/${src.path}` : stage, src.whole ? '1' : '0', dest, owner, step.args[3] ?? '', step.args[0]!])
      return ctx
    }
  }
}
