// loadInterpreterConfig(): flags of `sandock interpreter` over SANDOCK_INTERPRETER_* variables, validated once.
import { homedir } from 'node:os'
import { parseArgs } from 'node:util'
import { envReader } from '../shared/config.js'
import type { LogLevel } from '../shared/logging.js'

export type InterpreterConfig = Readonly<{
  port: number
  host: string
  /** Jupyter Server's loopback port (upstream: 8888). */
  jupyterPort: number
  /** Default cwd of contexts and Jupyter's root_dir. */
  workdir: string
  /** envd inside the same sandbox, for GET /envs (the sandbox's env vars set at create). */
  envdUrl: string
  python: string
  /** The Java kernel's folder (sandock-jshell.jar and its class-data archive). */
  javaKernelDir: string
  logLevel: LogLevel
}>

export const INTERPRETER_USAGE = `Usage: sandock interpreter [options]

The code-interpreter server (@e2b/code-interpreter's port 49999): /execute, /contexts, /health.

  --port <n>        port to listen on (SANDOCK_INTERPRETER_PORT, default 49999)
  --host <addr>     address to bind (SANDOCK_INTERPRETER_HOST, default 0.0.0.0)
  --workdir <dir>   default cwd of contexts (SANDOCK_INTERPRETER_WORKDIR, default: $HOME)
  --log-level <l>   debug|info|warn|error|silent (SANDOCK_LOG_LEVEL, default info)

  SANDOCK_INTERPRETER_JUPYTER_PORT (8888), SANDOCK_INTERPRETER_ENVD_URL (http://127.0.0.1:49983),
  SANDOCK_INTERPRETER_PYTHON (/usr/bin/python3), SANDOCK_INTERPRETER_JAVA_KERNEL_DIR (/opt/sandock-java)
`

export function loadInterpreterConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): InterpreterConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      workdir: { type: 'string' },
      'log-level': { type: 'string' },
    },
    strict: true,
  })
  const r = envReader({
    ...env,
    SANDOCK_INTERPRETER_PORT: values.port ?? env.SANDOCK_INTERPRETER_PORT,
    SANDOCK_LOG_LEVEL: values['log-level'] ?? env.SANDOCK_LOG_LEVEL,
  })
  const config = {
    port: r.int('SANDOCK_INTERPRETER_PORT', 49999, { min: 0, max: 65535 }),
    host: values.host ?? r.str('SANDOCK_INTERPRETER_HOST', '0.0.0.0'),
    jupyterPort: r.int('SANDOCK_INTERPRETER_JUPYTER_PORT', 8888, { min: 1, max: 65535 }),
    workdir: values.workdir ?? r.str('SANDOCK_INTERPRETER_WORKDIR', env.HOME || homedir()),
    envdUrl: r.str('SANDOCK_INTERPRETER_ENVD_URL', 'http://127.0.0.1:49983'),
    python: r.str('SANDOCK_INTERPRETER_PYTHON', '/usr/bin/python3'),
    javaKernelDir: r.str('SANDOCK_INTERPRETER_JAVA_KERNEL_DIR', '/opt/sandock-java'),
    logLevel: r.oneOf<LogLevel>('SANDOCK_LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'], 'info'),
  }
  r.assertValid()
  return Object.freeze(config)
}
