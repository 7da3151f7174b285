// When a failed dial to a sandbox's port is tried again: only a request without a body (a
// streamed body is consumed by the first try), after a refused connection (linear backoff) or a
// kept-alive socket the sandbox had already closed (at once).
import type http from 'node:http'

// Failures of the sandbox side that are routine (service not up yet, sandbox going away): logged at debug.
const ROUTINE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT'])

export const isRoutineFailure = (code: string) => ROUTINE.has(code)

export function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? code : ''
}

/** Only a body-less request can be sent again after a failed dial. */
export function isReplayable(headers: http.IncomingHttpHeaders): boolean {
  return headers['transfer-encoding'] === undefined && (headers['content-length'] ?? '0') === '0'
}

/**
 * The wait before the next try of a failed dial (`attempt` counts from 0), or undefined when
 * the request is answered now (502 port not open).
 */
export function retryDelayMs(failure: {
  code: string
  /** The failed request went out on a kept-alive socket. */
  reusedSocket: boolean
  replayable: boolean
  attempt: number
  dialRetries: number
}): number | undefined {
  const staleSocket = failure.code === 'ECONNRESET' && failure.reusedSocket
  if (!failure.replayable || failure.attempt >= failure.dialRetries) return undefined
  if (failure.code !== 'ECONNREFUSED' && !staleSocket) return undefined
  // compat: linear backoff before declaring the port closed (covers services still starting).
  return staleSocket ? 0 : 100 * (failure.attempt + 1)
}
