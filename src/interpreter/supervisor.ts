// `sandock interpreter` keeps the code-interpreter server running as upstream's process manager
// does (systemd, then process-compose, restart both the server and Jupyter): the server runs as a
// child, and when it exits (killed, or on its own because Jupyter Server died) whatever it started
// is killed and a new one starts. Every process of one server run carries the run's mark in its
// environment (kernels inherit it through Jupyter), so leftovers of a killed run (its Jupyter
// Server still holding the port, kernels, JVMs) are found in /proc and ended before the next run.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import type { Logger } from 'pino'

/** The environment variable that marks a server run (and makes `sandock interpreter` the server itself). */
export const RUN_MARK_ENV = 'SANDOCK_INTERPRETER_RUN'

/**
 * The server's process title (`ps`, `pgrep -f`): upstream's server is `uvicorn main:app`, and E2B's
 * own tests and users' scripts find it by that name (`pkill -f 'uvicorn main:app'` restarts it).
 */
export const SERVER_TITLE = 'uvicorn main:app (sandock interpreter server)'

/** Restart delays after runs that ended within a minute of their start: 0.2 s doubling to 5 s. */
const FIRST_DELAY_MS = 200
const MAX_DELAY_MS = 5000
const STABLE_RUN_MS = 60_000

/** PIDs (other than `self`) whose environment holds `${RUN_MARK_ENV}=${mark}`; processes of other users are unreadable and skipped. */
export async function markedProcesses(mark: string, self = process.pid, procDir = '/proc'): Promise<number[]> {
  const needle = Buffer.from(`\0${RUN_MARK_ENV}=${mark}\0`)
  const pids: number[] = []
  for (const name of await readdir(procDir).catch(() => [] as string[])) {
    const pid = Number(name)
    if (!Number.isInteger(pid) || pid <= 0 || pid === self) continue
    const env = await readFile(`${procDir}/${name}/environ`).catch(() => undefined)
    if (!env) continue
    // environ is NUL-separated with no leading NUL: compare with one put in front.
    if (Buffer.concat([Buffer.from([0]), env, Buffer.from([0])]).includes(needle)) pids.push(pid)
  }
  return pids
}

/** SIGKILLs every process of a run; returns how many were signalled. */
export async function killRun(mark: string): Promise<number> {
  let n = 0
  for (const pid of await markedProcesses(mark)) {
    try {
      process.kill(pid, 'SIGKILL')
      n++
    } catch {
      // gone already
    }
  }
  return n
}

export type SupervisorOpts = Readonly<{
  /** argv of one server run (after the node binary). */
  args: readonly string[]
  log: Logger
  env?: NodeJS.ProcessEnv
}>

/** Runs the server until SIGTERM/SIGINT, restarting it whenever it exits; resolves with the exit code to use. */
export function superviseInterpreter(opts: SupervisorOpts): Promise<number> {
  const { log } = opts
  let stopping = false
  let child: ReturnType<typeof spawn> | undefined
  let delay = FIRST_DELAY_MS
  let wake: (() => void) | undefined

  return new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return
      stopping = true
      log.info({ signal }, 'interpreter supervisor stopping')
      wake?.()
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal)
      else resolve(0)
    }
    process.on('SIGTERM', () => stop('SIGTERM'))
    process.on('SIGINT', () => stop('SIGINT'))

    const runOnce = async (): Promise<void> => {
      while (!stopping) {
        const mark = randomBytes(8).toString('hex')
        const started = Date.now()
        const proc = spawn(process.execPath, [`--title=${SERVER_TITLE}`, ...opts.args], {
          env: { ...(opts.env ?? process.env), [RUN_MARK_ENV]: mark },
          stdio: 'inherit',
        })
        child = proc
        const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
          proc.once('exit', (c, s) => done({ code: c, signal: s }))
          proc.once('error', (err) => {
            log.error({ err }, 'interpreter server could not start')
            done({ code: 1, signal: null })
          })
        })
        const killed = await killRun(mark)
        if (stopping) {
          resolve(0)
          return
        }
        delay = Date.now() - started >= STABLE_RUN_MS ? FIRST_DELAY_MS : delay
        log.error(
          { code, signal, leftoversKilled: killed, restartInMs: delay },
          'interpreter server exited: restarting it',
        )
        await new Promise<void>((r) => {
          wake = r
          setTimeout(r, delay)
        })
        wake = undefined
        delay = Math.min(delay * 2, MAX_DELAY_MS)
      }
      resolve(0)
    }
    void runOnce()
  })
}
