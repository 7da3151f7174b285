// One build step in the build container: RUN as the step's user in the context's workdir and env,
// USER (created, optionally with sudo), WORKDIR (created and given to the user), ENV (expanded
// by the image's shell), COPY (an upload unpacked, then copied with Docker's rules).
import { join } from 'node:path'
import type { BuildContainer } from '../runtime/types.js'
import { StepError, type BuildLog } from './build-types.js'
import {
  copySource,
  COPY_SCRIPT,
  envExpansionScript,
  resolveIn,
  USER_SCRIPT,
  WORKDIR_SCRIPT,
  type BuildContext,
  type Step,
} from './steps.js'

/** uid 0, not `root`: an image may have no passwd file at all. */
export const ROOT = '0'

export type StepRun = Readonly<{
  container: BuildContainer
  step: Step
  label: string
  ctx: BuildContext
  shell: string
  /** Where the uploads are (`<hash>.tar`). */
  filesDir: string
  homeOf: (user: string) => Promise<string>
  emit: BuildLog
  signal: AbortSignal
}>

async function userExists(container: BuildContainer, user: string): Promise<boolean> {
  return (
    (await container.exec(['/bin/sh', '-c', 'id -u -- "$1" >/dev/null 2>&1', 'sh', user], { user: ROOT })).exitCode ===
    0
  )
}

/** Runs the step; resolves with the build context after it (user, workdir, env). */
export async function runStep(r: StepRun): Promise<BuildContext> {
  const { container, step, ctx, label, emit, signal } = r
  const fail = (message: string): never => {
    throw new StepError(label, message)
  }
  /** Runs a helper script as root; on failure, `upstream` (its message) then our detail (the script's last error line). */
  const asRoot = async (script: string, args: string[], upstream = `${step.type} failed`) => {
    let lastError = ''
    const res = await container.exec(['/bin/sh', '-c', script, 'sh', ...args], {
      user: ROOT,
      signal,
      onLine: (l, s) => {
        if (s === 'stderr' && l) lastError = l
        emit(l ? 'info' : 'debug', label, l)
      },
    })
    if (res.exitCode !== 0) fail(`${upstream}: exit status ${res.exitCode}${lastError ? ` (${lastError})` : ''}`)
  }
  switch (step.type) {
    case 'RUN': {
      const user = step.args[1] || ctx.user
      const workdir = ctx.workdir ?? (await r.homeOf(user))
      const argv = r.shell.endsWith('bash') ? [r.shell, '-l', '-c', step.args[0]!] : [r.shell, '-c', step.args[0]!]
      const res = await container.exec(argv, {
        user,
        workdir,
        env: ctx.envs,
        signal,
        onLine: (l, s) => emit(s === 'stderr' ? 'warn' : 'info', label, l),
      })
      if (res.exitCode === 0) return ctx
      // compat: upstream's texts (envd's Start error or its end status, wrapped by the builder);
      // our detail follows in parentheses. Docker cannot start a command as a missing user (126).
      const failed = `failed to run command '${step.args[0]!}': command failed`
      if (!/^\d+$/.test(user) && !(await userExists(container, user))) {
        fail(
          `${failed}: unauthenticated: invalid username: '${user}' (the image has no user '${user}': create it with a USER step first)`,
        )
      }
      return fail(`${failed}: exit status ${res.exitCode} (RUN as '${user}' in ${workdir})`)
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
      const res = await container.exec(['/bin/sh', '-c', envExpansionScript(values)], {
        user: ctx.user,
        workdir: ctx.workdir,
        env: ctx.envs,
        signal,
      })
      const expanded = res.stdout.split('\0').slice(0, values.length)
      if (res.exitCode !== 0 || expanded.length !== values.length)
        fail(`ENV: expanding the values failed (exit code ${res.exitCode})`)
      const envs = { ...ctx.envs }
      for (const [i, n] of names.entries()) envs[n] = expanded[i]!
      return { ...ctx, envs }
    }
    case 'COPY': {
      const stage = `/tmp/.sandock-copy-${label}`
      await asRoot('rm -rf "$1" && mkdir -p "$1"', [stage])
      await container
        .putArchive(join(r.filesDir, `${step.filesHash}.tar`), stage)
        .catch((e: unknown) => fail(`COPY: unpacking the upload failed: ${(e as Error).message}`))
      const src = copySource(step.args[0]!)
      const dest = resolveIn(ctx.workdir ?? (await r.homeOf(ctx.user)), step.args[1]!)
      const owner = step.args[2] ? (step.args[2].includes(':') ? step.args[2] : `${step.args[2]}:`) : `${ctx.user}:`
      await asRoot(
        COPY_SCRIPT,
        [
          stage,
          src.path ? `${stage}/${src.path}` : stage,
          src.whole ? '1' : '0',
          dest,
          owner,
          step.args[3] ?? '',
          step.args[0]!,
        ],
        'failed to move files in sandbox',
      )
      return ctx
    }
  }
}
