// What every process RPC needs: settings, the process table and how to switch users.
import type { Logger } from 'pino'
import type { EnvdState } from '../state.js'
import type { ProcessTable } from './process-table.js'
import type { Spawner } from './spawner.js'

export type ProcDeps = Readonly<{
  state: EnvdState
  table: ProcessTable
  setprivPath: string | undefined
  /** Starts commands without a PTY; undefined: Node's child_process does. */
  spawner: Spawner | undefined
  log: Logger
}>
