// The Connect services on node:http: both services, error mapping, and the calling user in every context.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fromBinary, type DescMessage } from '@bufbuild/protobuf'
import { createContextValues, type Interceptor } from '@connectrpc/connect'
import { connectNodeAdapter } from '@connectrpc/connect-node'
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
import { kUser } from '../identity/caller.js'
import { kRequestedUser } from './context.js'

/** Resolves the Basic-auth user (or the default user) before a handler runs; unknown → unauthenticated. */
function userInterceptor(state: EnvdState, lookup: UserLookup): Interceptor {
  return (next) => async (req) => {
    const name = req.contextValues.get(kRequestedUser) ?? state.defaultUser
    req.contextValues.set(kUser, await lookup(name))
    return next(req)
  }
}

const READ_MAX_BYTES = 16 * 1024 * 1024

// Unary RPC path → its request message, for checking binary bodies before Connect parses them.
const UNARY_INPUTS = new Map<string, DescMessage>(
  [Filesystem, Process].flatMap((svc) =>
    svc.methods.filter((m) => m.methodKind === 'unary').map((m) => [`/${svc.typeName}/${m.name}`, m.input] as const),
  ),
)

/**
 * compat: connect-es answers an undecodable binary request with `internal` (HTTP 500), where
 * upstream's connect-go says `invalid_argument`. Unary binary bodies are decoded here first: a bad
 * one gets invalid_argument (400), a good one is handed on to Connect unchanged. Resolves false
 * when it has answered the request itself.
 */
async function checkBinaryBody(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const input = UNARY_INPUTS.get(req.url?.split('?')[0] ?? '')
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase()
  if (!input || req.headers['content-type'] !== 'application/proto' || (encoding !== 'identity' && encoding !== ''))
    return true
  const reject = (message: string, close: boolean) => {
    const body = JSON.stringify({ code: 'invalid_argument', message })
    res.writeHead(400, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      ...(close ? { connection: 'close' } : {}),
    })
    res.end(body)
    return false
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > READ_MAX_BYTES) return reject(`message larger than ${READ_MAX_BYTES} bytes`, true)
    chunks.push(chunk)
  }
  const body = Buffer.concat(chunks)
  try {
    fromBinary(input, body)
  } catch (e) {
    return reject(`parse binary: ${(e as Error).message}`, false)
  }
  // Connect reads the request by iterating it: hand it the bytes already read.
  Object.defineProperty(req, Symbol.asyncIterator, {
    value: async function* () {
      yield body
    },
  })
  return true
}

const RPC_PATHS = new Set([Filesystem, Process].flatMap((svc) => svc.methods.map((m) => `/${svc.typeName}/${m.name}`)))

/**
 * The Connect handler for both services: true when `req` is one of their RPCs (then it is
 * answered), false for any other path.
 */
export function createRpcHandler(deps: {
  fs: FsDeps
  proc: ProcDeps
  state: EnvdState
  lookup: UserLookup
  log: Logger
}) {
  const adapter = connectNodeAdapter({
    // Order matters: errors thrown by the user interceptor must be mapped too.
    interceptors: [errorInterceptor(deps.log), userInterceptor(deps.state, deps.lookup)],
    contextValues: (req) => createContextValues().set(kRequestedUser, basicAuthUser(req.headers.authorization)),
    routes(router) {
      router.service(Filesystem, createFilesystemService(deps.fs))
      router.service(Process, createProcessService(deps.proc))
    },
    // Unary JSON bodies are small; uploads go through /files, not RPCs.
    readMaxBytes: READ_MAX_BYTES,
  })
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!RPC_PATHS.has(req.url?.split('?')[0] ?? '')) return false
    checkBinaryBody(req, res).then(
      (forward) => {
        if (forward) adapter(req, res)
      },
      () => res.destroy(),
    )
    return true
  }
}
