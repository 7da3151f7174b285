// envd entry: config → logger → app → listen; closes cleanly on SIGTERM/SIGINT.
import { access, constants } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { createLogger } from '../shared/logging.js'
import { ENVD_VERSION } from '../shared/envd.js'
import { useStreamingGc } from '../shared/streaming-gc.js'
import { buildEnvdApp, type EnvdApp } from './app.js'
import type { EnvdConfig } from './config.js'
import { createIdleMemoryReducer } from './idle-memory.js'
import { createSpawner } from './process/spawner.js'
import { createUserLookup } from './identity/users.js'
import type { EnvdState } from './state.js'

/** setpriv(1) switches uid, gid and supplementary groups in one exec; without it we fall back to
 * Node's uid/gid spawn options, which drop supplementary groups. */
export async function findSetpriv(): Promise<string | undefined> {
  for (const p of ['/usr/bin/setpriv', '/bin/setpriv', '/usr/sbin/setpriv']) {
    if (
      await access(p, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return p
  }
  return undefined
}

/** sandock-spawner beside envd's own Node (/opt/sandock/bin in images); absent in a dev checkout. */
export async function findSpawner(): Promise<string | undefined> {
  const p = join(dirname(process.execPath), 'sandock-spawner')
  return (await access(p, constants.X_OK).then(
    () => true,
    () => false,
  ))
    ? p
    : undefined
}

/** Where upstream's envd leaves the sandbox's and template's ids for programs in the sandbox. */
export const E2B_RUN_DIR = '/run/e2b'

export function initialState(
  config: Pick<EnvdConfig, 'defaultUser' | 'defaultWorkdir' | 'sandboxId' | 'templateId'>,
): EnvdState {
  const internalEnv: Record<string, string> = { E2B_SANDBOX: 'true' }
  if (config.sandboxId) internalEnv.E2B_SANDBOX_ID = config.sandboxId
  if (config.templateId) internalEnv.E2B_TEMPLATE_ID = config.templateId
  return {
    defaultUser: config.defaultUser,
    defaultWorkdir: config.defaultWorkdir,
    envVars: {},
    internalEnv,
    accessToken: undefined,
    lastInitAt: undefined,
  }
}

export async function startEnvd(config: EnvdConfig): Promise<EnvdApp> {
  useStreamingGc()
  const log = createLogger({
    level: config.logLevel,
    name: 'envd',
    base: config.sandboxId ? { sandboxId: config.sandboxId } : {},
  })
  const users = createUserLookup()
  const idleMemory = createIdleMemoryReducer({
    quietMs: 2000,
    growthBytes: 1 << 20,
    onReduced: ({ ms, beforeBytes, afterBytes }) =>
      log.debug({ ms: Math.round(ms), beforeBytes, afterBytes }, 'memory reduced while idle'),
  })
  const spawnerPath = await findSpawner()
  const spawner = spawnerPath ? createSpawner(spawnerPath, log) : undefined
  const app = await buildEnvdApp({
    state: initialState(config),
    log,
    users,
    setprivPath: await findSetpriv(),
    idleMemory,
    spawner,
    runDir: E2B_RUN_DIR,
  })
  app.onClose(() => users.close())
  await app.listen({ port: config.port, host: config.host })
  log.info(
    {
      port: config.port,
      host: config.host,
      version: ENVD_VERSION,
      defaultUser: config.defaultUser,
      spawner: spawnerPath !== undefined,
    },
    'envd listening',
  )
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'envd shutting down')
    const force = setTimeout(() => process.exit(0), 3000)
    force.unref()
    void app.close().finally(() => process.exit(0))
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
  // Node opens its inspector on SIGUSR1 unless started with --disable-sigusr1 (the entrypoints
  // are); a listener of our own takes the signal over too, for images whose entrypoint lacks it.
  process.on('SIGUSR1', () => log.warn('SIGUSR1 ignored: envd opens no inspector'))
  return app
}
