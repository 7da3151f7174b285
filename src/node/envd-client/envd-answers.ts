// What the control plane accepts from envd: a sandbox's root owns envd's port, so every answer is
// read with a size cap and checked for shape before it is used. A bad answer is an error (the
// caller logs it and leaves a gap), never unbounded memory, never a value that breaks a response.
import { AppError } from '../../shared/errors.js'

/** envd's GET /metrics answer (every field checked by parseEnvdMetrics). */
export type EnvdMetrics = {
  ts: number
  cpu_count: number
  cpu_used_pct: number
  mem_total: number
  mem_used: number
  mem_cache: number
  disk_used: number
  disk_total: number
}

/** envd's /metrics is ~200 bytes of JSON: 64 KiB leaves room and bounds the read. */
export const METRICS_MAX_BYTES = 64 * 1024
/** Error bodies are read for a message only. */
export const ERROR_BODY_MAX_BYTES = 4096
/** One Connect message from envd's Process service (a chunk of output is at most a few 10s of KiB). */
export const CONNECT_READ_MAX_BYTES = 4 * 1024 * 1024

/**
 * The body of `res`, at most `maxBytes` of it: past that the body is cancelled and, with
 * `truncate`, what was read is returned; otherwise an error is thrown.
 */
export async function readBounded(res: Response, maxBytes: number, opts: { truncate?: boolean } = {}): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? NaN)
  if (!opts.truncate && Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined)
    throw new AppError('unavailable', `envd answered ${declared} bytes (at most ${maxBytes} are read)`)
  }
  if (!res.body) return Buffer.alloc(0)
  const reader = res.body.getReader()
  const chunks: Buffer[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      const room = maxBytes - size
      if (value.byteLength > room) {
        if (room > 0) chunks.push(Buffer.from(value.buffer, value.byteOffset, room))
        await reader.cancel().catch(() => undefined)
        if (opts.truncate) return Buffer.concat(chunks)
        throw new AppError('unavailable', `envd's answer exceeds ${maxBytes} bytes`)
      }
      chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength))
      size += value.byteLength
    }
  } finally {
    reader.releaseLock()
  }
  return Buffer.concat(chunks)
}

const METRIC_FIELDS = [
  'ts',
  'cpu_count',
  'cpu_used_pct',
  'mem_total',
  'mem_used',
  'mem_cache',
  'disk_used',
  'disk_total',
] as const
/** 2^53: larger integers lose precision in JSON numbers anyway. */
const MAX_VALUE = Number.MAX_SAFE_INTEGER
/** Unix seconds between 2000 and 2200: anything else is no timestamp of now. */
const TS_MIN = 946_684_800
const TS_MAX = 7_258_118_400

/** envd's /metrics body checked field by field; throws on anything but finite, non-negative numbers in range. */
export function parseEnvdMetrics(body: Buffer): EnvdMetrics {
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch {
    throw new AppError('unavailable', 'envd /metrics answered invalid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new AppError('unavailable', 'envd /metrics answered no JSON object')
  const o = value as Record<string, unknown>
  const out = {} as Record<(typeof METRIC_FIELDS)[number], number>
  for (const k of METRIC_FIELDS) {
    const v = o[k]
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > MAX_VALUE)
      throw new AppError('unavailable', `envd /metrics: ${k} is not a number in range`)
    out[k] = v
  }
  if (out.ts < TS_MIN || out.ts > TS_MAX)
    throw new AppError('unavailable', 'envd /metrics: ts is not a plausible unix time')
  if (!Number.isInteger(out.cpu_count) || out.cpu_count > 4096)
    throw new AppError('unavailable', 'envd /metrics: cpu_count is not a CPU count')
  if (out.cpu_used_pct > 100 * Math.max(1, out.cpu_count))
    throw new AppError('unavailable', 'envd /metrics: cpu_used_pct out of range')
  return out
}
