// A build's last step: its final image boots once as a sandbox would (the same bringUp() as a
// create): envd answers, the start command starts and the ready command passes; else the build
// fails at step `finalize` with the container's last output. Its first metrics give the
// template's disk as a sandbox of it sees it, and the free space the request asked for is checked
// there: a sandbox's root filesystem is the node's Docker disk (or its StorageOpt size), which a
// build cannot grow as upstream grows a template's ext4 image, so too little is a failed build
// rather than a sandbox that meets ENOSPC later.
import { bringUp } from '../envd-client/bring-up.js'
import { diskSizeMB, type EnvdClient, type EnvdMetrics } from '../envd-client/client.js'
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
): Promise<{ diskSizeMB: number }> {
  emit('info', 'finalize', 'Checking the template boots: envd, start command, ready command')
  const check = await deps.runtime.startContainer({
    image,
    buildId: job.buildId,
    network: deps.network,
    pidsLimit: deps.pidsLimit,
    cpuCount: job.cpuCount,
    memoryMB: job.memoryMB,
  })
  let first: EnvdMetrics | undefined
  try {
    ;({ first } = await bringUp(deps.envd, {
      start: async () => {
        const ip = await check.ip()
        if (!ip) throw new Error(`the check container has no address on network ${deps.network}`)
        return { containerId: check.id, ip }
      },
      init: { envVars: config.envs },
      firstMetrics: true,
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
    }))
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
  return checkFreeDisk(first, job.minFreeDiskMb, emit)
}

/** The template's disk from envd's first metrics, and the free space asked for (a StepError when short). */
export function checkFreeDisk(
  first: EnvdMetrics | undefined,
  minFreeDiskMb: number | undefined,
  emit: BuildLog,
): { diskSizeMB: number } {
  if (!first) {
    if (minFreeDiskMb) throw new StepError('finalize', 'cannot check minFreeDiskMb: envd answered no disk figures')
    return { diskSizeMB: 0 }
  }
  const size = diskSizeMB(first)
  const freeMB = Math.floor((first.disk_total - first.disk_used) / 1048576)
  emit('info', 'finalize', `Disk: ${size} MiB, ${freeMB} MiB free after the steps`)
  if (minFreeDiskMb && freeMB < minFreeDiskMb)
    throw new StepError(
      'finalize',
      `the template's filesystem has ${freeMB} MiB free after its steps, less than the ${minFreeDiskMb} MiB asked ` +
        "(minFreeDiskMb): sandboxes use this node's Docker disk, which a build cannot grow",
    )
  return { diskSizeMB: size }
}
