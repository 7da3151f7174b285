// `sandock envd [options]`: usage, config, start. Shared by the CLI (src/cli.ts) and envd's
// startup snapshot (src/envd/snapshot.ts), which run the same daemon from different entries.
import { ENVD_USAGE, loadEnvdConfig } from './config.js'
import { startEnvd } from './main.js'

/** Returns the process exit code, or -1 while the daemon keeps running. */
export async function runEnvd(args: string[]): Promise<number> {
  if (args.includes('--help')) {
    process.stdout.write(ENVD_USAGE)
    return 0
  }
  await startEnvd(loadEnvdConfig(args))
  return -1
}
