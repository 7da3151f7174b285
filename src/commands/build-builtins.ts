// `sandock templates build-builtin [name ...]`: builds the built-in template images ahead of time
// (base first, then the derived ones named, or all), exactly as `sandock serve` would at its start,
// with the same content-hash tags, so a server started later finds them ready. Progress goes to
// stderr as log lines; stdout gets `<name> <image>` per built-in. Exit 1 if one is not ready.
import { pino } from 'pino'
import { createLogger } from '../shared/logging.js'
import { loadControlConfig, type ControlConfig } from '../control/config.js'
import { createDockerRuntime } from '../node/runtime/docker-runtime.js'
import { createBuiltinImages } from '../node/builds/builtin-images.js'
import { builtinTemplates } from '../node/builds/builtins.js'

export const BUILD_BUILTIN_USAGE = `Usage: sandock templates build-builtin [name ...]

Builds the built-in template images that are missing (base, then the named ones, default all:
code-interpreter-v1, desktop, mcp-gateway), as 'sandock serve' does at its start. Configured by the same
SANDOCK_* variables (SANDOCK_DOCKER_SOCKET, SANDOCK_BASE_TEMPLATE_IMAGE, SANDOCK_LOG_LEVEL).
`

/** `sandock templates build-builtin [name ...]`. */
export async function templatesCommand(args: readonly string[]): Promise<number> {
  if (args[0] !== 'build-builtin' || args.includes('--help')) {
    process.stdout.write(BUILD_BUILTIN_USAGE)
    return args.includes('--help') ? 0 : 2
  }
  return buildBuiltins(loadControlConfig(), args.slice(1))
}

export async function buildBuiltins(
  config: ControlConfig,
  names: readonly string[],
  opts: { imageContext?: string } = {},
): Promise<number> {
  const builtins = builtinTemplates({ baseImage: config.baseImage })
  const unknown = names.filter((n) => !builtins.some((b) => b.name === n))
  if (unknown.length) {
    process.stderr.write(
      `sandock: no built-in template ${unknown.map((n) => `'${n}'`).join(', ')} (there are ${builtins.map((b) => b.name).join(', ')})\n`,
    )
    return 2
  }
  const log = createLogger({ level: config.logLevel, name: 'sandock', destination: pino.destination(2) })
  const runtime = createDockerRuntime({ socketPath: config.dockerSocket, instanceId: 'build-builtin', log })
  const images = createBuiltinImages({ runtime, builtins, log, imageContext: opts.imageContext })
  await images.ensureBase()
  await images.ensureDerived('auto', names.length ? names : undefined)
  let failed = false
  for (const b of builtins) {
    if (names.length && !names.includes(b.name) && b.derived) continue
    const s = images.state(b.name)
    if (s?.state === 'ready') process.stdout.write(`${b.name} ${s.image}\n`)
    else {
      failed = true
      process.stderr.write(`sandock: ${s && 'reason' in s ? s.reason : `${b.name} is not ready`}\n`)
    }
  }
  return failed ? 1 : 0
}
