// Messages between the interpreter and a Node kernel process (over the child's IPC channel).
import type { MimeBundle } from '../mime.js'

export type ToKernel = { type: 'execute'; id: number; code: string; silent: boolean }

export type FromKernel =
  | { type: 'ready' }
  | { type: 'stream'; id: number; name: 'stdout' | 'stderr'; text: string; timestamp: string }
  | { type: 'execute_input'; id: number; executionCount: number }
  | { type: 'result'; id: number; bundle: MimeBundle }
  | { type: 'error'; id: number; name: string; value: string; traceback: string }
  | { type: 'done'; id: number }
