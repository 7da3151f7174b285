// loadEnvdConfig(): flags of `sandock envd` over SANDOCK_ENVD_* variables, validated once.
import { parseArgs } from 'node:util'
import { envReader, type EnvReader } from '../shared/config.js'
import { ENVD_PORT } from '../shared/envd.js'
import type { LogLevel } from '../shared/logging.js'

export type EnvdConfig = Readonly<{
  port: number
  host: string
  defaultUser: string
  defaultWorkdir: string | undefined
  logLevel: LogLevel
  sandboxId: string | undefined
  templateId: string | undefined
}>

export const ENVD_USAGE = `Usage: sandock envd [options]

  --port <n>        port to listen on (SANDOCK_ENVD_PORT, default ${ENVD_PORT})
  --host <addr>     address to bind (SANDOCK_ENVD_HOST, default 0.0.0.0)
  --user <name>     default user for requests without one (SANDOCK_ENVD_USER, default root)
  --workdir <dir>   default working directory (SANDOCK_ENVD_WORKDIR, default: the user's home)
  --log-level <l>   debug|info|warn|error|silent (SANDOCK_LOG_LEVEL, default info)
`

function flagInt(r: EnvReader, name: string, flag: string | undefined, envName: string, fallback: number) {
  if (flag === undefined) return r.int(envName, fallback, { min: 0, max: 65535 })
  if (!/^\d+$/.test(flag) || Number(flag) > 65535) {
    r.problem(`--${name} must be a port number, got "${flag}"`)
    return fallback
  }
  return Number(flag)
}

export function loadEnvdConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): EnvdConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      user: { type: 'string' },
      workdir: { type: 'string' },
      'log-level': { type: 'string' },
    },
    strict: true,
  })
  const r = envReader({ ...env, SANDOCK_LOG_LEVEL: values['log-level'] ?? env.SANDOCK_LOG_LEVEL })
  const config = {
    port: flagInt(r, 'port', values.port, 'SANDOCK_ENVD_PORT', ENVD_PORT),
    host: values.host ?? r.str('SANDOCK_ENVD_HOST', '0.0.0.0'),
    defaultUser: values.user ?? r.str('SANDOCK_ENVD_USER', 'root'),
    defaultWorkdir: values.workdir ?? r.optStr('SANDOCK_ENVD_WORKDIR'),
    logLevel: r.oneOf<LogLevel>('SANDOCK_LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'], 'info'),
    sandboxId: r.optStr('E2B_SANDBOX_ID'),
    templateId: r.optStr('E2B_TEMPLATE_ID'),
  }
  r.assertValid()
  return Object.freeze(config)
}
