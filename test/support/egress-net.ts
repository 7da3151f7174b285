// Typed access to the egress tests' hosts (egress-hosts.mjs, shared with bench/egress.mjs):
// network namespaces that belong to a process and stop by themselves.
import type { ChildProcess } from 'node:child_process'
// @ts-expect-error: a plain ESM test helper without types
import * as hosts from './egress-hosts.mjs'

export type TestHost = Readonly<{
  name: string
  /** The address of the host inside its namespace. */
  ip: string
  /** Starts egress-targets.mjs in the namespace with `config`; resolves with its ready line. */
  start(
    config: Record<string, unknown>,
  ): Promise<{ ready: Record<string, number>; child: ChildProcess; events: Record<string, unknown>[] }>
  /** Stops its processes at once (the namespace and its veth pair go with the last one). */
  remove(): Promise<void>
}>

/** A test host `name` at `base`+2 on the /29 `base` (the host's end at `base`+1). */
export const createTestHost: (name: string, base: string) => Promise<TestHost> = hosts.createTestHost
/** Removes what an earlier run may have left under `name`; no error when there is nothing. */
export const removeTestHost: (name: string) => Promise<void> = hosts.removeTestHost
