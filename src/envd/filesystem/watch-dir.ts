// WatchDir: a server stream of `start`, then filesystem events and keepalives, until the client leaves.
import type { ServiceImpl } from '@connectrpc/connect'
import type { MessageInitShape } from '@bufbuild/protobuf'
import type { Filesystem, WatchDirResponseSchema } from '../../gen/filesystem/filesystem_pb.js'
import { openDirWatch } from './fs-watcher.js'
import { keepaliveIntervalMs, withKeepalive } from '../keepalive.js'
import { resolveFor, type FsDeps } from './deps.js'

type Msg = MessageInitShape<typeof WatchDirResponseSchema>

export function watchDir(deps: FsDeps): ServiceImpl<typeof Filesystem>['watchDir'] {
  return async function* (req, ctx) {
    const { path } = resolveFor(deps, ctx, req.path)
    // Errors before `start` (missing dir, a file) travel in the end-stream envelope.
    const watch = await openDirWatch(path, req, deps.users.db, deps.own)
    try {
      yield { event: { case: 'start', value: {} } } satisfies Msg
      const events = (async function* () {
        for await (const ev of watch.events) yield { event: { case: 'filesystem', value: ev } } as Msg
      })()
      const keepalive = (): Msg => ({ event: { case: 'keepalive', value: {} } })
      // compat: the client going away (or its deadline) ends the watch and releases the watcher.
      yield* withKeepalive(events, keepaliveIntervalMs(ctx.requestHeader), keepalive, ctx.signal)
    } finally {
      await watch.close()
    }
  }
}
