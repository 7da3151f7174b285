// The Node kernel process (`sandock interpreter-kernel js|ts`): runs cells in its own global scope
// with vm, TypeScript types stripped by Node itself, and reports output over the IPC channel.
import { createRequire, stripTypeScriptTypes } from 'node:module'
import { join } from 'node:path'
import { inspect } from 'node:util'
import vm from 'node:vm'
import type { FromKernel, ToKernel } from './protocol.js'
import { transformCell } from './transform.js'

type Running = { id: number; interrupt: (reason: Error) => void }

export function runNodeKernel(typescript: boolean): void {
  const send = (m: FromKernel) => process.send?.(m)
  let current: Running | undefined
  let executionCount = 0
  let queue = Promise.resolve()

  // Output of the cell in flight goes over IPC, ordered with its `done`; stray output (timers
  // after a cell) is attributed to no cell and dropped by the parent.
  const capture = (name: 'stdout' | 'stderr') => {
    const stream = process[name]
    stream.write = ((chunk: string | Uint8Array, enc?: unknown, cb?: unknown) => {
      const text =
        typeof chunk === 'string'
          ? chunk
          : Buffer.from(chunk).toString(typeof enc === 'string' ? (enc as BufferEncoding) : 'utf8')
      send({ type: 'stream', id: current?.id ?? -1, name, text, timestamp: new Date().toISOString() })
      const done = typeof enc === 'function' ? enc : cb
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)())
      return true
    }) as typeof stream.write
  }
  capture('stdout')
  capture('stderr')

  // compat: SIGINT interrupts the cell (synchronous code through vm's breakOnSigint, a pending
  // await here), never the kernel.
  process.on('SIGINT', () =>
    current?.interrupt(Object.assign(new Error('Execution interrupted'), { name: 'KeyboardInterrupt' })),
  )
  process.on('unhandledRejection', (err) => {
    send({
      type: 'stream',
      id: current?.id ?? -1,
      name: 'stderr',
      text: `Unhandled rejection: ${inspect(err)}\n`,
      timestamp: new Date().toISOString(),
    })
  })
  process.on('uncaughtException', (err) => {
    send({
      type: 'stream',
      id: current?.id ?? -1,
      name: 'stderr',
      text: `Uncaught exception: ${inspect(err)}\n`,
      timestamp: new Date().toISOString(),
    })
  })

  async function run(msg: ToKernel): Promise<void> {
    const { id, silent } = msg
    if (!silent) send({ type: 'execute_input', id, executionCount: ++executionCount })
    let interrupted: ((e: Error) => void) | undefined
    const interruption = new Promise<never>((_, reject) => {
      interrupted = reject
    })
    interruption.catch(() => undefined)
    current = { id, interrupt: (e) => interrupted?.(e) }
    try {
      const source = typescript ? stripTypeScriptTypes(msg.code, { mode: 'transform' }) : msg.code
      const cell = transformCell(source)
      const filename = join(process.cwd(), `[cell ${id}].js`)
      ;(globalThis as Record<string, unknown>).require = createRequire(filename)
      const script = new vm.Script(cell.code, {
        filename,
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      })
      const value: unknown = await Promise.race([script.runInThisContext({ breakOnSigint: true }), interruption])
      if (!silent && value !== undefined) {
        send({ type: 'result', id, bundle: { 'text/plain': inspect(value, { colors: false, depth: 4 }) } })
      }
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e))
      const name = /interrupted by `SIGINT`/.test(err.message) ? 'KeyboardInterrupt' : err.name
      send({ type: 'error', id, name, value: err.message, traceback: cellStack(err, name) })
    } finally {
      current = undefined
      send({ type: 'done', id })
    }
  }

  process.on('message', (msg: ToKernel) => {
    if (msg?.type !== 'execute') return
    queue = queue.then(() => run(msg))
  })
  // A parent that goes away takes the kernel with it.
  process.on('disconnect', () => process.exit(0))
  send({ type: 'ready' })
}

/** The stack down to the cell's own frames: the kernel's machinery (vm, this runner) is noise to the user. */
function cellStack(err: Error, name: string): string {
  const lines = (err.stack ?? `${name}: ${err.message}`).split('\n')
  const internal = lines.findIndex(
    (l, i) => i > 0 && /sigintHandlersWrap|node:vm|runner-|processTicksAndRejections/.test(l),
  )
  return (internal > 0 ? lines.slice(0, internal) : lines).join('\n')
}
