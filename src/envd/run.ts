// `sandock envd [options]`: usage, config, start. The entry of envd's own bundle (envd.cjs, run
// by the CLI through src/commands/envd-loader.ts) and of the CLI in a development checkout.
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
