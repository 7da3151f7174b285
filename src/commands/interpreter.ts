// `sandock interpreter`: the code-interpreter server (@e2b/code-interpreter, port 49999) in a
// code-interpreter-v1 sandbox. `interpreter-kernel` is internal: one Node kernel process of it
// (JavaScript, or TypeScript with `ts`).
export async function interpreterCommand(
  command: 'interpreter' | 'interpreter-kernel',
  args: string[],
  cliFile: string,
): Promise<number> {
  if (command === 'interpreter-kernel') {
    const { runNodeKernel } = await import('../interpreter/node-kernel/runner.js')
    runNodeKernel(args[0] === 'ts')
    return -1
  }
  const { INTERPRETER_USAGE, loadInterpreterConfig } = await import('../interpreter/config.js')
  if (args.includes('--help')) {
    process.stdout.write(INTERPRETER_USAGE)
    return 0
  }
  const config = loadInterpreterConfig(args)
  const { RUN_MARK_ENV, superviseInterpreter } = await import('../interpreter/supervisor.js')
  if (!process.env[RUN_MARK_ENV]) {
    // The supervisor: the server below runs as its child, restarted whenever it exits.
    const { createLogger } = await import('../shared/logging.js')
    const log = createLogger({ level: config.logLevel, name: 'interpreter' })
    return superviseInterpreter({ args: [...process.execArgv, cliFile, 'interpreter', ...args], log })
  }
  const { startInterpreter } = await import('../interpreter/main.js')
  await startInterpreter(config, cliFile)
  return -1
}
