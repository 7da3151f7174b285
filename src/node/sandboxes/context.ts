// What every per-verb module of the sandbox service works on: the node's settings and ports
// (runtime, envd, templates, tokens) and the shared parts built once (registry, state file,
// firewall, timers, the state owner, boot). service.ts builds it and hands it to each module.
// Types only.
import type { EgressPort } from '../egress/port.js'
import type { Boot } from './boot.js'
import type { Firewall } from './firewall.js'
import type { KeptLogs } from './kept-logs.js'
import type { Registry } from './registry.js'
import type { SandboxStates } from './sandbox-state.js'
import type { StateFile } from './state-file.js'
import type { SandboxServiceDeps } from './settings.js'
import type { Timers } from './deadlines.js'
import type { MoveHolds } from './move-holds.js'

export type SandboxContext = Omit<SandboxServiceDeps, 'egress'> &
  Readonly<{
    egress: EgressPort
    registry: Registry
    stateFile: StateFile
    firewall: Firewall
    timers: Timers
    /** The one place a record changes (and is persisted and re-armed). */
    state: SandboxStates
    boot: Boot
    /** Killed sandboxes' last log lines, kept for the retention. */
    keptLogs: KeptLogs
    /** Sandboxes a move to another node holds: not resumed here meanwhile (move-holds.ts). */
    moving: MoveHolds
  }>
