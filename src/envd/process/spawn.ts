// Turns a Start request into a running ProcessHandle: cwd check, env merge, user switch, PTY.
// Commands without a PTY start through sandock-spawner when envd has it (./spawner.ts), else with
// Node's child_process; PTYs always use node-pty.
import { spawn as spawnChild } from 'node:child_process'
import { access, constants, stat } from 'node:fs/promises'
import { delimiter, join } from 'node:path'
import * as nodePty from 'node-pty'
import type { ProcessConfig } from '../../gen/process/process_pb.js'
import { InternalError, InvalidArgumentError } from '../../shared/errors.js'
import type { User } from '../identity/users.js'
import { ProcessHandle } from './process-handle.js'
import type { SpawnedChild } from './spawned-child.js'
import type { Spawner } from './spawner.js'
import { argumentWithNul } from './spawner-protocol.js'

export type SpawnSpec = {
  config: ProcessConfig
  tag: string | undefined
  user: User
  cwd: string
  /** Unset or true: stdin is a pipe; false: /dev/null. */
  stdin: boolean
  pty: { cols: number; rows: number } | undefined
  /** Daemon globals (E2B_* and /init envVars), layered between the user's and the request's. */
  globals: Record<string, string>
  /** setpriv(1) used to switch user with supplementary groups when envd runs as root. */
  setprivPath: string | undefined
  /** The process starter for commands without a PTY; undefined: Node's child_process. */
  spawner: Spawner | undefined
}

const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'

/** Env in contract order, later wins: PATH + HOME/USER/LOGNAME, daemon globals, request envs. */
export function buildEnv(
  user: User,
  globals: Record<string, string>,
  envs: Record<string, string>,
): Record<string, string> {
  return {
    PATH: process.env.PATH || DEFAULT_PATH,
    HOME: user.home,
    USER: user.name,
    LOGNAME: user.name,
    ...globals,
    ...envs,
  }
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK)
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/** Whether `cmd` would be found by execvp with this PATH. */
export async function commandExists(cmd: string, path: string): Promise<boolean> {
  if (cmd === '') return false
  if (cmd.includes('/')) return isExecutable(cmd)
  for (const dir of path.split(delimiter)) {
    if (dir && (await isExecutable(join(dir, cmd)))) return true
  }
  return false
}

/** Whether the process must run as another user than envd's (envd runs as root). */
const switchesUser = (user: User) => (process.getuid?.() ?? 0) === 0 && user.uid !== 0

/** The argv that runs `cmd args` as `user`, through setpriv when envd must drop root. */
export async function buildArgv(
  spec: SpawnSpec,
  env: Record<string, string>,
): Promise<{ file: string; args: string[]; uidGid?: { uid: number; gid: number } }> {
  let argv = [spec.config.cmd, ...spec.config.args]
  // compat: a missing binary is not an RPC error: it runs and exits 127, as under upstream's sh wrapper.
  if (!(await commandExists(spec.config.cmd, env.PATH ?? DEFAULT_PATH)))
    argv = ['/bin/sh', '-c', 'exec "$@"', 'sh', ...argv]
  if (!switchesUser(spec.user)) return { file: argv[0]!, args: argv.slice(1) }
  // Node's uid/gid spawn drops every supplementary group (libuv calls setgroups(0)), which is
  // exactly right for a user whose only group is its primary one, and saves an exec. Users with
  // supplementary groups go through setpriv, which sets them all. node-pty never calls
  // setgroups, so a PTY child would keep root's groups (disk, adm, …): PTYs always use setpriv.
  const extraGroups = spec.user.groups.filter((g) => g !== spec.user.gid)
  if ((extraGroups.length > 0 || spec.pty) && spec.setprivPath) {
    argv = [
      spec.setprivPath,
      `--reuid=${spec.user.uid}`,
      `--regid=${spec.user.gid}`,
      `--groups=${spec.user.groups.join(',')}`,
      '--',
      ...argv,
    ]
    return { file: argv[0]!, args: argv.slice(1) }
  }
  if (spec.pty) throw new InternalError('cannot start a pty as another user without setpriv(1) (util-linux)')
  return { file: argv[0]!, args: argv.slice(1), uidGid: { uid: spec.user.uid, gid: spec.user.gid } }
}

/** Starts the process; throws invalid_argument for a bad cwd or a failed spawn. */
export async function spawnProcess(spec: SpawnSpec): Promise<ProcessHandle> {
  const env = buildEnv(spec.user, spec.globals, spec.config.envs)
  if (!spec.pty && spec.spawner) return spawnWithSpawner(spec, spec.spawner, env)
  const cwdStat = await stat(spec.cwd).catch(() => undefined)
  if (!cwdStat?.isDirectory()) throw new InvalidArgumentError(`cwd '${spec.cwd}' does not exist`)
  const { file, args, uidGid } = await buildArgv(spec, env)

  if (spec.pty) {
    let pty: nodePty.IPty
    try {
      pty = nodePty.spawn(file, args, {
        name: env.TERM ?? 'xterm-256color',
        cols: Math.max(1, spec.pty.cols),
        rows: Math.max(1, spec.pty.rows),
        cwd: spec.cwd,
        env,
        encoding: null,
        ...uidGid,
      })
    } catch (e) {
      throw new InvalidArgumentError(`failed to start pty: ${(e as Error).message}`, { cause: e })
    }
    return new ProcessHandle(pty.pid, spec.config, spec.tag, { kind: 'pty', pty }, false)
  }

  let child: ReturnType<typeof spawnChild>
  try {
    child = spawnChild(file, args, {
      cwd: spec.cwd,
      env,
      stdio: [spec.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      detached: true,
      ...uidGid,
    })
  } catch (e) {
    // Node refuses bad argv/env (NUL bytes, …) synchronously.
    throw new InvalidArgumentError(`failed to start process: ${(e as Error).message}`, { cause: e })
  }
  if (child.pid === undefined) {
    const err = await new Promise<Error>((resolve) => child.once('error', resolve))
    throw new InvalidArgumentError(`failed to start process: ${err.message}`, { cause: err })
  }
  return new ProcessHandle(child.pid, spec.config, spec.tag, { kind: 'pipes', child }, spec.stdin)
}

/**
 * The same process through sandock-spawner: one fork of a small process instead of envd's own,
 * and the user's groups set directly (no setpriv exec). The child itself checks the cwd and runs
 * a command it cannot find through the same sh wrapper, so no file system call happens here. As
 * with Node's spawn, the child gets its own session; a user whose only group is its primary one
 * gets no supplementary groups.
 */
async function spawnWithSpawner(
  spec: SpawnSpec,
  spawner: Spawner,
  env: Record<string, string>,
): Promise<ProcessHandle> {
  const argv = [spec.config.cmd, ...spec.config.args]
  const bad = argumentWithNul({ file: argv[0]!, argv, cwd: spec.cwd, env })
  if (bad)
    throw new InvalidArgumentError(`failed to start process: The argument '${bad}' must be a string without null bytes`)
  const { uid, gid, groups } = spec.user
  const extraGroups = groups.filter((g) => g !== gid)
  const user = switchesUser(spec.user) ? { uid, gid, groups: extraGroups.length > 0 ? groups : [] } : undefined
  let child: SpawnedChild
  try {
    child = await spawner.spawn({ file: argv[0]!, argv, cwd: spec.cwd, env, stdin: spec.stdin, user })
  } catch (e) {
    if (e instanceof InternalError) throw e
    if ((e as { syscall?: string }).syscall === 'chdir')
      throw new InvalidArgumentError(`cwd '${spec.cwd}' does not exist`, { cause: e })
    throw new InvalidArgumentError(`failed to start process: ${(e as Error).message}`, { cause: e })
  }
  return new ProcessHandle(child.pid, spec.config, spec.tag, { kind: 'pipes', child }, spec.stdin)
}
