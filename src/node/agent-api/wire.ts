// How the node seam crosses the wire between control and a node agent: errors as their kind and
// message (so a 404 from a node stays the contract's 404 at the API), Dates as ISO strings revived
// on arrival, and build logs as NDJSON lines ending with the result or the error.
import { AppError, SandboxNotFoundError, type ErrorKind } from '../../shared/errors.js'
import type { SandboxInfo } from '../sandboxes/types.js'
import { StepError } from '../builds/build-types.js'
import type { ForkItem } from '../sandbox-node.js'

export type WireError = { kind: ErrorKind; message: string; httpStatus?: number; step?: string; sandboxId?: string }

export function encodeError(e: unknown): WireError {
  if (e instanceof StepError) return { kind: e.kind, message: e.message, step: e.step }
  if (e instanceof SandboxNotFoundError) return { kind: e.kind, message: e.message, sandboxId: e.sandboxId }
  if (e instanceof AppError)
    return { kind: e.kind, message: e.message, ...(e.httpStatus ? { httpStatus: e.httpStatus } : {}) }
  return { kind: 'internal', message: `node agent: ${(e as Error)?.message ?? String(e)}` }
}

export function decodeError(w: WireError): AppError {
  if (w.step !== undefined) return new StepError(w.step, w.message)
  if (w.sandboxId !== undefined) return new SandboxNotFoundError(w.sandboxId)
  return new AppError(w.kind, w.message, w.httpStatus ? { httpStatus: w.httpStatus } : {})
}

type Wired<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] }

export function reviveSandbox(s: Wired<SandboxInfo> | SandboxInfo): SandboxInfo {
  return { ...s, startedAt: new Date(s.startedAt), endAt: new Date(s.endAt) } as SandboxInfo
}

export type WireForkItem = { sandbox: Wired<SandboxInfo> } | { error: WireError }

export const encodeForkItem = (f: ForkItem): WireForkItem =>
  'sandbox' in f ? { sandbox: f.sandbox as unknown as Wired<SandboxInfo> } : { error: encodeError(f.error) }
export const decodeForkItem = (f: WireForkItem): ForkItem =>
  'sandbox' in f ? { sandbox: reviveSandbox(f.sandbox) } : { error: decodeError(f.error) }

/** One line of a build stream: a log line, then exactly one `result` or `error`. */
export type BuildLine =
  | { log: { level: 'debug' | 'info' | 'warn' | 'error'; step: string; message: string } }
  | { result: import('../builds/build-types.js').BuildResult }
  | { error: WireError }

/** The agent's own header: `Authorization: Bearer <node token>`. */
export const bearer = (token: string) => `Bearer ${token}`

/** The cluster CA's roles, in a certificate's OU: only control may call an agent; a node answers as its CN. */
export const CONTROL_ROLE = 'control'
export const NODE_ROLE = 'node'
/** A certificate, its key and the CA to trust, in PEM: what a TLS server or client is given. */
export type TlsIdentity = Readonly<{ cert: string; key: string; ca: string }>
