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
  const { startInterpreter } = await import('../interpreter/main.js')
  await startInterpreter(loadInterpreterConfig(args), cliFile)
  return -1
}
