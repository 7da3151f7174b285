// The daemon's mutable settings: defaults from the command line, then whatever /init applies.
export type EnvdState = {
  defaultUser: string
  defaultWorkdir: string | undefined
  /** User-set env vars from /init; replaced as a whole on each /init. */
  envVars: Record<string, string>
  /** Internal E2B_* vars that /init never removes. */
  readonly internalEnv: Record<string, string>
  accessToken: string | undefined
  lastInitAt: Date | undefined
}

/** Daemon-wide env for processes: internal E2B_* vars, then the sandbox's envVars from /init. */
export function processGlobals(state: EnvdState): Record<string, string> {
  return { ...state.internalEnv, ...state.envVars }
}
