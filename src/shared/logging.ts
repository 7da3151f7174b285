// createLogger(): the one pino root per program, with secrets redacted wherever they might appear.
import { pino, type Logger, type LevelWithSilent } from 'pino'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

const REDACT = [
  'req.headers["x-api-key"]',
  'req.headers["x-access-token"]',
  'req.headers.authorization',
  'headers["x-api-key"]',
  'headers["x-access-token"]',
  'headers.authorization',
  'accessToken',
  'envVars',
]

export function createLogger(opts: { level: LogLevel; name: string; base?: Record<string, unknown> }): Logger {
  return pino({
    name: opts.name,
    level: opts.level as LevelWithSilent,
    base: { ...opts.base },
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      err: pino.stdSerializers.err,
      // Only the parts of a request that are safe to log: never headers or the query string.
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: req.url?.split('?')[0] }),
    },
  })
}
