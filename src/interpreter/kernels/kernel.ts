// The one interface every kernel backend implements (Jupyter kernels, our Node and bash executors).
import type { MimeBundle } from '../mime.js'

export type KernelEvent =
  | { type: 'stream'; name: 'stdout' | 'stderr'; text: string; timestamp: string }
  | { type: 'execute_input'; executionCount: number }
  | { type: 'result'; bundle: MimeBundle; isMain: boolean }
  | { type: 'error'; name: string; value: string; traceback: string }

export type ExecuteOpts = Readonly<{
  /** compat: silent cells (cwd, env) never count as executions and publish nothing. */
  silent: boolean
  onEvent: (event: KernelEvent) => void
}>

export interface Kernel {
  /** Counts the processes behind this kernel: it changes when one dies and another takes over (state, cwd and env gone). */
  readonly generation: number
  /**
   * Runs one cell and resolves once the kernel is idle again. A kernel that dies or restarts
   * mid-cell reports it as an `error` event (ContextRestarting) and resolves; it never hangs.
   * Callers serialise executions per kernel.
   */
  execute(code: string, opts: ExecuteOpts): Promise<void>
  /** Interrupts the running cell (SIGINT); the cell then ends with an error. */
  interrupt(): Promise<void>
  /** A fresh process, state gone; the kernel object (and the context id) stays. */
  restart(): Promise<void>
  shutdown(): Promise<void>
}

/** The error a cell ends with when its kernel went away under it (upstream's ContextRestarting). */
export function restartingError(detail: string): KernelEvent {
  return { type: 'error', name: 'ContextRestarting', value: `Context was restarted: ${detail}`, traceback: '' }
}

export const nowIso = () => new Date().toISOString()
