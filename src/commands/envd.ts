// `sandock envd`: the in-sandbox daemon, run from its own bundle with V8's code cache
// (envd-loader.ts). `envd-cache-check` and `warm-envd` are internal: the base image's build fills
// the cache with `warm-envd`, and the build and the tests ask whether a fresh process takes it.
import { dirname } from 'node:path'
import { loadEnvd } from './envd-loader.js'

export async function envdCommand(
  command: 'envd' | 'envd-cache-check' | 'warm-envd',
  args: string[],
  cliFile: string | undefined,
): Promise<number> {
  const envd = await loadEnvd(cliFile ? dirname(cliFile) : undefined)
  switch (command) {
    case 'envd':
      return envd.runEnvd(args)
    case 'envd-cache-check':
      // A rejected cache makes every sandbox's start compile envd again.
      process.stdout.write(envd.cacheAccepted ? 'accepted\n' : 'rejected\n')
      return envd.cacheAccepted ? 0 : 1
    case 'warm-envd': {
      const { warmEnvd } = await import('./warm-envd.js')
      await warmEnvd(envd)
      process.exit(0)
    }
  }
}
