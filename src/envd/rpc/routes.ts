// The Connect plugin: both services, error mapping, and the calling user in every context.
import type { FastifyInstance } from 'fastify'
import { createContextValues, type Interceptor } from '@connectrpc/connect'
import { fastifyConnectPlugin } from '@connectrpc/connect-fastify'
import type { Logger } from 'pino'
import { Filesystem } from '../../gen/filesystem/filesystem_pb.js'
import { Process } from '../../gen/process/process_pb.js'
import { basicAuthUser } from '../identity/auth.js'
import type { UserLookup } from '../identity/users.js'
import type { FsDeps } from '../filesystem/deps.js'
import { createFilesystemService } from '../filesystem/service.js'
import type { ProcDeps } from '../process/deps.js'
import { createProcessService } from '../process/service.js'
import type { EnvdState } from '../state.js'
import { errorInterceptor } from './connect-errors.js'
import { kRequestedUser, kUser } from './context.js'

/** Resolves the Basic-auth user (or the default user) before a handler runs; unknown → unauthenticated. */
function userInterceptor(state: EnvdState, lookup: UserLookup): Interceptor {
  return (next) => async (req) => {
    const name = req.contextValues.get(kRequestedUser) ?? state.defaultUser
    req.contextValues.set(kUser, await lookup(name))
    return next(req)
  }
}

export async function registerRpc(app: FastifyInstance, deps: { fs: FsDeps; proc: ProcDeps; state: EnvdState; lookup: UserLookup; log: Logger }) {
  // Own scope: the plugin installs catch-all content-type parsers for the Connect media types.
  await app.register(async (scope) => {
    await scope.register(fastifyConnectPlugin, {
      // Order matters: errors thrown by the user interceptor must be mapped too.
      interceptors: [errorInterceptor(deps.log), userInterceptor(deps.state, deps.lookup)],
      contextValues: (req) => createContextValues().set(kRequestedUser, basicAuthUser(req.headers.authorization)),
      routes(router) {
        router.service(Filesystem, createFilesystemService(deps.fs))
        router.service(Process, createProcessService(deps.proc))
      },
      // Unary JSON bodies are small; uploads go through /files, not RPCs.
      readMaxBytes: 16 * 1024 * 1024,
    })
  })
}
