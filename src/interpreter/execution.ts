// One /execute run in a context: the sandbox env on the context's first run, the run's own env
// vars, the cell, its events as stream lines, and the env restored afterwards (contract §3-4).
import { ensureCwd, type Context, type ContextRegistry } from './contexts.js'
import type { KernelEvent } from './kernels/kernel.js'
import { envCell } from './languages.js'
import { resultLine } from './mime.js'
import type { StreamLine } from './ndjson.js'
import { envDelta, fetchSandboxEnv } from './sandbox-env.js'

export type RunDeps = Readonly<{ registry: ContextRegistry; envdUrl: string; baseEnv: NodeJS.ProcessEnv }>

export type RunRequest = Readonly<{
  context: Context
  code: string
  envVars: Readonly<Record<string, string>>
  accessToken: string | undefined
  emit: (line: StreamLine) => void
  /** Called once the cell is running (the kernel has it), so an abort can interrupt it. */
  onCellStarted?: () => void
  /** True once the client went away: a cell still queued then never runs. */
  abandoned?: () => boolean
}>

const quiet = { silent: true, onEvent: () => undefined }

export function toStreamLine(e: KernelEvent): StreamLine {
  switch (e.type) {
    case 'stream':
      return { type: e.name, text: e.text, timestamp: e.timestamp }
    case 'execute_input':
      return { type: 'number_of_executions', execution_count: e.executionCount }
    case 'result':
      return resultLine(e.bundle, e.isMain) as StreamLine
    case 'error':
      return { type: 'error', name: e.name, value: e.value, traceback: e.traceback }
  }
}

/**
 * Runs the cell under the context's lock and resolves when the cell ended. The env cleanup cell
 * runs after that, still under the lock, so the next run of the context waits for it.
 */
export async function runInContext(deps: RunDeps, req: RunRequest): Promise<void> {
  const { context: ctx } = req
  let cellDone!: () => void
  const cellEnded = new Promise<void>((r) => {
    cellDone = r
  })
  void ctx.serial(async () => {
    try {
      if (req.abandoned?.()) return
      // A kernel process that replaced a dead one starts in the default dir with the start env.
      await ensureCwd(ctx)
      await applySandboxEnv(deps, ctx, req.accessToken)
      const names = Object.keys(req.envVars)
      if (names.length > 0) await ctx.kernel.execute(envCell(ctx.language, req.envVars), quiet)
      const running = ctx.kernel.execute(req.code, { silent: false, onEvent: (e) => req.emit(toStreamLine(e)) })
      req.onCellStarted?.()
      await running
      cellDone()
      if (names.length > 0) {
        const sandbox = deps.registry.sandboxEnv() ?? {}
        // Java's env vars are properties the JVM never had: restore the sandbox's value or clear it.
        const restore = Object.fromEntries(
          names.map((k) => [k, ctx.language === 'java' ? sandbox[k] : (sandbox[k] ?? deps.baseEnv[k])]),
        )
        await ctx.kernel.execute(envCell(ctx.language, restore), quiet)
      }
    } finally {
      cellDone()
    }
  })
  await cellEnded
}

/** compat: kernels started before the create (warm pool) learn the sandbox's env on their first run. */
async function applySandboxEnv(deps: RunDeps, ctx: Context, accessToken: string | undefined): Promise<void> {
  const generation = ctx.kernel.generation
  if (ctx.sandboxEnvGeneration === generation) return
  let env = deps.registry.sandboxEnv()
  if (!env) {
    env = await fetchSandboxEnv(deps.envdUrl, accessToken)
    if (!env) return
    deps.registry.setSandboxEnv(env)
  }
  // compat: upstream sets every sandbox env var as a Java system property (its kernels inherit nothing).
  const delta = ctx.language === 'java' ? { ...env } : envDelta(deps.baseEnv, env)
  if (Object.keys(delta).length > 0) await ctx.kernel.execute(envCell(ctx.language, delta), quiet)
  ctx.sandboxEnvGeneration = generation
}
