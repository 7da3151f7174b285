// The contexts (one kernel each): creation, the per-language defaults, listing in creation order,
// restart (same id, fresh state) and removal. Executions in one context run one at a time.
import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import { ContextNotFoundError, KernelStartError, UnknownLanguageError } from './errors.js'
import { startBashKernel } from './kernels/bash-kernel.js'
import { DEFAULT_JAVA_KERNEL_HOME, startJavaKernel } from './kernels/java-kernel.js'
import { startJupyterKernel } from './kernels/jupyter-kernel.js'
import type { JupyterServer } from './kernels/jupyter-server.js'
import type { Kernel } from './kernels/kernel.js'
import { startNodeKernel } from './kernels/node-kernel.js'
import { cwdCell, isLanguage, kernelKindOf, normalizeLanguage, type Language } from './languages.js'
import type { SandboxEnv } from './sandbox-env.js'

export type Context = {
  readonly id: string
  readonly language: Language
  readonly cwd: string
  readonly kernel: Kernel
  /** The kernel generation whose process has the context's cwd (a new process needs it again). */
  cwdGeneration: number
  /** The kernel generation whose process has the sandbox-level env (GET /envs) applied, if any. */
  sandboxEnvGeneration: number | undefined
  /** Runs `fn` after every earlier task of this context (compat: upstream serialises executions per context). */
  serial<T>(fn: () => Promise<T>): Promise<T>
}

export type ContextInfo = Readonly<{ id: string; language: string; cwd: string }>

export type ContextRegistryDeps = Readonly<{
  jupyter: JupyterServer
  /** The `sandock` bundle, for Node kernels. */
  entry: string
  workdir: string
  /** The env every kernel process inherits. */
  env: NodeJS.ProcessEnv
  /** The folder of the Java kernel's jar (default /opt/sandock-java). */
  javaHome?: string
  log: Logger
}>

export type ContextRegistry = ReturnType<typeof createContextRegistry>

export function createContextRegistry(deps: ContextRegistryDeps) {
  const contexts = new Map<string, Context>()
  const defaults = new Map<Language, Promise<Context>>()
  const defaultIds = new Map<Language, string>()
  /** The sandbox's env from envd, once a caller's token could read it. */
  let sandboxEnv: SandboxEnv | undefined

  async function startKernel(language: Language, cwd: string): Promise<{ id: string; kernel: Kernel }> {
    const kind = kernelKindOf(language)
    const log = deps.log.child({ language })
    switch (kind.type) {
      case 'jupyter': {
        const k = await startJupyterKernel(deps.jupyter, kind.kernelName, log)
        return { id: k.id, kernel: k }
      }
      case 'node':
        return {
          id: randomUUID(),
          kernel: await startNodeKernel({ typescript: kind.typescript, entry: deps.entry, cwd, env: deps.env, log }),
        }
      case 'bash':
        return { id: randomUUID(), kernel: await startBashKernel({ cwd, env: deps.env, log }) }
      case 'java':
        return {
          id: randomUUID(),
          kernel: await startJavaKernel({ home: deps.javaHome ?? DEFAULT_JAVA_KERNEL_HOME, cwd, env: deps.env, log }),
        }
    }
  }

  /** Starts the kernel and moves it to `cwd`; the context is not listed until add(). */
  async function prepare(rawLanguage: string | undefined, cwd: string | undefined): Promise<Context> {
    const language = normalizeLanguage(rawLanguage)
    if (!isLanguage(language)) throw new UnknownLanguageError(language)
    const dir = cwd || deps.workdir
    const t0 = performance.now()
    let started: { id: string; kernel: Kernel }
    try {
      started = await startKernel(language, dir)
    } catch (e) {
      throw new KernelStartError(language, e)
    }
    let tail = Promise.resolve() as Promise<unknown>
    const ctx: Context = {
      id: started.id,
      language,
      cwd: dir,
      kernel: started.kernel,
      cwdGeneration: -1,
      sandboxEnvGeneration: undefined,
      serial<T>(fn: () => Promise<T>) {
        const run = tail.then(fn, fn)
        tail = run.catch(() => undefined)
        return run
      },
    }
    await ensureCwd(ctx)
    deps.log.info({ contextId: ctx.id, language, ms: Math.round(performance.now() - t0) }, 'context started')
    return ctx
  }

  const add = (ctx: Context) => {
    contexts.set(ctx.id, ctx)
    return ctx
  }

  return {
    /** Creates and lists a new context; throws UnknownLanguageError or KernelStartError. */
    async create(language: string | undefined, cwd: string | undefined): Promise<Context> {
      return add(await prepare(language, cwd))
    },

    /** Starts the default contexts together and lists them in the order given (compat: python, then javascript). */
    async startDefaults(languages: readonly Language[]): Promise<void> {
      const started = languages.map((l) => prepare(l, undefined))
      defaults.clear()
      const ready = await Promise.all(started)
      ready.forEach((ctx, i) => {
        defaults.set(languages[i]!, Promise.resolve(add(ctx)))
        defaultIds.set(languages[i]!, ctx.id)
      })
    },

    /** The language's default context, created on first use (one start even under concurrent calls). */
    defaultFor(rawLanguage: string | undefined): Promise<Context> {
      const language = normalizeLanguage(rawLanguage)
      if (!isLanguage(language)) return Promise.reject(new UnknownLanguageError(language))
      let p = defaults.get(language)
      if (!p) {
        p = prepare(language, undefined).then((ctx) => {
          defaultIds.set(language, ctx.id)
          return add(ctx)
        })
        defaults.set(language, p)
        p.catch(() => defaults.delete(language))
      }
      return p
    },

    get(id: string): Context {
      const ctx = contexts.get(id)
      if (!ctx) throw new ContextNotFoundError(id)
      return ctx
    },

    list(): ContextInfo[] {
      return [...contexts.values()].map(info)
    },

    async restart(id: string): Promise<void> {
      const ctx = this.get(id)
      await ctx.kernel.restart()
      await ensureCwd(ctx)
    },

    async remove(id: string): Promise<void> {
      const ctx = this.get(id)
      contexts.delete(id)
      // A removed default is replaced by a new one on the language's next use.
      for (const [language, defaultId] of defaultIds) {
        if (defaultId !== id) continue
        defaultIds.delete(language)
        defaults.delete(language)
      }
      await ctx.kernel.shutdown()
    },

    sandboxEnv: () => sandboxEnv,
    setSandboxEnv(env: SandboxEnv) {
      sandboxEnv = env
    },

    async close(): Promise<void> {
      await Promise.all([...contexts.values()].map((c) => c.kernel.shutdown().catch(() => undefined)))
      contexts.clear()
    },
  }
}

/** Moves the kernel's current process to the context's cwd, once per process (silent cell). */
export async function ensureCwd(ctx: Context): Promise<void> {
  const generation = ctx.kernel.generation
  if (ctx.cwdGeneration === generation) return
  await ctx.kernel.execute(cwdCell(ctx.language, ctx.cwd), { silent: true, onEvent: () => undefined })
  ctx.cwdGeneration = generation
}

export function info(ctx: Context): ContextInfo {
  return { id: ctx.id, language: ctx.language, cwd: ctx.cwd }
}
