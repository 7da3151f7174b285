// useStreamingGc(): the V8 heuristic both programs run with, because both move file bodies.
import { setFlagsFromString } from 'node:v8'

/**
 * Counts Buffer memory (socket reads, file chunks) toward V8's global heap limit instead of a
 * fixed 64 MiB "external memory" trigger. Without it every ~30 MiB a proxied or uploaded body
 * passes through starts a full mark-compact of the whole heap, although those buffers die young:
 * profiles of 100 MiB `/files` transfers spent ~60 ms per transfer in the proxy's GC and ~50 ms in
 * envd's. With it, half the full collections and a quarter less CPU per transfer; the price is
 * ~40 MiB more peak memory while a large body streams (freed by the next collection; envd's idle
 * reducer runs one 2 s after the last request). Idempotent; call it before serving.
 */
export function useStreamingGc(): void {
  setFlagsFromString('--external-memory-accounted-in-global-limit')
}
