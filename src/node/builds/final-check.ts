// A build's last step: its final image boots once as a sandbox would (the same bringUp() as a
// create): envd answers, the start command starts and the ready command passes; else the build
// fails at step `finalize` with the container's last output.
import { bringUp } from '../envd-client/bring-up.js'
import type { EnvdClient } from '../envd-client/client.js'
import type { BuildRuntime } from '../runtime/types.js'
import { StepError, type BuildJob, type BuildLog } from './build-types.js'
import type { TemplateRuntimeConfig } from './template-model.js'

/** Upstream's ready check for a build whose start command names none (a create then waits for nothing). */
const DEFAULT_READY_CHECK = 'sleep 20'

export async function checkTemplateBoots(
  deps: { runtime: BuildRuntime; envd: EnvdClient; network: string; pidsLimit?: number; readyTimeoutMs: number },
  job: BuildJob,
  image: string,
  config: TemplateRuntimeConfig,
  emit: BuildLog,
): Promise<void> {
  emit('info', 'finalize', 'Checking the template boots: envd, start command, ready command')
  const check = await deps.runtime.startContainer({
    image,
    buildId: job.buildId,
    network: deps.network,
    pidsLimit: deps.pidsLimit,
    cpuCount: job.cpuCount,
    memoryMB: job.memoryMB,
  })
  try {
    await bringUp(deps.envd, {
      start: async () => {
        const ip = await check.ip()
        if (!ip) throw new Error(`the check container has no address on network ${deps.network}`)
        return { containerId: check.id, ip }
      },
      init: { envVars: config.envs },
      commands: {
        user: config.user,
        workdir: config.workdir,
        shell: config.shell,
        startCmd: config.startCmd,
        readyCmd: config.readyCmd ?? (config.startCmd ? DEFAULT_READY_CHECK : undefined),
        readyTimeoutMs: deps.readyTimeoutMs,
        maxIntervalMs: 2000,
        onStep: (step, cmd) => emit('info', 'finalize', step === 'start' ? `Starting: ${cmd}` : `Waiting for: ${cmd}`),
      },
    })
  } catch (e) {
    const logs = await check.logs()
    throw new StepError(
      'finalize',
      `the template does not start: ${(e as Error).message}${logs ? `\n${logs.slice(-1000)}` : ''}`,
      { cause: e },
    )
  } finally {
    await check.remove()
  }
}
