// sandock-spawner as envd's process starter: starts the helper, sends it spawn and kill requests,
// and turns its events into SpawnedChild objects. A helper that dies is started again by the next
// spawn; the processes it was following end with an error (they keep running, unfollowed).
import { spawn, type ChildProcess } from 'node:child_process'
import { constants as osConstants } from 'node:os'
import type { Logger } from 'pino'
import { InternalError } from '../../shared/errors.js'
import { SpawnedChild } from './spawned-child.js'
import { encodeKill, encodeSpawn, parseEvent, type SpawnerEvent, type SpawnRequest } from './spawner-protocol.js'

export type SpawnOptions = Omit<SpawnRequest, 'id'>

export type Spawner = {
  /**
   * Starts a process. Rejects with an Error shaped like Node's spawn errors (`spawn <file> <CODE>`,
   * with `code`, `errno` and `syscall`: 'chdir' for a bad cwd) when it cannot be started; the
   * caller checks arguments for NUL bytes.
   */
  spawn(opts: SpawnOptions): Promise<SpawnedChild>
  /** Ends the helper and waits for it; running processes carry on. Later spawns reject. */
  close(): Promise<void>
  /** The helper's pid while it runs (for tests). */
  helperPid(): number | undefined
}

type Pending = {
  opts: SpawnOptions
  resolve(c: SpawnedChild): void
  reject(e: Error): void
  child?: SpawnedChild
  fdsLeft: number
}

const ERRNO_NAMES = new Map(Object.entries(osConstants.errno as Record<string, number>).map(([name, n]) => [n, name]))

/** Node's wording (`spawn <file> ENOENT`); `syscall` says which step failed: chdir, exec or spawn. */
function spawnError(file: string, errno: number, syscall: string): Error {
  const code = ERRNO_NAMES.get(errno) ?? `E${errno}`
  return Object.assign(new Error(`spawn ${file} ${code}`), { code, errno: -errno, syscall, path: file })
}

/** `binary` is the sandock-spawner executable; the helper starts with the first spawn. */
export function createSpawner(binary: string, log: Logger): Spawner {
  let helper: ChildProcess | undefined
  let closed = false
  let nextId = 1
  const pending = new Map<number, Pending>()
  const live = new Map<number, SpawnedChild>()

  function helperGone(h: ChildProcess, why: Record<string, unknown>): void {
    if (helper !== h) return
    helper = undefined
    const err = new InternalError(closed ? 'the process spawner is closed' : 'the process spawner exited')
    for (const p of pending.values()) p.reject(err)
    pending.clear()
    // After close() nobody follows them any more (envd is shutting down); otherwise they end.
    if (!closed) for (const c of live.values()) c.lost(err)
    live.clear()
    if (!closed) log.error(why, 'process spawner exited')
  }

  function onEvent(h: ChildProcess, ev: SpawnerEvent | undefined, handle: unknown): void {
    if (!ev) return
    if (ev.t === 'exit') {
      live.get(ev.pid)?.exited(ev.code, ev.signal)
      live.delete(ev.pid)
      return
    }
    const p = pending.get(ev.id)
    if (!p) return
    if (ev.t === 'error') {
      pending.delete(ev.id)
      p.reject(spawnError(p.opts.file, ev.errno, ev.syscall))
    } else if (ev.t === 'spawned') {
      // Kills go to the helper that started it: only that one knows the pid is its live child.
      const child = new SpawnedChild(ev.pid, (signal) => h.stdin?.write(encodeKill(ev.pid, signal)))
      live.set(ev.pid, child)
      p.child = child
      p.fdsLeft = p.opts.stdin ? 3 : 2
    } else if (p.child && handle) {
      p.child.attach(ev.fd, handle)
      if (--p.fdsLeft === 0) {
        pending.delete(ev.id)
        p.resolve(p.child)
      }
    }
  }

  function launch(): ChildProcess {
    // Its own stdin for requests, nothing on stdout, envd's stderr for its fatal errors, and Node's
    // IPC channel on fd 3 for events and the children's stdio sockets.
    const h = spawn(binary, [], { stdio: ['pipe', 'ignore', 'inherit', 'ipc'], env: {}, serialization: 'json' })
    h.on('message', (msg, handle) => onEvent(h, parseEvent(msg), handle))
    h.once('error', (err) => helperGone(h, { err }))
    h.once('exit', (code, signal) => helperGone(h, { code, signal }))
    h.stdin?.on('error', () => {}) // EPIPE after it died: 'exit' reports that
    // Running commands keep envd's loop busy through their own sockets, not through the helper.
    h.unref()
    h.channel?.unref()
    ;(h.stdin as { unref?: () => void } | null)?.unref?.()
    return h
  }

  return {
    spawn(opts) {
      if (closed) return Promise.reject(new InternalError('the process spawner is closed'))
      helper ??= launch()
      const id = nextId++
      const request = encodeSpawn({ ...opts, id })
      return new Promise<SpawnedChild>((resolve, reject) => {
        pending.set(id, { opts, resolve, reject, fdsLeft: 0 })
        helper!.stdin!.write(request)
      })
    },
    async close() {
      closed = true
      const h = helper
      if (!h || h.exitCode !== null || h.signalCode !== null) return
      const exited = new Promise<void>((resolve) => h.once('exit', () => resolve()))
      // EOF ends it; a helper that does not go within 2 s is killed.
      h.stdin?.end()
      const force = setTimeout(() => h.kill('SIGKILL'), 2000)
      force.unref()
      await exited
      clearTimeout(force)
    },
    helperPid: () => helper?.pid,
  }
}
