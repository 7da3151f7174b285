// createLogger(): the one pino root per program, with secrets redacted wherever they might appear.
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

const SECRET_HEADERS = [
  '["x-api-key"]',
  '["x-access-token"]',
  '.authorization',
  '["e2b-traffic-access-token"]',
  '.cookie',
]

const REDACT = [
  ...SECRET_HEADERS.flatMap((h) => [`req.headers${h}`, `headers${h}`, `*.headers${h}`]),
  'accessToken',
  'envdAccessToken',
  'trafficAccessToken',
  'apiKey',
  'envVars',
  'envs',
  'password',
  'registry',
  '*.accessToken',
  '*.envdAccessToken',
  '*.trafficAccessToken',
  '*.apiKey',
  '*.envVars',
  '*.password',
  // Secret values (POST /secrets bodies, resolved placeholders) and volume tokens.
  'value',
  '*.value',
  'secretValue',
  '*.secretValue',
  'body.value',
  '*.body.value',
  'token',
  '*.token',
]

/** `destination`: where lines go (stdout by default; tests read them). */
export function createLogger(opts: {
  level: LogLevel
  name: string
  base?: Record<string, unknown>
  destination?: DestinationStream
}): Logger {
  const options = {
    name: opts.name,
    level: opts.level as LevelWithSilent,
    base: { ...opts.base },
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      err: pino.stdSerializers.err,
      // Only the parts of a request that are safe to log: never headers or the query string.
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: req.url?.split('?')[0] }),
    },
  }
  return opts.destination ? pino(options, opts.destination) : pino(options)
}
