// `sandock interpreter`: Jupyter Server and the default python + javascript contexts started
// together, then the HTTP server on :49999 (so /health answers only when both contexts are up).
import type { FastifyInstance } from 'fastify'
import { createLogger } from '../shared/logging.js'
import { buildInterpreterApp } from './app.js'
import type { InterpreterConfig } from './config.js'
import { createContextRegistry } from './contexts.js'
import { startJupyterServer } from './kernels/jupyter-server.js'

export async function startInterpreter(config: InterpreterConfig, entry: string): Promise<FastifyInstance> {
  const log = createLogger({ level: config.logLevel, name: 'interpreter' })
  const t0 = performance.now()
  const baseEnv = { ...process.env }
  // Kernels find the server's workdir as HOME-relative defaults; PYDEVD_* silences ipykernel's debugger warning at every start.
  const kernelEnv: NodeJS.ProcessEnv = { PYDEVD_DISABLE_FILE_VALIDATION: '1', ...baseEnv }
  const jupyter = startJupyterServer({
    port: config.jupyterPort,
    rootDir: config.workdir,
    python: config.python,
    log,
    env: kernelEnv,
  })
  const registry = createContextRegistry({
    jupyter,
    entry,
    workdir: config.workdir,
    env: kernelEnv,
    javaHome: config.javaKernelDir,
    log,
  })
  try {
    await registry.startDefaults(['python', 'javascript'])
  } catch (e) {
    await jupyter.close()
    throw e
  }
  const app = await buildInterpreterApp({ registry, log, envdUrl: config.envdUrl, baseEnv: kernelEnv })
  app.addHook('onClose', async () => {
    await registry.close()
    await jupyter.close()
  })
  await app.listen({ port: config.port, host: config.host })
  log.info({ port: config.port, ms: Math.round(performance.now() - t0) }, 'interpreter listening')
  let closing = false
  // Jupyter Server gone (killed, crashed) leaves every Python and R context dead: end this run, so
  // `sandock interpreter`'s supervisor starts a whole new one (upstream's process manager does the same).
  void jupyter.exited.then(() => {
    if (closing) return
    closing = true
    log.error('jupyter server exited: ending this interpreter run so that it is restarted')
    const force = setTimeout(() => process.exit(1), 3000)
    force.unref()
    void app.close().finally(() => process.exit(1))
  })
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'interpreter shutting down')
    const force = setTimeout(() => process.exit(0), 5000)
    force.unref()
    void app.close().finally(() => process.exit(0))
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
  return app
}
