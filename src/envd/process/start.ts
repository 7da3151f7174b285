// Start: spawn a process for the caller and stream start, output and end.
import type { ServiceImpl } from '@connectrpc/connect'
import type { Process } from '../../gen/process/process_pb.js'
import { InvalidArgumentError } from '../../shared/errors.js'
import { callerOf } from '../identity/caller.js'
import { resolvePath } from '../identity/paths.js'
import { processGlobals } from '../state.js'
import type { ProcDeps } from './deps.js'
import { spawnProcess } from './spawn.js'
import { streamProcess } from './stream-events.js'

export function start(deps: ProcDeps): ServiceImpl<typeof Process>['start'] {
  return async function* (req, ctx) {
    const user = callerOf(ctx)
    const config = req.process
    if (!config || config.cmd === '') throw new InvalidArgumentError('process.cmd is required')
    const cwd = resolvePath(config.cwd ?? '', user, deps.state.defaultWorkdir)
    const handle = await spawnProcess({
      config,
      tag: req.tag,
      user,
      cwd,
      stdin: req.stdin ?? true,
      pty: req.pty?.size
        ? { cols: req.pty.size.cols, rows: req.pty.size.rows }
        : req.pty
          ? { cols: 80, rows: 24 }
          : undefined,
      globals: processGlobals(deps.state),
      setprivPath: deps.setprivPath,
      spawner: deps.spawner,
    })
    // Subscribe in the same tick as the spawn so no output is missed.
    const sub = handle.subscribe()
    deps.table.add(handle)
    // compat: Connect-Timeout-Ms is the process deadline, timed apart from the stream's signal.
    const timeoutMs = ctx.timeoutMs()
    if (timeoutMs !== undefined && timeoutMs > 0) handle.setDeadline(timeoutMs)
    deps.log.debug({ pid: handle.pid, pty: Boolean(req.pty), user: user.name }, 'process started')
    yield* streamProcess(sub, ctx)
  }
}
